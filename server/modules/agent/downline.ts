import { and, count, eq, gt, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { registerDownline } from '../../../contract/agent.ts';
import type { Db } from '../../db/client.ts';
import { members, memberTree, sessions, wallets } from '../../db/schema/index.ts';
import type { Merchant } from '../../http/merchant.ts';
import { readableCode } from '../../lib/secrets.ts';
import type { AuditLog } from '../audit/log.ts';
import type { AuthService } from '../auth/service.ts';
import type { Member } from '../auth/sessions.ts';
import { MAIN } from '../wallet/service.ts';
import { createAgentTree } from './tree.ts';

type RegisterBody = z.output<typeof registerDownline.body>;

/** Spec §6 agent types of the accounts an agent opens: a plain member, or a (second-level) agent. */
export const DOWNLINE_AGENT_TYPE = { MEMBER: 0, AGENT: 2 } as const;

/**
 * Registering accounts below an agent and listing its downline (team management). An agent's new agent gets its
 * own invitation code at once, so it can start recruiting without another step.
 */
export function createDownlineService(db: Db, deps: { auth: AuthService; audit: AuditLog }) {
  const tree = createAgentTree(db);

  /** An invitation code no account of the merchant holds yet. */
  async function freeAffiliateCode(merchantCode: string): Promise<string> {
    for (;;) {
      const code = readableCode();
      const [taken] = await db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.merchantCode, merchantCode), eq(members.affiliateCode, code)));
      // A code drawn twice between this read and the insert (1 in 10¹²) would fail the insert, not corrupt it.
      if (!taken) return code;
    }
  }

  /** What the page shows beyond the tree: upline names, team sizes, main balances and last logins. */
  async function details(merchantCode: string, ids: number[], uplineIds: number[]) {
    const [uplines, teams, balances, logins] = await Promise.all([
      db
        .select({ id: members.id, account: members.account })
        .from(members)
        .where(inArray(members.id, uplineIds)),
      db
        .select({ id: memberTree.ancestorId, n: count() })
        .from(memberTree)
        .where(and(inArray(memberTree.ancestorId, ids), gt(memberTree.depth, 0)))
        .groupBy(memberTree.ancestorId),
      db
        .select({ id: wallets.memberId, balance: wallets.balance })
        .from(wallets)
        .where(
          and(eq(wallets.merchantCode, merchantCode), eq(wallets.kind, MAIN), inArray(wallets.memberId, ids)),
        ),
      db
        .select({ id: sessions.memberId, at: max(sessions.createdAt) })
        .from(sessions)
        .where(inArray(sessions.memberId, ids))
        .groupBy(sessions.memberId),
    ]);
    return {
      upline: new Map(uplines.map((r) => [r.id, r.account])),
      teamSize: new Map(teams.map((r) => [r.id, r.n])),
      balance: new Map(balances.map((r) => [r.id, Number(r.balance)])),
      lastLogin: new Map(logins.map((r) => [r.id, r.at])),
    };
  }

  return {
    /** Opens a member or agent account directly below the agent; the agent's audit record commits with it. */
    async register(merchant: Merchant, agent: Member, body: RegisterBody) {
      const agentType = DOWNLINE_AGENT_TYPE[body.accountType];
      const affiliateCode = body.accountType === 'AGENT' ? await freeAffiliateCode(merchant.code) : null;
      const created = await deps.auth.openBelow(
        merchant,
        agent,
        body,
        { agentType, affiliateCode },
        (tx, row) =>
          deps.audit.append(tx, {
            merchantCode: merchant.code,
            actor: `member:${agent.id}`,
            action: 'DOWNLINE_REGISTERED',
            subject: { memberId: row.id, account: row.account, agentType },
          }),
      );
      return { id: created.id, account: created.account, agentType, affiliateCode };
    },

    /**
     * Team management: direct downline or every level, nearest first; `account` keeps accounts starting with it
     * (an account outside the subtree finds nothing).
     */
    async list(
      merchant: Merchant,
      agent: Member,
      q: { scope: 'direct' | 'all'; account?: string; pageNo: number; pageSize: number },
    ) {
      const page = await tree.downline(agent.id, { ...q, direct: q.scope === 'direct' });
      if (page.list.length === 0) return { list: [], totalPages: page.totalPages };
      const d = await details(
        merchant.code,
        page.list.map((m) => m.id),
        page.list.flatMap((m) => (m.uplineId === null ? [] : [m.uplineId])),
      );
      return {
        list: page.list.map((m) => ({
          id: m.id,
          account: m.account,
          agentType: m.agentType,
          level: m.depth,
          uplineAccount: (m.uplineId !== null && d.upline.get(m.uplineId)) || null,
          teamSize: d.teamSize.get(m.id) ?? 0,
          balance: d.balance.get(m.id) ?? 0,
          createdAt: m.createdAt.toISOString(),
          lastLoginAt: d.lastLogin.get(m.id)?.toISOString() ?? null,
        })),
        totalPages: page.totalPages,
      };
    },
  };
}
export type DownlineService = ReturnType<typeof createDownlineService>;
