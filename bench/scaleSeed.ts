// The scale bench's data: on top of the demo seed, a merchant's catalogue topped up to `games` listed games and
// `days` days of lottery draws and tickets, all set-based (INSERT … SELECT over generate_series, rows built by the
// database), so 20,000 games and 90 days of tickets take seconds, not the minutes row-by-row inserts would.
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { LOTTERIES } from '../server/modules/lottery/catalogue.ts';
import { drawsBetween } from '../server/modules/lottery/schedule.ts';

export interface ScaleProfile {
  /** Listed games of the merchant. */
  games: number;
  /** Days of draws and tickets before now. */
  days: number;
  /** Tickets (lottery bets) a day, over all the merchant's members. */
  ticketsPerDay: number;
  /** Members who hold the tickets (besides the demo's own). */
  members: number;
}

export const SCALES = {
  default: { games: 1_200, days: 1, ticketsPerDay: 4_000, members: 200 },
  large: { games: 20_000, days: 90, ticketsPerDay: 4_000, members: 200 },
} as const satisfies Record<string, ScaleProfile>;
export type ScaleName = keyof typeof SCALES;

const DAY = 86_400_000;
const CHUNK = 20_000;

/** Seeds `p` for `merchant` on a database migrated and seeded with the demo; returns what it added. */
export async function seedScale(db: Db, merchant: string, p: ScaleProfile, now = new Date()) {
  const games = await seedGames(db, merchant, p.games);
  const draws = await seedDraws(
    db,
    new Date(now.getTime() - p.days * DAY),
    new Date(now.getTime() + DAY),
    now,
  );
  await db.execute(sql`insert into members (merchant_code, account, nickname, password_hash)
    select ${merchant}, 'scale' || i, 'scale' || i, 'x' from generate_series(1, ${p.members}) i`);
  const tickets = await seedTickets(db, merchant, p, now);
  await db.execute(sql`vacuum analyze`);
  return { games, draws, tickets };
}

/**
 * Copies of the merchant's listed games (new node ids, numbered names, later sort) until it lists `target`. Copies are
 * never hot: an operator flags a handful of games hot however big the catalogue, and the hot list is not paged.
 */
async function seedGames(db: Db, merchant: string, target: number): Promise<number> {
  const listed = sql`merchant_code = ${merchant} and removed_at is null and hidden = false`;
  const counted = (await db.execute(
    sql`select count(*)::int as n from games where ${listed}`,
  )) as unknown as {
    rows: { n: number }[];
  };
  const n = Number(counted.rows[0]!.n);
  const missing = target - n;
  if (missing <= 0) return 0;
  await db.execute(sql`insert into games (merchant_code, node_id, vassalage, game_type, names, game_classify, is_new,
      is_hot, support_play, min_bet, sort)
    select g.merchant_code, g.node_id || '-s' || r, g.vassalage, g.game_type,
      (select jsonb_object_agg(k, v || ' ' || r) from jsonb_each_text(g.names) e(k, v)),
      g.game_classify, g.is_new, false, g.support_play, g.min_bet, g.sort + r * 1000
    from generate_series(1, ${Math.ceil(missing / n)}) r
    cross join (select * from games where ${listed}) g
    order by r, g.id
    limit ${missing}`);
  return missing;
}

/**
 * Every lottery's draws from `from` to now not there yet, SETTLED with numbers copied from a drawn draw of the same
 * lottery (the demo seed revealed some), and its next draw, COMMITTED (its numbers secret).
 */
