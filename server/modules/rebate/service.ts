import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type GameType, gameType } from '../../../contract/games.ts';
import type { RebateRow } from '../../../contract/rebate.ts';
import type { Db } from '../../db/client.ts';
import { gameRounds, ledgerTransactions, rebateClaims } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import type { RulesStore } from '../rules/store.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { REBATE_RULES } from './rules.ts';

/**
 * A claim counts rounds settled until this long before now. A round's settled_at is stamped before its
 * transaction commits (and a vendor may report a round late): one that commits after a claim but carries a time
 * inside that claim's window would fall before the next claim's start and never be rebated. Rounds younger than
 * the margin wait for the next claim instead.
 */
export const SETTLE_MARGIN_MS = 5 * 60_000;

const BP = 10_000n;

/** Basis points of turnover, rounded down: the house never pays a fraction of a minor unit. */
export const rebateOf = (turnover: bigint, rateBp: number): bigint => (turnover * BigInt(rateBp)) / BP;

const iso = (d: Date) => d.toISOString();

/**
 * Manual rebate: a share (per game type, in basis points) of the member's settled bets since its last claim.
 * Claims chain: each one starts where the previous one ended, so a turnover is rebated exactly once.
 */
export function createRebateService(
  db: Db,
  deps: { ledger: Ledger; audit: AuditLog; rules: RulesStore; now?: () => Date },
) {
  const { ledger, audit, rules } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * [from, until) of the next claim. The first starts at the account's creation (no round can settle before it),
   * a fixed point, so two racing first claims share their start and only one of them pays.
   */
  async function window(merchantCode: string, member: Member) {
    const [last] = await db
      .select({ untilAt: rebateClaims.untilAt })
      .from(rebateClaims)
      .where(and(eq(rebateClaims.merchantCode, merchantCode), eq(rebateClaims.memberId, member.id)))
      .orderBy(desc(rebateClaims.untilAt))
      .limit(1);
    const from = last?.untilAt ?? member.createdAt;
    const cutoff = new Date(now().getTime() - SETTLE_MARGIN_MS);
    return { from, until: cutoff > from ? cutoff : from };
  }

  async function claimable(merchantCode: string, member: Member) {
    const { from, until } = await window(merchantCode, member);
    const { rates, minClaim } = await rules.get(merchantCode, REBATE_RULES);
    const turnover = await db
      .select({ gameType: gameRounds.gameType, turnover: sql<string>`sum(${gameRounds.bet})::text` })
      .from(gameRounds)
      .where(
        and(
          eq(gameRounds.merchantCode, merchantCode),
          eq(gameRounds.memberId, member.id),
          eq(gameRounds.status, 'SETTLED'),
          sql`${gameRounds.settledAt} >= ${iso(from)}::timestamptz`,
          sql`${gameRounds.settledAt} < ${iso(until)}::timestamptz`,
        ),
      )
      .groupBy(gameRounds.gameType);
    const byType = new Map(turnover.map((r) => [r.gameType, BigInt(r.turnover)]));
    const rows: RebateRow[] = gameType.options
      .filter((type) => (byType.get(type) ?? 0n) > 0n)
      .map((type: GameType) => {
        const amount = byType.get(type)!;
        const rateBp = rates[type] ?? 0;
        return { gameType: type, turnover: Number(amount), rateBp, rebate: Number(rebateOf(amount, rateBp)) };
      });
    const total = rows.reduce((sum, r) => sum + r.rebate, 0);
    return { from, until, rows, total, minClaim };
  }

  /** The member's earlier claim under this request id (its reply names the member and the request). */
  async function claimOfRequest(merchantCode: string, memberId: number, requestId: string) {
    const [row] = await db
      .select({ reply: ledgerTransactions.reply })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.merchantCode, merchantCode),
          eq(ledgerTransactions.kind, 'REBATE'),
          sql`${ledgerTransactions.reply} @> ${JSON.stringify({ memberId, requestId })}::jsonb`,
        ),
      )
      .limit(1);
    return row?.reply;
  }

  const balanceOf = async (merchantCode: string, memberId: number) =>
    Number(await ledger.memberBalance(merchantCode, memberId));

  return {
    async claimable(merchant: Merchant, member: Member) {
      const c = await claimable(merchant.code, member);
      return { ...c, from: iso(c.from), until: iso(c.until) };
    },

    async claim(merchant: Merchant, member: Member, requestId: string) {
      const code = merchant.code;
      const earlier = await claimOfRequest(code, member.id, requestId);
      if (earlier) return { amount: Number(earlier.amount), balance: await balanceOf(code, member.id) };
      const c = await claimable(code, member);
      if (c.total < c.minClaim) {
        const message = `The rebate can be claimed from ${(c.minClaim / 100).toFixed(2)}`;
        throw new DomainError(409, 'CONFLICT', message, { total: message });
      }
      const [promo, main] = await Promise.all([
        ledger.wallet(code, null, 'HOUSE_PROMO'),
        ledger.wallet(code, member.id, 'MAIN'),
      ]);
      const amount = BigInt(c.total);
      const posted = await ledger.post(
        code,
        `rebate:${member.id}:${iso(c.from)}`,
        'REBATE',
        [
          { walletId: promo, amount: -amount },
          { walletId: main, amount },
        ],
        { amount: c.total, memberId: member.id, requestId },
        async (tx, transactionId) => {
          await tx.insert(rebateClaims).values({
            merchantCode: code,
            memberId: member.id,
            fromAt: c.from,
            untilAt: c.until,
            amount,
            detail: c.rows,
            ledgerTransactionId: transactionId,
          });
          await audit.append(tx, {
            merchantCode: code,
            actor: `member:${member.id}`,
            action: 'REBATE_CLAIM',
            subject: { from: iso(c.from), until: iso(c.until), amount, requestId, transactionId },
          });
        },
      );
      // Another request claimed the same turnover a moment ago (a second tab): that one paid it.
      if (posted.replayed && posted.reply.requestId !== requestId)
        throw new DomainError(409, 'CONFLICT', 'This rebate has just been claimed');
      return { amount: Number(posted.reply.amount), balance: await balanceOf(code, member.id) };
    },

    async history(merchant: Merchant, member: Member, page: { pageNo: number; pageSize: number }) {
      const mine = and(eq(rebateClaims.merchantCode, merchant.code), eq(rebateClaims.memberId, member.id));
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(rebateClaims).where(mine);
      const rows = await db
        .select()
        .from(rebateClaims)
        .where(mine)
        .orderBy(desc(rebateClaims.untilAt))
        .limit(page.pageSize)
        .offset((page.pageNo - 1) * page.pageSize);
      return {
        list: rows.map((r) => ({
          id: r.id,
          from: iso(r.fromAt),
          until: iso(r.untilAt),
          amount: Number(r.amount),
          rows: r.detail as unknown as RebateRow[],
          createdAt: iso(r.createdAt),
        })),
        totalPages: Math.ceil(n / page.pageSize),
      };
    },
  };
}
export type RebateService = ReturnType<typeof createRebateService>;
