import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';
import type { Locale } from '../../../contract/merchant.ts';
import { moneyFor, type PointEntryKind, type RedemptionStatus } from '../../../contract/points.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  gameRounds,
  pointAccounts,
  pointEntries,
  pointRedemptions,
  pointRewards,
} from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { idempotencyConflict, requestHash } from '../../lib/idempotency.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { SETTLE_MARGIN_MS } from '../rebate/service.ts';
import type { RulesStore } from '../rules/store.ts';
import type { Ledger } from '../wallet/ledger.ts';
import {
  type Account,
  change,
  conflict,
  lockAccount,
  nameIn,
  redemptionWithReward,
  view,
} from './account.ts';
import { POINTS_RULES } from './rules.ts';

/** Points per settled bets: `earnPerBet` per 1.00 (100 minor units), rounded down. */
export const pointsFor = (bet: bigint, earnPerBet: number): bigint => (bet * BigInt(earnPerBet)) / 100n;

const wrongField = (field: string, message: string) =>
  new DomainError(400, 'VALIDATION', message, { [field]: message });
const notEnabled = () => new DomainError(403, 'FORBIDDEN', 'Function not enabled');

/**
 * The points mall, the member's side. Every change of a member's points happens under a lock of its account row, so earning, redeeming,
 * converting and refunds of one member run one at a time; each change is one entry with a unique reference.
 */
