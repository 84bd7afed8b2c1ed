import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { RedemptionStatus } from '../../../contract/points.ts';
import type { Db, Tx } from '../../db/client.ts';
import { members, pointRedemptions, pointRewards } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { change, conflict, lockAccount, redemptionWithReward, view } from './account.ts';

/** The operator's side of the points mall: the redemptions waiting for a decision, approving and rejecting them. */
export function createRedemptionDecisions(
  db: Db,
  deps: { ledger: Ledger; audit: AuditLog; now?: () => Date },
) {
  const { ledger, audit } = deps;
  const now = deps.now ?? (() => new Date());

  /** Redemptions as the operator sees them (with the member's account), oldest first. */
  async function opsRows(where: SQL | undefined, limit: number) {
    const rows = await db
      .select({ r: pointRedemptions, reward: pointRewards, account: members.account })
      .from(pointRedemptions)
      .innerJoin(pointRewards, eq(pointRedemptions.rewardId, pointRewards.id))
      .innerJoin(members, eq(pointRedemptions.memberId, members.id))
      .where(where)
      .orderBy(asc(pointRedemptions.id))
      .limit(limit);
    return rows.map((row) => ({
      ...view(row.r, row.reward, 'en'),
      merchantCode: row.r.merchantCode,
      memberId: row.r.memberId,
      account: row.account,
    }));
  }

  const opsView = async (id: number) => (await opsRows(eq(pointRedemptions.id, id), 1))[0]!;

  return {
    /** Operator: a merchant's redemptions of one status, oldest first. */
    async opsList(merchantCode: string, q: { status: RedemptionStatus; limit: number }) {
      const where = and(
        eq(pointRedemptions.merchantCode, merchantCode),
        eq(pointRedemptions.status, q.status),
      );
      return { list: await opsRows(where, q.limit) };
    },

    /** Operator: approve once; a CASH reward pays its amount into the main wallet in the same transaction. */
    async approve(id: number, remark?: string) {
      const row = await redemptionWithReward(db, id);
      if (!row) throw new DomainError(404, 'NOT_FOUND', `No redemption ${id}`);
      if (row.r.status === 'APPROVED') return opsView(id);
      if (row.r.status === 'REJECTED') throw conflict('This redemption was rejected');
      const { r, reward } = row;
      const decide = async (tx: Tx) => {
        const [done] = await tx
          .update(pointRedemptions)
          .set({ status: 'APPROVED', remark: remark ?? null, decidedAt: now() })
          .where(and(eq(pointRedemptions.id, id), eq(pointRedemptions.status, 'IN_PROCESS')))
          .returning();
        // Rejected a moment ago by another operator: nothing is paid.
        if (!done) throw conflict('This redemption has just been decided');
        await audit.append(tx, {
          merchantCode: r.merchantCode,
          actor: 'ops',
          action: 'POINTS_REDEMPTION_APPROVED',
          subject: {
            redemptionId: id,
            memberId: r.memberId,
            points: r.points,
            cashAmount: reward.cashAmount,
          },
        });
      };
      const cash = reward.kind === 'CASH' ? (reward.cashAmount ?? 0n) : 0n;
      if (cash > 0n) {
        const [promo, main] = await Promise.all([
          ledger.wallet(r.merchantCode, null, 'HOUSE_PROMO'),
          ledger.wallet(r.merchantCode, r.memberId, 'MAIN'),
        ]);
        await ledger.post(
          r.merchantCode,
          `points-redeem:${id}`,
          'POINTS_REDEEM',
          [
            { walletId: promo, amount: -cash },
            { walletId: main, amount: cash },
          ],
          { redemptionId: id, memberId: r.memberId, amount: Number(cash) },
          (tx) => decide(tx),
        );
      } else await db.transaction(decide);
      return opsView(id);
    },

    /** Operator: reject a redemption in process; its points (and its stock) go back, once. */
    async reject(id: number, remark?: string) {
      const row = await redemptionWithReward(db, id);
      if (!row) throw new DomainError(404, 'NOT_FOUND', `No redemption ${id}`);
      if (row.r.status === 'REJECTED') return opsView(id);
      if (row.r.status === 'APPROVED') throw conflict('This redemption was approved');
      const { r, reward } = row;
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(pointRedemptions)
          .set({ status: 'REJECTED', remark: remark ?? null, decidedAt: now() })
          .where(and(eq(pointRedemptions.id, id), eq(pointRedemptions.status, 'IN_PROCESS')))
          .returning();
        if (!done) throw conflict('This redemption has just been decided');
        const account = await lockAccount(tx, r.merchantCode, r.memberId);
        await change(tx, account, BigInt(r.points), 'REFUND', `refund:${id}`);
        if (reward.stock !== null)
          await tx
            .update(pointRewards)
            .set({ stock: sql`${pointRewards.stock} + 1` })
            .where(eq(pointRewards.id, reward.id));
        await audit.append(tx, {
          merchantCode: r.merchantCode,
          actor: 'ops',
          action: 'POINTS_REDEMPTION_REJECTED',
          subject: { redemptionId: id, memberId: r.memberId, points: r.points, remark: remark ?? null },
        });
      });
      return opsView(id);
    },
  };
}
export type RedemptionDecisions = ReturnType<typeof createRedemptionDecisions>;
