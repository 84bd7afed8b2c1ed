import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { type BonusKind, bonusKind } from '../../../contract/rewards.ts';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, wallets } from '../../db/schema/index.ts';
import type { Merchant } from '../../http/merchant.ts';
import { checkOrder, withinDays, zoneOf } from '../wallet/days.ts';
import { MAIN } from '../wallet/service.ts';

/**
 * Bonus Details: the credits of the member's main wallet whose ledger kind is a bonus (ticket prizes, mission
 * rewards, rebates, referral bonuses), over whole days of the merchant's zone, with their sum.
 */
export function createBonusService(db: Db) {
  return {
    async details(
      merchant: Merchant,
      memberId: number,
      q: { from: string; to: string; type?: BonusKind; pageNo: number; pageSize: number },
    ) {
      checkOrder(q);
      const where = and(
        eq(wallets.merchantCode, merchant.code),
        eq(wallets.memberId, memberId),
        eq(wallets.kind, MAIN),
        inArray(ledgerTransactions.kind, q.type ? [q.type] : bonusKind.options),
        gt(ledgerEntries.amount, 0n),
        ...withinDays(ledgerEntries.createdAt, zoneOf(merchant), q),
      );
      const [rows, [sum]] = await Promise.all([
        db
          .select({
            id: ledgerEntries.id,
            kind: ledgerTransactions.kind,
            amount: ledgerEntries.amount,
            createdAt: ledgerEntries.createdAt,
            remark: sql<string | null>`${ledgerTransactions.reply}->>'remark'`,
          })
          .from(ledgerEntries)
          .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(where)
          .orderBy(desc(ledgerEntries.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db
          .select({ n: count(), total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
          .from(ledgerEntries)
          .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(where),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind as BonusKind,
          amount: Number(r.amount),
          createdAt: r.createdAt.toISOString(),
          remark: r.remark,
        })),
        total: Number(sum?.total ?? 0),
        totalPages: Math.ceil((sum?.n ?? 0) / q.pageSize),
      };
    },
  };
}
export type BonusService = ReturnType<typeof createBonusService>;
