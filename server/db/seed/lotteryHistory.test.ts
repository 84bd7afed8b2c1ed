import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotteryMenu, openedNumbers } from '../../../contract/lottery.ts';
import { buildApp } from '../../app.ts';
import { LOTTERIES } from '../../modules/lottery/catalogue.ts';
import { commitmentOf, parseNumbers, STRUCTURES } from '../../modules/lottery/prizes.ts';
import { drawsBetween } from '../../modules/lottery/schedule.ts';
import { type TestApp, testApp, testDatabase } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { lotteryDraws } from '../schema/index.ts';
import { seedFor } from './index.ts';
import { HISTORY_DAYS } from './lotteryHistory.ts';

const DAY = 86_400_000;
let t: TestApp;
let started: Date;
let seeded: Awaited<ReturnType<typeof seedFor>>;
beforeAll(async () => {
  // The test template holds the demo merchants and no draw: the start's seeding adds the lottery history.
  t = await testApp();
  started = new Date();
  seeded = await seedFor(t.database, { seed: 'demo', production: false });
}, 600_000);
afterAll(() => t?.close());

describe('demo lottery history', () => {
  it('holds every lottery’s draws of the last 7 days, revealed and settled with valid commitments', async () => {
    expect(seeded.demo).toBe(true);
    const since = new Date(started.getTime() - HISTORY_DAYS * DAY);
    const rows = await t.database.db.select().from(lotteryDraws).where(gte(lotteryDraws.drawAt, since));
    for (const lottery of LOTTERIES) {
      const expected = drawsBetween(lottery, since, started).map((s) => s.issue);
      const mine = rows.filter((r) => r.gameCode === lottery.code);
      // Every draw of the week up to the seeding (a draw falling due while the test runs may be missing).
      expect(mine.length, lottery.code).toBeGreaterThanOrEqual(expected.length);
      expect(new Set(mine.map((r) => r.issue)), lottery.code).toEqual(
        new Set([...expected, ...mine.map((r) => r.issue)]),
      );
      expect(expected.length, lottery.code).toBeGreaterThan(0);
      for (const r of mine) {
        expect(r.status, `${r.gameCode} ${r.issue}`).toBe('SETTLED');
        expect(r.source).toBe(lottery.results === 'OFFICIAL' ? 'DEVELOPMENT' : 'HOUSE');
        expect(r.commitment).toBe(commitmentOf(r.salt, r.numbers));
        expect(() => parseNumbers(r.numbers, STRUCTURES[lottery.structure])).not.toThrow();
      }
    }
    // A whole week of the daily North lottery, a week of the 1-minute one.
    expect(rows.filter((r) => r.gameCode === 'XSMB').length).toBeGreaterThanOrEqual(HISTORY_DAYS - 1);
    expect(rows.filter((r) => r.gameCode === 'VN1P').length).toBeGreaterThanOrEqual(HISTORY_DAYS * 1440 - 2);
  });

  it('shows every lottery of both menus with its previous numbers and its results list', async () => {
    for (const merchant of ['PORTICO', 'LOTUS']) {
      const api = client(t.app, merchant);
      for (const prizeMode of ['Lott', 'Elott']) {
        const res = await api.send('GET', `/lgw/vn/games/game_menu?prizeMode=${prizeMode}`);
        const games = lotteryMenu.response.parse(res.body).data.groups.flatMap((g) => g.gameMenus);
        expect(games.length).toBeGreaterThan(0);
        for (const g of games) expect(g.previousWinningNumber, `${merchant} ${g.code}`).not.toBeNull();
      }
    }
    const opened = await client(t.app).send('GET', '/lgw/vn/numeros/opened/game?gameCode=XSMB&count=100');
    const list = openedNumbers.response.parse(opened.body).data.list;
    expect(list.length).toBeGreaterThanOrEqual(HISTORY_DAYS - 1);
    expect(Date.parse(list.at(-1)!.drawTime)).toBeLessThan(started.getTime() - (HISTORY_DAYS - 1) * DAY);
  });

  it('a demo start with no history days seeds the demo and no draw', async () => {
    const database = await testDatabase();
    try {
      const result = await seedFor(database, { seed: 'demo', production: false, historyDays: 0 });
      expect(result.demo).toBe(true);
      expect(await database.db.$count(lotteryDraws)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('seeds once: a second start adds no draw', async () => {
    const count = () => t.database.db.$count(lotteryDraws, and(eq(lotteryDraws.gameCode, 'VN5P')));
    const before = await count();
    await seedFor(t.database, { seed: 'demo', production: false });
    expect(await count()).toBe(before);
  });
});

describe('production start (PORTICO_SEED=none)', () => {
  it('seeds no draw: the lotteries show their next draw until the job draws them', async () => {
    const database = await testDatabase();
    try {
      await seedFor(database, { seed: 'none', production: true });
      expect(await database.db.$count(lotteryDraws)).toBe(0);
      // What the pages read for "No result yet. Next draw: …": no previous numbers, the next draw's time.
      const app = await buildApp({ db: database.db });
      try {
        const res = await client(app).send('GET', '/lgw/vn/games/game_menu?prizeMode=Lott');
        const games = lotteryMenu.response.parse(res.body).data.groups.flatMap((g) => g.gameMenus);
        expect(games.length).toBeGreaterThan(0);
        for (const g of games) {
          expect(g.previousWinningNumber, g.code).toBeNull();
          expect(Date.parse(g.drawTime), g.code).toBeGreaterThan(Date.now() - 60_000);
        }
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
