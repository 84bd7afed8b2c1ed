// The popular lotteries' counts read closed hours from lottery_bet_hours: they must be what counting every bet of
// the window gives, the first time (hours being counted), the next (read back) and after new bets.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../../bench/scaleSeed.ts';
import type { Database } from '../../db/client.ts';
import { seedLotteryHistory } from '../../db/seed/lotteryHistory.ts';
import { testDatabase } from '../../test/app.ts';
import { betsPerLottery } from './popular.ts';

const M = 'PORTICO';
const DAY = 86_400_000;
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
  await seedLotteryHistory(database, new Date(), 1);
  // Three days of tickets over the merchant's lotteries, at every minute of the hours (no games added).
  await seedScale(database.db, M, { games: 0, days: 3, ticketsPerDay: 800, members: 3 });
});
afterAll(() => database.close());

async function counted(since: Date) {
  const { rows } = (await database.db.execute(sql`select d.game_code, count(*)::int as n
    from lottery_bets b join lottery_draws d on d.id = b.draw_id
    where b.merchant_code = ${M} and b.created_at >= ${since.toISOString()}::timestamptz
    group by d.game_code`)) as unknown as { rows: { game_code: string; n: number }[] };
  return new Map(rows.map((r) => [r.game_code, Number(r.n)]));
}

describe('bets per lottery', () => {
  it('equal a count of every bet of the window, counted, read back and after new bets', async () => {
    const now = new Date();
    const since = new Date(now.getTime() - 2 * DAY - 1_234_567);
    const expected = await counted(since);
    expect([...expected.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
    // Two at once: both count the same hours, one keeps them.
    const [a, b] = await Promise.all([
      betsPerLottery(database.db, M, since, now),
      betsPerLottery(database.db, M, since, now),
    ]);
    expect(a).toEqual(expected);
    expect(b).toEqual(expected);
    const hours = (await database.db.execute(
      sql`select count(*)::int as n from lottery_bet_hours where game_code = '*'`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(hours.rows[0]!.n)).toBeGreaterThan(40);
    expect(await betsPerLottery(database.db, M, since, now)).toEqual(expected);
    // A bet now, on a counted lottery: counted at once.
    await database.db.execute(sql`insert into lottery_bets (merchant_code, member_id, draw_id, round_id, play_type,
        numbers, points, stake, win_per_hit, request_id, line)
      select merchant_code, member_id, draw_id, round_id, play_type, numbers, points, stake, win_per_hit,
        'popular-now', 0 from lottery_bets where merchant_code = ${M} order by id limit 1`);
    const later = new Date();
    expect(await betsPerLottery(database.db, M, since, later)).toEqual(await counted(since));
    // Another window's edges: a later start, and the whole history.
    const start = new Date(later.getTime() - DAY + 777_000);
    expect(await betsPerLottery(database.db, M, start, later)).toEqual(await counted(start));
    const all = new Date(later.getTime() - 5 * DAY);
    expect(await betsPerLottery(database.db, M, all, later)).toEqual(await counted(all));
    // Another merchant counts none of them.
    expect((await betsPerLottery(database.db, 'LOTUS', since, later)).size).toBe(0);
  });
});
