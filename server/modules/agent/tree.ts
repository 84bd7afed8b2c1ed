import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members, memberTree } from '../../db/schema/index.ts';

/**
 * An agent's downline at any depth, read from the closure table (spec §6: an agent sees only its own subtree).
 * Every agent read checks `inSubtree` first, so a foreign member id reads as not found.
 */
export function createAgentTree(db: Db) {
  const below = (agentId: number) => and(eq(memberTree.ancestorId, agentId), gt(memberTree.depth, 0));

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
    async downline(agentId: number, q: { direct?: boolean; pageNo: number; pageSize: number }) {
      const where = q.direct
        ? and(eq(memberTree.ancestorId, agentId), eq(memberTree.depth, 1))
        : below(agentId);
      const [total] = await db.select({ n: count() }).from(memberTree).where(where);
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
