import { and, eq, inArray, sql } from 'drizzle-orm';
import { TRIAL_AGENT_TYPE } from '../../../contract/member.ts';
import {
  LEADERBOARD_SIZE,
  type Mission,
  type MissionMetric,
  type MissionPeriod,
} from '../../../contract/missions.ts';
import type { Db } from '../../db/client.ts';
import { missionClaims } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import type { RulesStore } from '../rules/store.ts';
import { maskName } from '../seamless/rounds.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { currentPeriod, type Period, validZone } from './periods.ts';
import { MISSION_RULES } from './rules.ts';

/** A trial account plays with free money: it earns no rewards and does not compete on the leaderboard. */

type Counts = Record<MissionMetric, bigint>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Daily and weekly missions counted from the member's settled game rounds in the merchant's zone, their rewards
 * (paid once per member, mission and period), and the merchant's bet leaderboard.
 */
export function createMissionService(
  db: Db,
  deps: { ledger: Ledger; audit: AuditLog; rules: RulesStore; now?: () => Date },
) {
  const { ledger, audit, rules } = deps;
  const now = deps.now ?? (() => new Date());

  const periodsOf = (merchant: Merchant, at: Date): Record<MissionPeriod, Period> => {
    const zone = validZone(merchant.settings.timeZone);
    return { DAILY: currentPeriod('DAILY', zone, at), WEEKLY: currentPeriod('WEEKLY', zone, at) };
  };

  /**
   * What the member did in each period. Only SETTLED rounds count (an open round may still be cancelled, a rolled
   * back one never happened), placed in a period by when they settled. A win is a round that paid anything out.
   */
  async function counts(merchantCode: string, memberId: number, periods: Record<MissionPeriod, Period>) {
    const day = periods.DAILY;
    const week = periods.WEEKLY;
    const inDay = sql`settled_at >= ${day.start.toISOString()}::timestamptz and settled_at < ${day.end.toISOString()}::timestamptz`;
    const [row] = rowsOf<Record<string, string>>(
      await db.execute(sql`
        select
          coalesce(sum(bet) filter (where ${inDay}), 0)::text as day_bet,
          count(*) filter (where ${inDay})::text as day_rounds,
          count(*) filter (where ${inDay} and win > 0)::text as day_wins,
          coalesce(sum(bet), 0)::text as week_bet,
          count(*)::text as week_rounds,
          count(*) filter (where win > 0)::text as week_wins
        from game_rounds
        where merchant_code = ${merchantCode} and member_id = ${memberId} and status = 'SETTLED'
          and settled_at >= ${week.start.toISOString()}::timestamptz
          and settled_at < ${week.end.toISOString()}::timestamptz`),
    );
    const big = (k: string) => BigInt(row?.[k] ?? 0);
    return {
      DAILY: { BET_AMOUNT: big('day_bet'), ROUNDS: big('day_rounds'), WINS: big('day_wins') },
      WEEKLY: { BET_AMOUNT: big('week_bet'), ROUNDS: big('week_rounds'), WINS: big('week_wins') },
    } satisfies Record<MissionPeriod, Counts>;
  }

  async function missions(merchant: Merchant, member: Member, at: Date) {
    const periods = periodsOf(merchant, at);
    const { missions: catalogue } = await rules.get(merchant.code, MISSION_RULES);
    const done = await counts(merchant.code, member.id, periods);
    const claimed = await db
      .select({ code: missionClaims.missionCode, periodStart: missionClaims.periodStart })
      .from(missionClaims)
      .where(
        and(
          eq(missionClaims.merchantCode, merchant.code),
          eq(missionClaims.memberId, member.id),
          inArray(missionClaims.periodStart, [periods.DAILY.startDate, periods.WEEKLY.startDate]),
        ),
      );
    const isClaimed = (code: string, startDate: string) =>
      claimed.some((c) => c.code === code && c.periodStart === startDate);
    return catalogue.map((rule) => {
      const period = periods[rule.period];
      const progress = done[rule.period][rule.metric];
      const mission: Mission = {
        code: rule.code,
        period: rule.period,
        metric: rule.metric,
        target: rule.target,
        progress: Number(progress),
        reward: rule.reward,
        status: isClaimed(rule.code, period.startDate)
          ? 'CLAIMED'
          : progress >= BigInt(rule.target)
            ? 'CLAIMABLE'
            : 'IN_PROGRESS',
        periodEnd: period.end.toISOString(),
      };
      return { mission, period };
    });
  }

  return {
    async summary(merchant: Merchant, member: Member) {
      const list = (await missions(merchant, member, now())).map((m) => m.mission);
      // Open = not yet claimed this period, whether still in progress or ready to collect: the badge invites the
      // member to the page while anything is left to do or to take, and clears once everything is collected.
      const openCount = list.filter((m) => m.status !== 'CLAIMED').length;
      return { openCount, missions: list };
    },

    async claim(merchant: Merchant, member: Member, code: string) {
      const found = (await missions(merchant, member, now())).find((m) => m.mission.code === code);
      if (!found) throw new DomainError(404, 'NOT_FOUND', 'Unknown mission', { code: 'Unknown mission' });
      const { mission, period } = found;
      // A claimed mission goes on to the ledger, whose key answers the first claim's reply and pays nothing.
      if (mission.status === 'IN_PROGRESS')
        throw new DomainError(409, 'CONFLICT', 'This mission is not complete yet');
      const [promo, main] = await Promise.all([
        ledger.wallet(merchant.code, null, 'HOUSE_PROMO'),
        ledger.wallet(merchant.code, member.id, 'MAIN'),
      ]);
      const reward = BigInt(mission.reward);
      const posted = await ledger.post(
        merchant.code,
        `mission:${member.id}:${code}:${period.startDate}`,
        'MISSION_REWARD',
        [
          { walletId: promo, amount: -reward },
          { walletId: main, amount: reward },
        ],
        { reward: mission.reward },
        async (tx, transactionId) => {
          await tx.insert(missionClaims).values({
            merchantCode: merchant.code,
            memberId: member.id,
            missionCode: code,
            periodStart: period.startDate,
            reward,
            ledgerTransactionId: transactionId,
          });
          await audit.append(tx, {
            merchantCode: merchant.code,
            actor: `member:${member.id}`,
            action: 'MISSION_CLAIM',
            subject: { code, periodStart: period.startDate, reward, transactionId },
          });
        },
      );
      return {
        reward: Number(posted.reply.reward),
        balance: Number(await ledger.memberBalance(merchant.code, member.id)),
      };
    },

    /**
     * The merchant's members by settled bets in the period, real accounts only. Ties go to whoever reached the
     * total first (their last counted round settled earlier), then to the older account.
     */
    async leaderboard(merchant: Merchant, member: Member, period: MissionPeriod) {
      const p = periodsOf(merchant, now())[period];
      const rows = rowsOf<{ member_id: number; account: string; bet: string; rank: string }>(
        await db.execute(sql`
          with totals as (
            select r.member_id, sum(r.bet) as bet, max(r.settled_at) as reached
            from game_rounds r join members m on m.id = r.member_id
            where r.merchant_code = ${merchant.code} and r.status = 'SETTLED' and r.bet > 0
              and m.agent_type <> ${TRIAL_AGENT_TYPE}
              and r.settled_at >= ${p.start.toISOString()}::timestamptz
              and r.settled_at < ${p.end.toISOString()}::timestamptz
            group by r.member_id
          ), ranked as (
            select member_id, bet, row_number() over (order by bet desc, reached asc, member_id asc) as rank
            from totals
          )
          select ranked.member_id, m.account, ranked.bet::text as bet, ranked.rank::text as rank
          from ranked join members m on m.id = ranked.member_id
          where ranked.rank <= ${LEADERBOARD_SIZE} or ranked.member_id = ${member.id}
          order by ranked.rank`),
      );
      const list = rows
        .filter((r) => Number(r.rank) <= LEADERBOARD_SIZE)
        .map((r) => ({ rank: Number(r.rank), account: maskName(r.account), betAmount: Number(r.bet) }));
      const mine = rows.find((r) => Number(r.member_id) === member.id);
      return {
        period,
        periodEnd: p.end.toISOString(),
        list,
        me: { rank: mine ? Number(mine.rank) : null, betAmount: mine ? Number(mine.bet) : 0 },
      };
    },
  };
}
export type MissionService = ReturnType<typeof createMissionService>;
