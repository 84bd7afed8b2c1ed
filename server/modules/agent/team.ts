import {
  type AnyColumn,
  and,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNotNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { teamTransactionKind } from '../../../contract/agent.ts';
import { AGENT_TYPES } from '../../../contract/member.ts';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import {
  gameRounds,
  ledgerEntries,
  ledgerTransactions,
  members,
  memberTree,
  paymentOrders,
  wallets,
} from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import type { Member } from '../auth/sessions.ts';
import { partsIn } from '../missions/periods.ts';
import { checkOrder, dayList, withinDays, zoneOf } from '../wallet/days.ts';
import { roundsPage } from '../wallet/rounds.ts';
import { MAIN, MAX_PROFIT_DAYS } from '../wallet/service.ts';
import { accountStarts, below } from './tree.ts';

interface Range {
  from: string;
  to: string;
}
interface Page {
  pageNo: number;
  pageSize: number;
}
type RoundStatus = 'OPEN' | 'SETTLED' | 'ROLLED_BACK';
type TeamTransactionKind = z.infer<typeof teamTransactionKind>;

/**
 * The ledger kinds of the account-details page, by the group it filters on. Bets, wins and rollbacks are the
 * betting pages' business and stay out; so does any kind not listed here.
 */
export const TEAM_TRANSACTION_KINDS: Record<TeamTransactionKind, string[]> = {
  DEPOSIT: ['DEPOSIT_CREDIT'],
  WITHDRAWAL: ['WITHDRAWAL_HOLD', 'WITHDRAWAL_RELEASE'],
  TRANSFER: ['VENDOR_TRANSFER', 'TRANSFER_UPLINE', 'TRANSFER_DOWNLINE'],
  BONUS: [
    'TICKET_PRIZE',
    'MISSION_REWARD',
    'REBATE',
    'REFERRAL_BONUS',
    'DEMO_CREDIT',
    'POINTS_CONVERT',
    'POINTS_REDEEM',
    'PROMO_REWARD',
  ],
  CONTRACT: ['CONTRACT_PAY'],
};
const groupOf = new Map(
  Object.entries(TEAM_TRANSACTION_KINDS).flatMap(([group, kinds]) =>
    kinds.map((k) => [k, group as TeamTransactionKind]),
  ),
);

const invalid = (field: string, message: string) =>
  new DomainError(400, 'VALIDATION', message, { [field]: message });

/** The merchant's calendar day at `now` (yyyy-MM-dd): the days its records are kept by. */
export function merchantDay(merchant: Merchant, now = new Date()): string {
  const p = partsIn(zoneOf(merchant), now);
  return `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/**
 * The agent reports are of days that have begun: an end after the merchant's today is refused on `to` (a day to come
 * has no records, and a chart of empty future days reads as a collapse).
 */
export function checkPast(merchant: Merchant, q: Range, now = new Date()): void {
  if (q.to > merchantDay(merchant, now)) throw invalid('to', 'Choose an end date no later than today');
}

/**
 * A range the agent pages answer: in order, at most 93 days (one quarter) counted from its start, and not ending
 * after today.
 */
export function checkRange(merchant: Merchant, q: Range): string[] {
  checkOrder(q);
  const days = dayList(q.from, q.to, MAX_PROFIT_DAYS);
  if (!days) throw invalid('from', `Choose at most ${MAX_PROFIT_DAYS} days`);
  checkPast(merchant, q);
  return days;
}

const sum = (column: SQL | AnyColumn) => sql<string>`coalesce(sum(${column}), 0)`.mapWith(Number);
const pages = (n: number | undefined, q: Page) => Math.ceil((n ?? 0) / q.pageSize);

/**
 * The agent's team figures and records (spec §2 agent centre): everyone below the agent at any depth (the agent
 * itself is not its own team), found by one join on the closure table. A filter naming an account outside the
 * subtree finds nothing, so another branch's data never shows.
 */
export function createTeamService(db: Db) {
  /** Joins a member-id column to the agent's subtree. */
  const inTeam = (agent: Member, memberId: AnyColumn) =>
    and(eq(memberTree.descendantId, memberId), below(agent.id));

  const settledIn = (merchant: Merchant, q: Range) =>
    and(
      eq(gameRounds.merchantCode, merchant.code),
      eq(gameRounds.status, 'SETTLED'),
      ...withinDays(gameRounds.settledAt, zoneOf(merchant), q),
    );

  /** A timestamp's day in the merchant's zone; grouped by position (the zone is a parameter). */
  const dayOf = (merchant: Merchant, column: AnyColumn) =>
    sql<string>`to_char((${column} at time zone ${zoneOf(merchant)})::date, 'YYYY-MM-DD')`;

  async function headcount(merchant: Merchant, agent: Member, q: Range) {
    const direct = (agents: boolean) => {
      const type = inArray(members.agentType, [...AGENT_TYPES]);
      return sql`count(*) filter (where ${memberTree.depth} = 1 and ${agents ? type : sql`not ${type}`})`.mapWith(
        Number,
      );
    };
    const [sizes, joined] = await Promise.all([
      db
        .select({ teamSize: count(), directMembers: direct(false), directAgents: direct(true) })
        .from(memberTree)
        .innerJoin(members, eq(members.id, memberTree.descendantId))
        .where(below(agent.id)),
      db
        .select({ day: dayOf(merchant, members.createdAt), n: count() })
        .from(memberTree)
        .innerJoin(members, eq(members.id, memberTree.descendantId))
        .where(and(below(agent.id), ...withinDays(members.createdAt, zoneOf(merchant), q)))
        .groupBy(sql`1`),
    ]);
    return { sizes: sizes[0]!, joined };
  }

  async function rounds(merchant: Merchant, agent: Member, q: Range) {
    const figures = {
      active: countDistinct(gameRounds.memberId),
      bet: sum(gameRounds.bet),
      win: sum(gameRounds.win),
    };
    const [perDay, [total]] = await Promise.all([
      db
        .select({ day: dayOf(merchant, gameRounds.settledAt), ...figures })
        .from(gameRounds)
        .innerJoin(memberTree, inTeam(agent, gameRounds.memberId))
        .where(settledIn(merchant, q))
        .groupBy(sql`1`),
      db
        .select(figures)
        .from(gameRounds)
        .innerJoin(memberTree, inTeam(agent, gameRounds.memberId))
        .where(settledIn(merchant, q)),
    ]);
    return { perDay, total: total! };
  }

  /** Deposits credited (an order's last change is its crediting) and withdrawals paid out, in the range. */
  async function money(merchant: Merchant, agent: Member, q: Range) {
    const zone = zoneOf(merchant);
    const credited = and(
      eq(paymentOrders.kind, 'DEPOSIT'),
      eq(paymentOrders.status, 'CREDITED'),
      ...withinDays(paymentOrders.updatedAt, zone, q),
    );
    const paid = and(
      eq(paymentOrders.kind, 'WITHDRAWAL'),
      isNotNull(paymentOrders.disbursedAt),
      ...withinDays(paymentOrders.disbursedAt, zone, q),
    );
    const [row] = await db
      .select({
        deposits: sql`coalesce(sum(${paymentOrders.amount}) filter (where ${credited}), 0)`.mapWith(Number),
        withdrawals: sql`coalesce(sum(${paymentOrders.amount}) filter (where ${paid}), 0)`.mapWith(Number),
      })
      .from(paymentOrders)
      .innerJoin(memberTree, inTeam(agent, paymentOrders.memberId))
      .where(and(eq(paymentOrders.merchantCode, merchant.code), sql`(${credited} or ${paid})`));
    return row!;
  }

  return {
    /**
     * Team overview: sizes now; new members (registered), active members (a settled bet), bets and wins of rounds
     * settled, deposits credited and withdrawals paid in the range; and the same per day of the merchant's zone.
     */
    async overview(merchant: Merchant, agent: Member, q: Range) {
      const days = checkRange(merchant, q);
      const [{ sizes, joined }, played, cash] = await Promise.all([
        headcount(merchant, agent, q),
        rounds(merchant, agent, q),
        money(merchant, agent, q),
      ]);
      const joinedOn = new Map(joined.map((r) => [r.day, r.n]));
      const playedOn = new Map(played.perDay.map((r) => [r.day, r]));
      const { total } = played;
      return {
        ...sizes,
        newMembers: joined.reduce((n, r) => n + r.n, 0),
        activeMembers: total.active,
        bet: total.bet,
        win: total.win,
        profit: total.win - total.bet,
        ...cash,
        days: days.map((day) => {
          const r = playedOn.get(day);
          return {
            day,
            newMembers: joinedOn.get(day) ?? 0,
            activeMembers: r?.active ?? 0,
            bet: r?.bet ?? 0,
            profit: (r?.win ?? 0) - (r?.bet ?? 0),
          };
        }),
      };
    },

    /** Team betting: the downline's rounds placed in the range, newest first; totals leave rolled-back rounds out. */
    async bets(
      merchant: Merchant,
      agent: Member,
      locale: Locale,
      q: Range & Page & { account?: string; gameType?: string; status?: RoundStatus },
    ) {
      checkRange(merchant, q);
      const where = and(
        eq(gameRounds.merchantCode, merchant.code),
        ...accountStarts(q.account),
        ...(q.gameType ? [eq(gameRounds.gameType, q.gameType.toUpperCase() as never)] : []),
        ...(q.status ? [eq(gameRounds.status, q.status)] : []),
        ...withinDays(gameRounds.createdAt, zoneOf(merchant), q),
      );
      const team = db.select({ id: memberTree.descendantId }).from(memberTree).where(below(agent.id));
      return roundsPage(db, and(inArray(gameRounds.memberId, team), where), locale, q);
    },

    /** User loss: per downline member who had rounds settled in the range, biggest loss (lowest win − bet) first. */
    async loss(merchant: Merchant, agent: Member, q: Range & Page & { account?: string }) {
      checkRange(merchant, q);
      const rounds = db.$with('team_rounds').as(
        db
          .select({
            memberId: gameRounds.memberId,
            account: members.account,
            bet: gameRounds.bet,
            win: gameRounds.win,
          })
          .from(gameRounds)
          .innerJoin(memberTree, inTeam(agent, gameRounds.memberId))
          .innerJoin(members, eq(members.id, gameRounds.memberId))
          .where(and(settledIn(merchant, q), ...accountStarts(q.account))),
      );
      const profit = sql`sum(${rounds.win} - ${rounds.bet})`.mapWith(Number);
      const [list, [totals]] = await Promise.all([
        db
          .with(rounds)
          .select({
            memberId: rounds.memberId,
            account: rounds.account,
            rounds: count(),
            bet: sum(rounds.bet),
            win: sum(rounds.win),
            profit,
          })
          .from(rounds)
          .groupBy(rounds.memberId, rounds.account)
          .orderBy(profit, rounds.account)
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db
          .with(rounds)
          .select({ members: countDistinct(rounds.memberId), bet: sum(rounds.bet), win: sum(rounds.win) })
          .from(rounds),
      ]);
      const t = totals!;
      return {
        list,
        totals: { bet: t.bet, win: t.win, profit: t.win - t.bet },
        totalPages: pages(t.members, q),
      };
    },

    /** Account details: movements of the downline's main wallets of the listed kinds, newest first. */
    async transactions(
      merchant: Merchant,
      agent: Member,
      q: Range & Page & { account?: string; kind?: TeamTransactionKind },
    ) {
      checkRange(merchant, q);
      const kinds = q.kind ? TEAM_TRANSACTION_KINDS[q.kind] : [...groupOf.keys()];
      const moves = db.$with('team_moves').as(
        db
          .select({
            id: ledgerEntries.id,
            account: members.account,
            detail: ledgerTransactions.kind,
            amount: ledgerEntries.amount,
            balanceAfter: ledgerEntries.balanceAfter,
            at: ledgerEntries.createdAt,
          })
          .from(ledgerEntries)
          .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
          .innerJoin(memberTree, inTeam(agent, wallets.memberId))
          .innerJoin(members, eq(members.id, wallets.memberId))
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(
            and(
              eq(wallets.merchantCode, merchant.code),
              eq(wallets.kind, MAIN),
              inArray(ledgerTransactions.kind, kinds),
              ...accountStarts(q.account),
              ...withinDays(ledgerEntries.createdAt, zoneOf(merchant), q),
            ),
          ),
      );
      const [rows, [total]] = await Promise.all([
        db
          .with(moves)
          .select()
          .from(moves)
          .orderBy(desc(moves.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db.with(moves).select({ n: count() }).from(moves),
      ]);
      return {
        list: rows.map((r) => ({
          ...r,
          kind: groupOf.get(r.detail)!,
          amount: Number(r.amount),
          balanceAfter: Number(r.balanceAfter),
          at: r.at.toISOString(),
        })),
        totalPages: pages(total?.n, q),
      };
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