async function seedDraws(db: Db, from: Date, to: Date, now: Date): Promise<number> {
  // Past draws, and only the next one of each lottery ahead: the draw job commits a draw shortly before it.
  const slots = LOTTERIES.flatMap((l) =>
    drawsBetween(l, from, to)
      .filter((s, i, all) => s.drawAt <= now || all[i - 1] === undefined || all[i - 1]!.drawAt <= now)
      .map((s) => ({
        code: l.code,
        issue: s.issue,
        draw_at: s.drawAt.toISOString(),
        lock_at: s.lockAt.toISOString(),
      })),
  );
  let added = 0;
  for (let i = 0; i < slots.length; i += CHUNK) {
    const r =
      await db.execute(sql`insert into lottery_draws (game_code, issue, draw_at, lock_at, status, commitment,
        numbers, salt, drawn_at, settled_at, source)
      select u.code, u.issue, u.draw_at, u.lock_at,
        case when u.draw_at <= ${now.toISOString()}::timestamptz then 'SETTLED' else 'COMMITTED' end,
        s.commitment, s.numbers, s.salt,
        case when u.draw_at <= ${now.toISOString()}::timestamptz then u.draw_at end,
        case when u.draw_at <= ${now.toISOString()}::timestamptz then u.draw_at + interval '1 minute' end,
        case when u.draw_at <= ${now.toISOString()}::timestamptz then s.source end
      from jsonb_to_recordset(${JSON.stringify(slots.slice(i, i + CHUNK))}::jsonb)
        as u(code text, issue text, draw_at timestamptz, lock_at timestamptz)
      cross join lateral (select commitment, numbers, salt, source from lottery_draws d
        where d.game_code = u.code and d.status in ('DRAWN', 'SETTLED') limit 1) s
      on conflict do nothing`);
    added += (r as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
  }
  return added;
}

/**
 * `ticketsPerDay × days` tickets like members place them: spread over the merchant's members and the draws of the
 * period (Keno takes no bets), every play type, a few points each, placed in the minutes before the sale closed;
 * settled (about one in twelve won) where the draw is, open where it is still to come. Each ticket has its game
 * round, as a placed bet does.
 */
async function seedTickets(db: Db, merchant: string, p: ScaleProfile, now: Date): Promise<number> {
  const lotteries = JSON.stringify(
    LOTTERIES.filter((l) => l.structure !== 'KENO').map((l) => ({
      code: l.code,
      vendor: l.vendor,
      game_type: l.gameType,
    })),
  );
  // Tickets of one period at a time, so a statement holds one period's rows.
  const periodDays = Math.min(p.days, 10);
  let done = 0;
  for (let day = 0; day < p.days; day += periodDays) {
    const to = new Date(now.getTime() - day * DAY + (day === 0 ? DAY / 4 : 0));
    const from = new Date(now.getTime() - Math.min(day + periodDays, p.days) * DAY);
    const n = Math.round((p.ticketsPerDay * (to.getTime() - from.getTime())) / DAY);
    await db.execute(sql`with l as (
        select * from jsonb_to_recordset(${lotteries}::jsonb) as l(code text, vendor text, game_type text)),
      d as (select d.id, d.game_code, d.issue, d.draw_at, d.lock_at, d.status, l.vendor, l.game_type,
          row_number() over (order by d.draw_at, d.id) - 1 as rn
        from lottery_draws d join l on l.code = d.game_code
        where d.draw_at > ${from.toISOString()}::timestamptz and d.draw_at <= ${to.toISOString()}::timestamptz),
      m as (select id, row_number() over (order by id) - 1 as rn
        from members where merchant_code = ${merchant}),
      t as (select ${done} + i as k, d.*, m.id as member_id,
          (array['LO2', 'DE', 'BA_CANG', 'XIEN2', 'LO2', 'DE'])[1 + i % 6] as play_type,
          1 + i % 10 as points,
          least(d.lock_at, ${now.toISOString()}::timestamptz) - (i % 900) * interval '1 second' as placed_at,
          d.status = 'SETTLED' and i % 12 = 0 as won
        from generate_series(1, ${n}) i
        -- Each side of the join on one side only, so it is a hash join, not a nested loop over draws × tickets.
        join d on d.rn = (i::bigint * 7919) % (select count(*) from d)
        join m on m.rn = (i::bigint * 104729) % (select count(*) from m)),
      r as (insert into game_rounds (merchant_code, member_id, vassalage, node_id, game_type, round_ref, bet, win,
          status, outcome, created_at, settled_at)
        select ${merchant}, member_id, vendor, game_code, game_type, 'scale:' || k, points * 27,
          case when won then points * 27 * 70 else 0 end,
          case when status = 'SETTLED' then 'SETTLED' else 'OPEN' end,
          jsonb_build_object('gameCode', game_code, 'issue', issue, 'playType', play_type),
          placed_at, case when status = 'SETTLED' then draw_at + interval '1 minute' end
        from t returning id, round_ref)
      insert into lottery_bets (merchant_code, member_id, draw_id, round_id, play_type, numbers, points, stake,
        win_per_hit, status, win_units, payout, request_id, line, created_at, settled_at)
      select ${merchant}, t.member_id, t.id, r.id, t.play_type,
        jsonb_build_array(lpad((t.k % 100)::text, 2, '0')), t.points, t.points * 27, t.points * 70,
        case when t.status <> 'SETTLED' then 'OPEN' when t.won then 'WON' else 'LOST' end,
        case when t.status = 'SETTLED' then case when t.won then 1 else 0 end end,
        case when t.status = 'SETTLED' then case when t.won then t.points * 70 else 0 end end,
        'scale-' || t.k, 0, t.placed_at,
        case when t.status = 'SETTLED' then t.draw_at + interval '1 minute' end
      from t join r on r.round_ref = 'scale:' || t.k`);
    done += n;
  }
  return done;
}
