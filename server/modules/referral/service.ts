import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ReferralFriend } from '../../../contract/referral.ts';
import { type Db, pgErrorCode, type Tx } from '../../db/client.ts';
import { ledgerTransactions, members, paymentOrders } from '../../db/schema/index.ts';
import { readableCode } from '../../lib/secrets.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { send } from '../messages/service.ts';
import type { RulesStore } from '../rules/store.ts';
import { maskName } from '../seamless/rounds.ts';
import { createLedger, type Ledger } from '../wallet/ledger.ts';
import { REFERRAL_RULES } from './rules.ts';

const bonusKey = (friendId: number) => `referral:${friendId}`;
export const REFERRAL_BONUS = 'REFERRAL_BONUS';
const PROMO = 'HOUSE_PROMO';

/** What a credited deposit needs to know to pay a referral bonus. */
export interface CreditedDeposit {
  merchantCode: string;
  memberId: number;
  amount: bigint;
}

/**
 * Spec §2 referral: every member has a code (made on first use) that friends register with; a friend's first
 * credited deposit pays the referrer a share of it (the merchant's `referral` rules), once per friend.
 */
export function createReferrals(db: Db, deps: { ledger: Ledger; audit: AuditLog; rules: RulesStore }) {
  async function codeOf(member: Member): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const [row] = await db
        .select({ code: members.referralCode })
        .from(members)
        .where(eq(members.id, member.id));
      if (row?.code) return row.code;
      try {
        // Only where none exists yet: two first reads at once keep the one that landed first.
        await db
          .update(members)
          .set({ referralCode: readableCode() })
          .where(and(eq(members.id, member.id), sql`${members.referralCode} is null`));
      } catch (err) {
        // Another member has that code (unique per merchant): draw again.
        if (pgErrorCode(err) !== '23505' || attempt >= 5) throw err;
      }
    }
  }

  const friendsOf = (member: Member) =>
    and(eq(members.merchantCode, member.merchantCode), eq(members.referredBy, member.id));

  const firstDeposit = db
    .select({ at: sql<Date | null>`min(${paymentOrders.updatedAt})` })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.memberId, members.id),
        eq(paymentOrders.kind, 'DEPOSIT'),
        eq(paymentOrders.status, 'CREDITED'),
      ),
    );

  return {
    /** The member with this code in the merchant (registration binds the new account to it), or null. */
    async referrer(merchantCode: string, code: string): Promise<number | null> {
      const [row] = await db
        .select({ id: members.id })
        .from(members)
        .where(
          and(
            eq(members.merchantCode, merchantCode),
            eq(members.referralCode, code.trim().toUpperCase()),
            sql`${members.agentType} <> 4`,
          ),
        );
      return row?.id ?? null;
    },

    async info(member: Member) {
      const [referralCode, terms] = await Promise.all([
        codeOf(member),
        deps.rules.get(member.merchantCode, REFERRAL_RULES),
      ]);
      const [friends] = await db
        .select({
          invited: count(),
          deposited: sql<number>`count(*) filter (where (${firstDeposit}) is not null)`.mapWith(Number),
        })
        .from(members)
        .where(friendsOf(member));
      const [paid] = await db
        .select({ sum: sql<string>`coalesce(sum((${ledgerTransactions.reply}->>'amount')::bigint), 0)` })
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.merchantCode, member.merchantCode),
            eq(ledgerTransactions.kind, REFERRAL_BONUS),
            sql`(${ledgerTransactions.reply}->>'referrer')::int = ${member.id}`,
          ),
        );
      return {
        referralCode,
        invited: friends?.invited ?? 0,
        deposited: friends?.deposited ?? 0,
        bonusTotal: Number(paid?.sum ?? 0),
        terms,
      };
    },

    async friends(member: Member, q: { pageNo: number; pageSize: number }) {
      const [total] = await db.select({ n: count() }).from(members).where(friendsOf(member));
      const rows = await db
        .select({
          account: members.account,
          registeredAt: members.createdAt,
          firstDepositAt: sql<Date | null>`(${firstDeposit})`,
          bonus: sql<string | null>`(${ledgerTransactions.reply}->>'amount')`,
        })
        .from(members)
        .leftJoin(
          ledgerTransactions,
          and(
            eq(ledgerTransactions.merchantCode, members.merchantCode),
            eq(ledgerTransactions.idempotencyKey, sql`'referral:' || ${members.id}`),
          ),
        )
        .where(friendsOf(member))
        .orderBy(desc(members.createdAt), desc(members.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      const list: ReferralFriend[] = rows.map((r) => ({
        account: maskName(r.account),
        registeredAt: r.registeredAt.toISOString(),
        firstDepositAt: r.firstDepositAt ? new Date(r.firstDepositAt).toISOString() : null,
        bonus: r.bonus === null ? null : Number(r.bonus),
      }));
      return { list, totalPages: Math.ceil((total?.n ?? 0) / q.pageSize) };
    },

    /**
     * Runs in the transaction that credits a deposit: the friend's first credited deposit pays the referrer.
     * The ledger key (one per friend) makes a second call, or a second deposit, pay nothing.
     */
    async onDepositCredited(tx: Tx, d: CreditedDeposit): Promise<void> {
      const [friend] = await tx
        .select({ referredBy: members.referredBy, account: members.account })
        .from(members)
        .where(eq(members.id, d.memberId));
      if (!friend?.referredBy) return;
      const [credited] = await tx
        .select({ n: count() })
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.memberId, d.memberId),
            eq(paymentOrders.kind, 'DEPOSIT'),
            eq(paymentOrders.status, 'CREDITED'),
          ),
        );
      if ((credited?.n ?? 0) !== 1) return;
      const terms = await deps.rules.get(d.merchantCode, REFERRAL_RULES, tx);
      if (d.amount < BigInt(terms.minDeposit)) return;
      const share = (d.amount * BigInt(terms.rateBp)) / 10_000n;
      const bonus = share < BigInt(terms.maxBonus) ? share : BigInt(terms.maxBonus);
      if (bonus <= 0n) return;
      const ledger = createLedger(tx as unknown as Db);
      const from = await ledger.wallet(d.merchantCode, null, PROMO);
      const to = await ledger.wallet(d.merchantCode, friend.referredBy, 'MAIN');
      await ledger.post(
        d.merchantCode,
        bonusKey(d.memberId),
        REFERRAL_BONUS,
        [
          { walletId: from, amount: -bonus },
          { walletId: to, amount: bonus },
        ],
        // `remark` is what Bonus Details shows: whose deposit it was, masked.
        {
          referrer: friend.referredBy,
          friend: d.memberId,
          amount: Number(bonus),
          remark: maskName(friend.account),
        },
        async (inner, transactionId) => {
          await deps.audit.append(inner, {
            merchantCode: d.merchantCode,
            actor: 'system',
            action: REFERRAL_BONUS,
            subject: { referrer: friend.referredBy, friend: d.memberId, amount: bonus, transactionId },
          });
          await send(inner, {
            merchantCode: d.merchantCode,
            memberId: friend.referredBy!,
            category: 'PROMOTION',
            template: 'REFERRAL_BONUS',
            params: { amount: bonus, friend: maskName(friend.account) },
            title: 'Referral bonus',
            body: `${maskName(friend.account)} made a first deposit: your referral bonus is in your main wallet.`,
          });
        },
      );
    },
  };
}
export type Referrals = ReturnType<typeof createReferrals>;
