import { and, asc, count, eq, gt, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members, memberTree } from '../../db/schema/index.ts';

/** The closure rows of everyone below the agent (depth ≥ 1): join `memberTree.descendantId` to a member id. */
export const below = (agentId: number) => and(eq(memberTree.ancestorId, agentId), gt(memberTree.depth, 0));

/**
 * The agent pages' account filter: accounts starting with what was typed (stored lower-case), so a full name finds
 * that account and a partial one its namesakes. Outside the subtree it finds nothing, like any other filter.
 */
export const accountStarts = (account: string | undefined) =>
  account ? [like(members.account, `${account.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`)] : [];

/**
 * An agent's downline at any depth, read from the closure table (spec §6: an agent sees only its own subtree).
 * Every agent read checks `inSubtree` first, so a foreign member id reads as not found.
 */
export function createAgentTree(db: Db) {
  return {
    /** Whether `memberId` is the agent itself or anywhere below it. */
    async inSubtree(agentId: number, memberId: number): Promise<boolean> {
      const [row] = await db
        .select({ depth: memberTree.depth })
        .from(memberTree)
        .where(and(eq(memberTree.ancestorId, agentId), eq(memberTree.descendantId, memberId)));
      return row !== undefined;
    },

    /** How many accounts are below the agent (all levels). */
    async size(agentId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(memberTree).where(below(agentId));
      return row?.n ?? 0;
    },

    /** The accounts below the agent, nearest levels first; `direct` keeps only its own registrations. */
    async downline(
      agentId: number,
      q: { direct?: boolean; account?: string; pageNo: number; pageSize: number },
    ) {
      const where = and(
        q.direct ? and(eq(memberTree.ancestorId, agentId), eq(memberTree.depth, 1)) : below(agentId),
        ...accountStarts(q.account),
      );
      const [total] = await db
        .select({ n: count() })
        .from(memberTree)
        .innerJoin(members, eq(members.id, memberTree.descendantId))
        .where(where);
      const list = await db
        .select({
          id: members.id,
          account: members.account,
          agentType: members.agentType,
          uplineId: members.uplineId,
          depth: memberTree.depth,
          createdAt: members.createdAt,
        })
        .from(memberTree)
        .innerJoin(members, eq(members.id, memberTree.descendantId))
        .where(where)
        .orderBy(asc(memberTree.depth), asc(members.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      return { list, totalPages: Math.ceil((total?.n ?? 0) / q.pageSize) };
    },
  };
}
export type AgentTree = ReturnType<typeof createAgentTree>;
