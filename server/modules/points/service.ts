import { and, asc, count, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Locale } from '../../../contract/merchant.ts';
import type { PointEntryKind, Redemption, RedemptionStatus } from '../../../contract/points.ts';
import type { Db } from '../../db/client.ts';
import {
  gameRounds,
  members,
  pointAccounts,
  pointEntries,
  pointRedemptions,
  pointRewards,
} from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { SETTLE_MARGIN_MS } from '../rebate/service.ts';
import type { RulesStore } from '../rules/store.ts';
import type { Ledger, Tx } from '../wallet/ledger.ts';
import { POINTS_RULES } from './rules.ts';

type Account = typeof pointAccounts.$inferSelect;
type RewardRow = typeof pointRewards.$inferSelect;
type RedemptionRow = typeof pointRedemptions.$inferSelect;

const conflict = (message: string) => new DomainError(409, 'CONFLICT', message);
const wrongField = (field: string, message: string) =>
  new DomainError(400, 'VALIDATION', message, { [field]: message });
const notEnabled = () => new DomainError(403, 'FORBIDDEN', 'Function not enabled');

/** A reward's name in the language asked, else English, else any it has. */
const nameIn = (names: Record<string, string>, locale: string) =>
  names[locale] ?? names.en ?? Object.values(names)[0] ?? '';

const view = (r: RedemptionRow, reward: RewardRow, locale: string): Redemption => ({
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

/** Points per settled bets: `earnPerBet` per 1.00 (100 minor units), rounded down. */
export const pointsFor = (bet: bigint, earnPerBet: number): bigint => (bet * BigInt(earnPerBet)) / 100n;

/** Minor units for points at `convertRate` minor units per 100 points, rounded down. */
export const moneyFor = (points: number, convertRate: number): number =>
  Math.floor((points * convertRate) / 100);

/**
 * The points mall. Every change of a member's points happens under a lock of its account row, so earning, redeeming,
 * converting and refunds of one member run one at a time; each change is one entry with a unique reference.
 */
export function createPointsService(
  db: Db,
  deps: { ledger: Ledger; audit: AuditLog; rules: RulesStore; now?: () => Date },
) {
  const { ledger, audit, rules } = deps;
  const now = deps.now ?? (() => new Date());

  async function lockAccount(tx: Tx, merchantCode: string, memberId: number): Promise<Account> {
    await tx.insert(pointAccounts).values({ memberId, merchantCode }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(pointAccounts)
      .where(eq(pointAccounts.memberId, memberId))
      .for('update');
    return row!;
  }

  /** Adds `amount` (signed) to a locked account with its entry; the new balance. */
  async function change(tx: Tx, account: Account, amount: bigint, kind: PointEntryKind, ref: string) {
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

  async function redemptionWithReward(exec: Db | Tx, id: number) {
    const [row] = await exec
      .select({ r: pointRedemptions, reward: pointRewards })
      .from(pointRedemptions)
      .innerJoin(pointRewards, eq(pointRedemptions.rewardId, pointRewards.id))
      .where(eq(pointRedemptions.id, id));
    return row;
  }

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
export type PointsService = ReturnType<typeof createPointsService>;
