import { type SQL, sql } from 'drizzle-orm';
import type { DashboardFigures, DashboardQueues } from '../../../contract/dashboard.ts';
import type { Db } from '../../db/client.ts';
import type { Merchant } from '../../http/merchantCache.ts';

export interface DashboardRange {
  /** Calendar days of the merchant's time zone, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

type Bucket = 'hour' | 'day';

/** The calendar day `at` falls on in `timeZone` (YYYY-MM-DD). */
export const dayIn = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

const empty = (): DashboardFigures => ({
  deposits: { count: 0, amount: 0 },
  withdrawals: { count: 0, amount: 0 },
  bets: { count: 0, stake: 0 },
  payout: 0,
  ggr: 0,
  newMembers: 0,
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Withdrawals that were not refused: requested and on their way out, or out. */
const WITHDRAWN = sql`('REQUESTED','APPROVED','DISBURSED','RECEIVED','NOT_RECEIVED','FORCED_RECEIVED')`;

/**
 * The back office's overview of a merchant's calendar days. Every figure is one range scan of an index on
 * (merchant_code, created_at) (migration 0033), grouped by the
 * bucket in the merchant's time zone; the queues are counts of the statuses that wait for an operator.
 */
export function createDashboard(db: Db, now: () => Date) {
  return {
    async overview(merchant: Merchant, range: DashboardRange) {
      const timeZone = merchant.settings.timeZone || 'UTC';
      const today = dayIn(timeZone, now());
      const from = range.from ?? range.to ?? today;
      const to = range.to ?? range.from ?? today;
      const bucket: Bucket = from === to ? 'hour' : 'day';
      const code = merchant.code;
      const start = sql`(${from}::date::timestamp at time zone ${timeZone})`;
      const end = sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`;
      const within = (column: SQL) => sql`${column} >= ${start} and ${column} < ${end}`;
      const at = (column: SQL) =>
        sql`(date_trunc(${bucket}, ${column} at time zone ${timeZone}) at time zone ${timeZone})`;

      const series = new Map<string, DashboardFigures>();
      // Every bucket of the range, so the chart shows the quiet ones too: hours as instants (a day of 23 or 25
      // hours included), days as the zone's midnights.
      const buckets = rowsOf<{ at: Date | string }>(
        await db.execute(
          bucket === 'hour'
            ? sql`select g as at from generate_series(${start}, ${end} - interval '1 hour', interval '1 hour') as g`
            : sql`select (g at time zone ${timeZone}) as at
                from generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as g`,
        ),
      );
      for (const b of buckets) series.set(new Date(b.at).toISOString(), empty());
      const figuresAt = (when: Date | string) => {
        const key = new Date(when).toISOString();
        let f = series.get(key);
        if (!f) {
          f = empty();
          series.set(key, f);
        }
        return f;
      };

      const payments = rowsOf<{ at: Date | string; dc: number; da: string; wc: number; wa: string }>(
        await db.execute(sql`
          select ${at(sql`created_at`)} as at,
            count(*) filter (where kind = 'DEPOSIT' and status = 'CREDITED')::int as dc,
            coalesce(sum(amount) filter (where kind = 'DEPOSIT' and status = 'CREDITED'), 0)::text as da,
            count(*) filter (where kind = 'WITHDRAWAL' and status in ${WITHDRAWN})::int as wc,
            coalesce(sum(amount) filter (where kind = 'WITHDRAWAL' and status in ${WITHDRAWN}), 0)::text as wa
          from payment_orders where merchant_code = ${code} and ${within(sql`created_at`)}
          group by 1`),
      );
      for (const r of payments) {
        const f = figuresAt(r.at);
        f.deposits = { count: r.dc, amount: Number(r.da) };
        f.withdrawals = { count: r.wc, amount: Number(r.wa) };
      }

      const rounds = rowsOf<{ at: Date | string; n: number; stake: string; payout: string }>(
        await db.execute(sql`
          select ${at(sql`created_at`)} as at, count(*)::int as n,
            coalesce(sum(bet), 0)::text as stake, coalesce(sum(win), 0)::text as payout
          from game_rounds
          where merchant_code = ${code} and ${within(sql`created_at`)} and status <> 'ROLLED_BACK'
          group by 1`),
      );
      for (const r of rounds) {
        const f = figuresAt(r.at);
        f.bets = { count: r.n, stake: Number(r.stake) };
        f.payout = Number(r.payout);
        f.ggr = f.bets.stake - f.payout;
      }

      // Trial accounts (agent type 4) are visitors, not members.
      const joined = rowsOf<{ at: Date | string; n: number }>(
        await db.execute(sql`
          select ${at(sql`created_at`)} as at, count(*)::int as n from members
          where merchant_code = ${code} and ${within(sql`created_at`)} and agent_type <> 4
          group by 1`),
      );
      for (const r of joined) figuresAt(r.at).newMembers = r.n;

      const [active] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from (
            select member_id from game_rounds where merchant_code = ${code} and ${within(sql`created_at`)}
            union
            select member_id from sessions where merchant_code = ${code} and ${within(sql`created_at`)}
          ) as a`),
      );

      const [q] = rowsOf<DashboardQueues>(
        await db.execute(sql`
          select
            (select count(*)::int from payment_orders
              where merchant_code = ${code} and kind = 'DEPOSIT' and status = 'PENDING') as deposits,
            (select count(*)::int from payment_orders
              where merchant_code = ${code} and kind = 'WITHDRAWAL' and status in ('REQUESTED', 'APPROVED')) as withdrawals,
            (select count(*)::int from payment_orders
              where merchant_code = ${code} and kind = 'WITHDRAWAL' and status = 'NOT_RECEIVED') as disputes,
            (select count(*)::int from changes where merchant_code = ${code} and status = 'DRAFT') as changes,
            (select count(*)::int from point_redemptions
              where merchant_code = ${code} and status = 'IN_PROCESS') as redemptions,
            (select count(*)::int from feedback where merchant_code = ${code} and ${within(sql`created_at`)}) as feedback`),
      );

      const list = [...series.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([when, f]) => ({ at: when, ...f }));
      const totals = list.reduce<DashboardFigures>((sum, f) => {
        sum.deposits.count += f.deposits.count;
        sum.deposits.amount += f.deposits.amount;
        sum.withdrawals.count += f.withdrawals.count;
        sum.withdrawals.amount += f.withdrawals.amount;
        sum.bets.count += f.bets.count;
        sum.bets.stake += f.bets.stake;
        sum.payout += f.payout;
        sum.ggr += f.ggr;
        sum.newMembers += f.newMembers;
        return sum;
      }, empty());
      return {
        merchantCode: code,
        currency: merchant.brand.currency,
        timeZone,
        from,
        to,
        activeMembers: active?.n ?? 0,
        totals,
        bucket,
        series: list,
        queues: q ?? { deposits: 0, withdrawals: 0, disputes: 0, changes: 0, redemptions: 0, feedback: 0 },
      };
    },
  };
}
export type Dashboard = ReturnType<typeof createDashboard>;
