import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const HOUR = 3_600_000;
/**
 * How long after its time a bet may still be committed (a slip is timed when its request reached the server, and
 * queues before the close): an hour is counted only once it ended this long ago, so no bet of it comes later.
 */
const LATE_MS = 10 * 60_000;
const ORIGIN = '2000-01-01T00:00:00Z';

type Rows<T> = { rows: T[] };
const iso = (d: Date) => d.toISOString();

/**
 * A merchant's bets per lottery since `since`, exactly as counting every bet would give: whole hours that are over
 * are counted once into lottery_bet_hours (migration 0039) and read from there; only the part hours at either end
 * of the window are counted bet by bet. So 7 days of bets cost their 168 hours' rows, not their 28,000 bets.
 */
export async function betsPerLottery(db: Db, merchantCode: string, since: Date, now: Date) {
  const first = new Date(Math.ceil(since.getTime() / HOUR) * HOUR);
  // Never an hour still open on the real clock, whatever `now` a caller passes (tests pass days ahead).
  const over = Math.min(now.getTime(), Date.now()) - LATE_MS;
  const closed = new Date(Math.max(first.getTime(), Math.floor(over / HOUR) * HOUR));
  if (closed > first)
    await db.execute(sql`with wanted as (
        select h as hour from generate_series(${iso(first)}::timestamptz, ${iso(closed)}::timestamptz - interval '1 hour',
          interval '1 hour') h
        except select hour from lottery_bet_hours
          where merchant_code = ${merchantCode} and game_code = '*' and hour >= ${iso(first)}::timestamptz
            and hour < ${iso(closed)}::timestamptz),
      counted as (
        select date_bin('1 hour', b.created_at, ${ORIGIN}::timestamptz) as hour, d.game_code, count(*)::int as bets
        from lottery_bets b join lottery_draws d on d.id = b.draw_id
        where b.merchant_code = ${merchantCode} and b.created_at >= (select min(hour) from wanted)
          and b.created_at < (select max(hour) from wanted) + interval '1 hour'
        group by 1, 2)
      insert into lottery_bet_hours (merchant_code, hour, game_code, bets)
      select ${merchantCode}, hour, game_code, bets from counted where hour in (select hour from wanted)
      union all select ${merchantCode}, hour, '*', 0 from wanted
      -- Another process counting the same hour counts the same bets.
      on conflict do nothing`);
  const { rows } = (await db.execute(sql`select game_code, sum(bets)::int as bets from (
      select game_code, bets from lottery_bet_hours
        where merchant_code = ${merchantCode} and game_code <> '*' and hour >= ${iso(first)}::timestamptz
          and hour < ${iso(closed)}::timestamptz
      union all
      select d.game_code, count(*)::int from lottery_bets b join lottery_draws d on d.id = b.draw_id
        where b.merchant_code = ${merchantCode} and ((b.created_at >= ${iso(since)}::timestamptz
          and b.created_at < ${iso(first)}::timestamptz) or b.created_at >= ${iso(closed)}::timestamptz)
        group by d.game_code) counts
    group by game_code`)) as unknown as Rows<{ game_code: string; bets: number }>;
  return new Map(rows.map((r) => [r.game_code, Number(r.bets)]));
}
