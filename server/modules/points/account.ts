import { eq } from 'drizzle-orm';
import type { PointEntryKind, Redemption } from '../../../contract/points.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pointAccounts, pointEntries, pointRedemptions, pointRewards } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';

/** What the member's and the operator's sides of the points mall share: a member's account, and a redemption's view. */

export type Account = typeof pointAccounts.$inferSelect;
type RewardRow = typeof pointRewards.$inferSelect;
type RedemptionRow = typeof pointRedemptions.$inferSelect;

export const conflict = (message: string) => new DomainError(409, 'CONFLICT', message);

/** A reward's name in the language asked, else English, else any it has. */
export const nameIn = (names: Record<string, string>, locale: string) =>
  names[locale] ?? names.en ?? Object.values(names)[0] ?? '';

export const view = (r: RedemptionRow, reward: RewardRow, locale: string): Redemption => ({
  id: r.id,
  rewardId: r.rewardId,
  name: nameIn(reward.names, locale),
  kind: reward.kind,
  cashAmount: reward.cashAmount === null ? null : Number(reward.cashAmount),
  points: r.points,
  status: r.status,
  remark: r.remark,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/** The member's points account, created on first use, locked for the transaction. */
export async function lockAccount(tx: Tx, merchantCode: string, memberId: number): Promise<Account> {
  await tx.insert(pointAccounts).values({ memberId, merchantCode }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(pointAccounts)
    .where(eq(pointAccounts.memberId, memberId))
    .for('update');
  return row!;
}

/** Adds `amount` (signed) to a locked account with its entry; the new balance. */
export async function change(tx: Tx, account: Account, amount: bigint, kind: PointEntryKind, ref: string) {
  const balanceAfter = account.balance + amount;
  if (balanceAfter < 0n) throw conflict('Not enough points');
  await tx
    .update(pointAccounts)
    .set({ balance: balanceAfter })
    .where(eq(pointAccounts.memberId, account.memberId));
  await tx.insert(pointEntries).values({
    merchantCode: account.merchantCode,
    memberId: account.memberId,
    amount,
    kind,
    ref,
    balanceAfter,
  });
  account.balance = balanceAfter;
  return balanceAfter;
}

/** A redemption with its reward. */
export async function redemptionWithReward(exec: Db | Tx, id: number) {
  const [row] = await exec
    .select({ r: pointRedemptions, reward: pointRewards })
    .from(pointRedemptions)
    .innerJoin(pointRewards, eq(pointRedemptions.rewardId, pointRewards.id))
    .where(eq(pointRedemptions.id, id));
  return row;
}
