// A member's bets page counts the member's bets without looking each one's draw up (unless filtered by lottery): the
// totals must stay those of the join it replaced.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../../bench/scaleSeed.ts';
import type { Database } from '../../db/client.ts';
import { seedLotteryHistory } from '../../db/seed/lotteryHistory.ts';
import { testDatabase } from '../../test/app.ts';
import type { Member } from '../auth/sessions.ts';
import { createRulesStore } from '../rules/store.ts';
import { createDrawEngine } from './draws.ts';
import { createLotteryService } from './service.ts';
import type { PlayVerdict } from './slip.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
  await seedLotteryHistory(database, new Date(), 1);
  // A day of tickets over the merchant's members and lotteries (the scale bench's seed, no games added).
  await seedScale(database.db, 'PORTICO', { games: 0, days: 1, ticketsPerDay: 600, members: 3 });
});
afterAll(() => database.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

describe("a member's bets", () => {
  it('count as the bets joined to their draws, with and without a lottery', async () => {
    const { db } = database;
    const service = createLotteryService(db, {
      rules: createRulesStore(db),
      // Only read here: no slip is placed.
      guard: {} as PlayVerdict,
      engine: createDrawEngine(db),
    });
    const [top] = await rows<{ member_id: number; n: number }>(sql`select member_id, count(*)::int as n
      from lottery_bets group by member_id order by count(*) desc limit 1`);
    expect(top?.n).toBeGreaterThan(1);
    const [member] = await rows<Record<string, unknown>>(
      sql`select * from members where id = ${top!.member_id}`,
    );
    const m = { id: member!.id, merchantCode: member!.merchant_code } as unknown as Member;
    const perGame = await rows<{ game_code: string; n: number }>(sql`select d.game_code, count(*)::int as n
      from lottery_bets b join lottery_draws d on d.id = b.draw_id
      where b.merchant_code = ${m.merchantCode} and b.member_id = ${m.id} group by d.game_code`);
    const total = perGame.reduce((s, g) => s + Number(g.n), 0);
    expect(total).toBe(Number(top!.n));
    // One bet a page: the pages are the bets.
    expect((await service.myBets(m.merchantCode, m, { pageNo: 1, pageSize: 1 })).totalPages).toBe(total);
    for (const g of perGame)
      expect(
        (await service.myBets(m.merchantCode, m, { gameCode: g.game_code, pageNo: 1, pageSize: 1 }))
          .totalPages,
      ).toBe(Number(g.n));
    // Another merchant sees none of them.
    expect((await service.myBets('NOPE', m, { pageNo: 1, pageSize: 1 })).totalPages).toBe(0);
  });
});