export function createPointsService(
  db: Db,
  deps: { ledger: Ledger; audit: AuditLog; rules: RulesStore; now?: () => Date },
) {
  const { ledger, audit, rules } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Earns the points of bets settled since the account last earned, up to a margin before now: a round's settled_at
   * is stamped before its transaction commits, so younger rounds wait for a later call rather than be skipped.
   */
  async function accrue(tx: Tx, account: Account, earnPerBet: number): Promise<void> {
    const until = new Date(now().getTime() - SETTLE_MARGIN_MS);
    const since = account.earnedThrough;
    if (since && until <= since) return;
    const [row] = await tx
      .select({ bet: sql<string>`coalesce(sum(${gameRounds.bet}), 0)::text` })
      .from(gameRounds)
      .where(
        and(
          eq(gameRounds.merchantCode, account.merchantCode),
          eq(gameRounds.memberId, account.memberId),
          eq(gameRounds.status, 'SETTLED'),
          since ? sql`${gameRounds.settledAt} > ${since.toISOString()}::timestamptz` : undefined,
          sql`${gameRounds.settledAt} <= ${until.toISOString()}::timestamptz`,
        ),
      );
    const earned = pointsFor(BigInt(row?.bet ?? '0'), earnPerBet);
    await tx
      .update(pointAccounts)
      .set({ earnedThrough: until })
      .where(eq(pointAccounts.memberId, account.memberId));
    account.earnedThrough = until;
    if (earned > 0n)
      await change(tx, account, earned, 'EARN', `earn:${account.memberId}:${until.toISOString()}`);
  }

  /** Runs `work` with the member's account locked and its earnings brought up to date. */
  async function withAccount<T>(
    merchant: Merchant,
    member: Member,
    work: (tx: Tx, account: Account) => Promise<T>,
  ) {
    if (!merchant.settings.features.PTSYS3) throw notEnabled();
    const { earnPerBet } = await rules.get(merchant.code, POINTS_RULES);
    return db.transaction(async (tx) => {
      const account = await lockAccount(tx, merchant.code, member.id);
      await accrue(tx, account, earnPerBet);
      return work(tx, account);
    });
  }

  const pages = (n: number, pageSize: number) => Math.ceil(n / pageSize);

  return {
    async balance(merchant: Merchant, member: Member) {
      const points = await withAccount(merchant, member, async (_tx, account) => Number(account.balance));
      return { points, config: await rules.get(merchant.code, POINTS_RULES) };
    },

    async config(merchant: Merchant) {
      if (!merchant.settings.features.PTSYS3) throw notEnabled();
      return rules.get(merchant.code, POINTS_RULES);
    },

    async rewards(merchant: Merchant, locale: Locale, page: { pageNo: number; pageSize: number }) {
      if (!merchant.settings.features.PTSYS3) throw notEnabled();
      const on = and(eq(pointRewards.merchantCode, merchant.code), eq(pointRewards.active, 1));
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(pointRewards).where(on);
      const rows = await db
        .select()
        .from(pointRewards)
        .where(on)
        .orderBy(asc(pointRewards.sort), asc(pointRewards.id))
        .limit(page.pageSize)
        .offset((page.pageNo - 1) * page.pageSize);
      return {
        list: rows.map((r) => ({
          id: r.id,
          name: nameIn(r.names, locale),
          points: r.points,
          kind: r.kind,
          cashAmount: r.cashAmount === null ? null : Number(r.cashAmount),
          stockLeft: r.stock,
        })),
        totalPages: pages(n, page.pageSize),
      };
    },

    async redeem(
      merchant: Merchant,
      member: Member,
      locale: Locale,
      body: { rewardId: number; password: string; requestId: string },
    ) {
      if (!merchant.settings.features.PTSYS3) throw notEnabled();
      if (!(await verifyPassword(body.password, member.passwordHash)))
        throw wrongField('password', 'The password is incorrect');
      // The reference carries the request (to answer a replay) and the redemption it made.
      const requestRef = `redeem:${member.id}:${body.requestId}:`;
      return withAccount(merchant, member, async (tx, account) => {
        const [earlier] = await tx
          .select({ ref: pointEntries.ref })
          .from(pointEntries)
          .where(
            and(
              eq(pointEntries.merchantCode, merchant.code),
              eq(pointEntries.memberId, member.id),
              like(pointEntries.ref, `${requestRef}%`),
            ),
          );
        if (earlier) {
          const first = await redemptionWithReward(tx, Number(earlier.ref.slice(requestRef.length)));
          // The request id names one redemption: reused for another reward, it is refused.
          if (first!.r.rewardId !== body.rewardId) throw idempotencyConflict();
          return { redemption: view(first!.r, first!.reward, locale), points: Number(account.balance) };
        }
        const [reward] = await tx
          .select()
          .from(pointRewards)
          .where(
            and(
              eq(pointRewards.id, body.rewardId),
              eq(pointRewards.merchantCode, merchant.code),
              eq(pointRewards.active, 1),
            ),
          );
        if (!reward) throw new DomainError(404, 'NOT_FOUND', 'This reward is no longer offered');
        if (account.balance < BigInt(reward.points)) throw conflict('Not enough points');
        if (reward.stock !== null) {
          const [taken] = await tx
            .update(pointRewards)
            .set({ stock: sql`${pointRewards.stock} - 1` })
            .where(and(eq(pointRewards.id, reward.id), sql`${pointRewards.stock} > 0`))
            .returning({ stock: pointRewards.stock });
          if (!taken) throw conflict('This reward is out of stock');
        }
        const [made] = await tx
          .insert(pointRedemptions)
          .values({
            merchantCode: merchant.code,
            memberId: member.id,
            rewardId: reward.id,
            points: reward.points,
          })
          .returning();
        const points = await change(
          tx,
          account,
          -BigInt(reward.points),
          'REDEEM',
          `${requestRef}${made!.id}`,
        );
        await audit.append(tx, {
          merchantCode: merchant.code,
          actor: `member:${member.id}`,
          action: 'POINTS_REDEEM',
          subject: {
            redemptionId: made!.id,
            rewardId: reward.id,
            points: reward.points,
            requestId: body.requestId,
          },
        });
        return { redemption: view(made!, reward, locale), points: Number(points) };
      });
    },

    async redemptions(
      merchant: Merchant,
      member: Member,
      locale: Locale,
      q: { pageNo: number; pageSize: number; status?: RedemptionStatus },
    ) {
      if (!merchant.settings.features.PTSYS3) throw notEnabled();
      const mine = and(
        eq(pointRedemptions.merchantCode, merchant.code),
        eq(pointRedemptions.memberId, member.id),
        q.status ? eq(pointRedemptions.status, q.status) : undefined,
      );
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(pointRedemptions).where(mine);
      const rows = await db
        .select({ r: pointRedemptions, reward: pointRewards })
        .from(pointRedemptions)
        .innerJoin(pointRewards, eq(pointRedemptions.rewardId, pointRewards.id))
        .where(mine)
        .orderBy(desc(pointRedemptions.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      return { list: rows.map((row) => view(row.r, row.reward, locale)), totalPages: pages(n, q.pageSize) };
    },

    async convert(merchant: Merchant, member: Member, body: { points: number; requestId: string }) {
      if (!merchant.settings.features.PTSYS3) throw notEnabled();
      const code = merchant.code;
      const { convertRate, minConvert } = await rules.get(code, POINTS_RULES);
      if (body.points < minConvert) throw wrongField('points', `Convert at least ${minConvert} points`);
      const amount = moneyFor(body.points, convertRate);
      if (amount < 1) throw wrongField('points', 'Too few points for any money');
      // Earnings first (their own transaction), so the points check below sees them.
      await withAccount(merchant, member, async () => undefined);
      const [promo, main] = await Promise.all([
        ledger.wallet(code, null, 'HOUSE_PROMO'),
        ledger.wallet(code, member.id, 'MAIN'),
      ]);
      const posted = await ledger.post(
        code,
        `points-convert:${member.id}:${body.requestId}`,
        'POINTS_CONVERT',
        [
          { walletId: promo, amount: -BigInt(amount) },
          { walletId: main, amount: BigInt(amount) },
        ],
        { memberId: member.id, requestId: body.requestId, points: body.points, amount },
        async (tx, transactionId) => {
          const account = await lockAccount(tx, code, member.id);
          await change(
            tx,
            account,
            -BigInt(body.points),
            'CONVERT',
            `convert:${member.id}:${body.requestId}`,
          );
          await audit.append(tx, {
            merchantCode: code,
            actor: `member:${member.id}`,
            action: 'POINTS_CONVERT',
            subject: { points: body.points, amount, requestId: body.requestId, transactionId },
          });
        },
        requestHash({ points: body.points }),
      );
      // The idempotency key names the member, so a replay is always this member's own first conversion.
      const [account] = await db
        .select({ balance: pointAccounts.balance })
        .from(pointAccounts)
        .where(eq(pointAccounts.memberId, member.id));
      return {
        points: Number(posted.reply.points),
        amount: Number(posted.reply.amount),
        pointsLeft: Number(account?.balance ?? 0n),
        balance: Number(await ledger.memberBalance(code, member.id)),
      };
    },

    async entries(merchant: Merchant, member: Member, page: { pageNo: number; pageSize: number }) {
      const mine = and(eq(pointEntries.merchantCode, merchant.code), eq(pointEntries.memberId, member.id));
      // Earnings are brought up to date first, so the history ends at the balance shown.
      await withAccount(merchant, member, async () => undefined);
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(pointEntries).where(mine);
      const rows = await db
        .select()
        .from(pointEntries)
        .where(mine)
        .orderBy(desc(pointEntries.id))
        .limit(page.pageSize)
        .offset((page.pageNo - 1) * page.pageSize);
      return {
        list: rows.map((e) => ({
          id: e.id,
          amount: Number(e.amount),
          kind: e.kind as PointEntryKind,
          balanceAfter: Number(e.balanceAfter),
          createdAt: e.createdAt.toISOString(),
        })),
        totalPages: pages(n, page.pageSize),
      };
    },
  };
}
export type PointsService = ReturnType<typeof createPointsService>;
