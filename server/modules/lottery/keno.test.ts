import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotteryMenu } from '../../../contract/lottery.ts';
import type { Db } from '../../db/client.ts';
import { gameRounds, lotteryBets, members, vendors } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { invariantBreaches, newMember } from '../../test/play.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createAuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { createResponsibleGambling } from '../responsible/service.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger } from '../wallet/ledger.ts';
import { lotteryByCode } from './catalogue.ts';
import { createDrawEngine } from './draws.ts';
import {
  commitDraw,
  commitmentOf,
  drawNumbers,
  formatNumbers,
  KENO,
  NORTH,
  numberCount,
  parseNumbers,
  STRUCTURES,
} from './prizes.ts';
import { drawsBetween, nextDraw, saleState } from './schedule.ts';
import { createLotteryService } from './service.ts';

/** Vietnam local time (UTC+7, no daylight saving) as an instant. */
const vn = (local: string) => new Date(`${local}+07:00`);
const keno = lotteryByCode.get('KENO5')!;
/** A rigged source: counts up, so every draw is predictable. */
const counting = () => {
  let n = 0;
  return (max: number) => n++ % max;
};
/** A rigged source that always takes the last of what is left (the top of the range). */
const last = (max: number) => max - 1;

describe('Keno structure', () => {
  it('is one prize of 20 distinct two-digit numbers from 01 to 80, ascending', () => {
    expect(numberCount(KENO)).toBe(20);
    expect(STRUCTURES.KENO).toBe(KENO);
    for (const random of [counting(), last, () => 0, (max: number) => Math.floor(Math.random() * max)]) {
      const [prize, ...more] = drawNumbers(KENO, random);
      expect(more).toEqual([]);
      expect(prize).toHaveLength(20);
      expect(prize!.every((n) => /^\d{2}$/.test(n) && Number(n) >= 1 && Number(n) <= 80)).toBe(true);
      expect(new Set(prize).size).toBe(20);
      expect(prize).toEqual([...prize!].sort());
    }
    const two = (n: number) => String(n).padStart(2, '0');
    // Always the first of what is left: 01 … 20. Always the last: 80, then 01 … 19 (each swapped to the end).
    expect(drawNumbers(KENO, () => 0)[0]).toEqual(Array.from({ length: 20 }, (_, i) => two(i + 1)));
    expect(drawNumbers(KENO, last)[0]).toEqual([...Array.from({ length: 19 }, (_, i) => two(i + 1)), '80']);
  });

  it('draws every number of the range, each about as often (Fisher–Yates on the injected source)', () => {
    const seen = new Map<string, number>();
    let seed = 7;
    // A deterministic source (Park–Miller): 400 draws, 8,000 numbers, 100 per number expected.
    const lcg = (max: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return Math.floor((seed / 2_147_483_647) * max);
    };
    for (let i = 0; i < 400; i += 1)
      for (const n of drawNumbers(KENO, lcg)[0]!) seen.set(n, (seen.get(n) ?? 0) + 1);
    expect(seen.size).toBe(80);
    for (const hits of seen.values()) expect(hits).toBeGreaterThan(50);
  });

  it('keeps the spec format (one prize, tilde between numbers) and reads it back, checked', () => {
    const numbers = drawNumbers(KENO, counting());
    const text = formatNumbers(numbers);
    expect(text).toMatch(/^\d{2}(~\d{2}){19}$/);
    expect(text).not.toContain(',');
    expect(parseNumbers(text, KENO)).toEqual(numbers);
    expect(formatNumbers(parseNumbers(text, KENO))).toBe(text);
    const list = text.split('~');
    const bad = [
      list.slice(0, 19).join('~'), // 19 numbers
      [...list.slice(0, 19), list[18]].join('~'), // a repeat
      [...list.slice(1), list[0]].join('~'), // not ascending
      ['00', ...list.slice(1)].join('~'), // 00 is not drawn
      [...list.slice(0, 19), '81'].join('~'), // over 80
      [...list.slice(0, 19), '8'].join('~'), // one digit
      `${text},01`, // a second prize
    ];
    for (const b of bad) expect(() => parseNumbers(b, KENO), b).toThrow();
    expect(() => parseNumbers(text, NORTH)).toThrow();
    expect(() => parseNumbers(formatNumbers(drawNumbers(NORTH, counting())), KENO)).toThrow();
  });

  it('commits and reveals as the other lotteries do', () => {
    const d = commitDraw(KENO, counting());
    expect(d.numbers.split('~')).toHaveLength(20);
    expect(commitmentOf(d.salt, d.numbers)).toBe(d.commitment);
  });
});

describe('Keno schedule', () => {
  it('KENO5 is the GPI e-lottery of tag KENO, drawing every 5 minutes, sales closing 10 s before', () => {
    expect(keno).toMatchObject({
      tag: 'KENO',
      gameType: 'ELOTT',
      vendor: 'GPI',
      structure: 'KENO',
      lockSeconds: 10,
    });
    expect(nextDraw(keno, vn('2030-01-07T10:00:00'))).toEqual({
      issue: '20300107-0121',
      drawAt: vn('2030-01-07T10:05:00'),
      lockAt: vn('2030-01-07T10:04:50'),
    });
    // 288 draws a day, the last at midnight belonging to the day before.
    expect(drawsBetween(keno, vn('2030-01-07T00:00:01'), vn('2030-01-08T00:00:01'))).toHaveLength(288);
    expect(nextDraw(keno, vn('2030-01-07T23:58:00'))).toMatchObject({
      issue: '20300107-0288',
      drawAt: vn('2030-01-08T00:00:00'),
    });
    expect(nextDraw(keno, vn('2030-01-08T00:00:00')).issue).toBe('20300108-0001');
    expect(saleState(keno, vn('2030-01-07T10:04:40'))).toMatchObject({
      isSale: true,
      remainTime: 10_000,
      lockTime: 10_000,
    });
    expect(saleState(keno, vn('2030-01-07T10:04:55'))).toMatchObject({
      issue: '20300107-0121',
      isSale: false,
      remainTime: 0,
    });
  });
});

let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
let service: ReturnType<typeof createLotteryService>;
let engine: ReturnType<typeof createDrawEngine>;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
  api = client(t.app);
  engine = createDrawEngine(db);
  service = createLotteryService(db, {
    rules: createRulesStore(db),
    guard: createResponsibleGambling(db, createAuditLog(db)),
    engine,
  });
});
afterAll(() => t.close());

// Monday 7 January 2030, 18:05 Vietnam time. LOTUS has the GPI vendor in its catalogue, PORTICO does not.
const NOW = vn('2030-01-07T18:05:00');
const lotus = () => client(t.app, 'LOTUS');

describe('Keno in the menu and results', () => {
  it('lists a KENO group in the Elott menu of a merchant with the GPI vendor, none without it', async () => {
    const menu = await service.menu('LOTUS', 'Elott', NOW);
    expect(lotteryMenu.response.shape.data.parse(menu)).toBeTruthy();
    expect(menu.groups.map((g) => [g.tag, g.tagName, g.gameMenus.map((x) => x.code)])).toEqual([
      ['FAST', 'Xổ số nhanh', ['VN1P', 'VN3P', 'VN5P']],
      ['KENO', 'Keno', ['KENO5']],
    ]);
    expect(menu.groups[1]!.gameMenus[0]).toMatchObject({
      tag: 'KENO',
      gameType: 'ELOTT',
      vendor: 'GPI',
      accountTypeName: 'GPI',
      isSale: true,
      remainTime: 290_000,
      lockTime: 10_000,
      issue: '20300107-0218',
      drawTime: vn('2030-01-07T18:10:00').toISOString(),
      remark: "5'",
      previousWinningNumber: null,
      drawDayOfWeek: [1, 2, 3, 4, 5, 6, 7],
    });
    // Never among the daily lotteries.
    expect((await service.menu('LOTUS', 'Lott', NOW)).groups.map((g) => g.tag)).toEqual(['MB', 'MT', 'MN']);
    const http = await lotus().send('GET', '/lgw/vn/games/game_menu?prizeMode=Elott');
    expect(http.status).toBe(200);
    expect(lotteryMenu.response.parse(http.body)).toBeTruthy();
    expect(http.body.data.groups.map((g: { tag: string }) => g.tag)).toEqual(['FAST', 'KENO']);

    // PORTICO's catalogue has no GPI vendor: no KENO group, no Keno results.
    expect((await service.menu('PORTICO', 'Elott', NOW)).groups.map((g) => g.tag)).toEqual(['FAST']);
    expect((await api.send('GET', '/lgw/vn/numeros/opened/game?gameCode=KENO5')).status).toBe(404);
    expect((await api.send('GET', '/lgw/vn/draws/next?gameCode=KENO5')).status).toBe(404);
  });

  it('commits, reveals and lists Keno draws: opened numbers, recent results, next draw, previous numbers', async () => {
    await engine.ensureDraws(vn('2030-01-07T17:54:00'));
    await engine.ensureDraws(vn('2030-01-07T17:59:00'));
    await engine.revealDue(NOW);
    const opened = await service.opened('LOTUS', 'KENO5', 100);
    // Committed ahead at 17:54 and 17:59 (17:55 … 18:10); the draws up to 18:05 are revealed.
    expect(opened.list.map((r) => r.issue)).toEqual(['20300107-0217', '20300107-0216', '20300107-0215']);
    for (const r of opened.list) {
      expect(parseNumbers(r.winningNumber, KENO)[0]).toHaveLength(20);
      expect(commitmentOf(r.salt, r.winningNumber)).toBe(r.commitment);
    }
    const recent = await service.recent('LOTUS', 'Elott', 1);
    expect(Object.keys(recent.results).sort()).toEqual(['KENO5', 'VN1P', 'VN3P', 'VN5P']);
    expect(recent.results.KENO5).toEqual([opened.list[0]]);
    const http = await lotus().send('GET', '/lgw/vn/numeros/opened/game?gameCode=KENO5&count=1');
    expect(http.status).toBe(200);
    expect(http.body.data.list[0].winningNumber).toMatch(/^\d{2}(~\d{2}){19}$/);

    const game = (await service.menu('LOTUS', 'Elott', NOW)).groups.find((g) => g.tag === 'KENO')!
      .gameMenus[0]!;
    expect(game.previousWinningNumber).toBe(opened.list[0]!.winningNumber);
    expect(game.previousWinningTime).toBe(NOW.toISOString());

    expect(await service.next('LOTUS', 'KENO5', NOW)).toEqual({
      gameCode: 'KENO5',
      issue: '20300107-0218',
      drawTime: vn('2030-01-07T18:10:00').toISOString(),
      lockTime: vn('2030-01-07T18:09:50').toISOString(),
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const res = await lotus().send('GET', '/lgw/vn/draws/next?gameCode=KENO5');
    expect(res.status).toBe(200);
    expect(res.body.data.gameCode).toBe('KENO5');
    expect(JSON.stringify(res.body)).not.toContain('salt');
  });
});

describe('Keno bets', () => {
  const balanceOf = async (walletId: number) => Number(await createLedger(db).walletBalance(walletId));
  const count = async (table: typeof lotteryBets | typeof gameRounds, memberId: number) =>
    (
      (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.memberId, memberId))) as [{ n: number }]
    )[0].n;
  const KENO_ONLY = 'Keno takes no lô/đề bets';

  it('refuses every slip on a Keno game with 400 on the play type; nothing moves', async () => {
    const m = await memberWithToken(db, 'lotkeno', 100_000n, { merchantCode: 'LOTUS' });
    const issue = saleState(keno, new Date()).issue;
    const body = (bets: object[], extra: object = {}) => ({
      requestId: randomUUID(),
      gameCode: 'KENO5',
      issue,
      bets,
      ...extra,
    });
    const cases = [
      body([{ playType: 'LO2', numbers: ['07'], points: 1 }]),
      body([
        { playType: 'DE', numbers: ['07'], points: 1 },
        { playType: 'XIEN2', numbers: ['07', '08'], points: 1 },
      ]),
      // Whatever the issue (closed long ago): the game itself takes no bets.
      body([{ playType: 'BA_CANG', numbers: ['123'], points: 1 }], { issue: '20300107-0001' }),
    ];
    for (const c of cases) {
      const res = await lotus().send('POST', '/wps/lottery/bets', c, m.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION',
        message: KENO_ONLY,
        fields: { 'bets.0.playType': KENO_ONLY },
      });
    }
    expect((await lotus().send('POST', '/wps/lottery/bets', cases[1], m.token)).body.fields).toEqual({
      'bets.0.playType': KENO_ONLY,
      'bets.1.playType': KENO_ONLY,
    });

    // The service refuses it too, while the draw is on sale.
    const other = await newMember(db, 'lotkeno2', 10_000n, 'LOTUS');
    const member = (await db.select().from(members).where(eq(members.id, other.id)))[0] as Member;
    await expect(
      service.place(
        'LOTUS',
        member,
        {
          requestId: randomUUID(),
          gameCode: 'KENO5',
          issue: '20300107-0218',
          bets: [{ playType: 'LO2', numbers: ['11'], points: 1 }],
        },
        NOW,
      ),
    ).rejects.toMatchObject({ statusCode: 400, fields: { 'bets.0.playType': KENO_ONLY } });

    expect(await balanceOf(m.main)).toBe(100_000);
    expect(await balanceOf(other.main)).toBe(10_000);
    for (const id of [m.id, other.id]) {
      expect(await count(lotteryBets, id)).toBe(0);
      expect(await count(gameRounds, id)).toBe(0);
    }
    const mine = await lotus().send('GET', '/wps/lottery/bets?gameCode=KENO5', undefined, m.token);
    expect(mine.body.value.list).toEqual([]);
    expect(await invariantBreaches(db)).toBe(0);
  });
});

describe('a merchant losing its GPI vendor', () => {
  it('drops the KENO group, its results and next draw once the vendor row is gone', async () => {
    expect((await service.menu('LOTUS', 'Elott', NOW)).groups.map((g) => g.tag)).toEqual(['FAST', 'KENO']);
    await db.delete(vendors).where(and(eq(vendors.merchantCode, 'LOTUS'), eq(vendors.vassalage, 'GPI')));
    expect((await service.menu('LOTUS', 'Elott', NOW)).groups.map((g) => g.tag)).toEqual(['FAST']);
    const http = await lotus().send('GET', '/lgw/vn/games/game_menu?prizeMode=Elott');
    expect(http.body.data.groups.map((g: { tag: string }) => g.tag)).toEqual(['FAST']);
    expect((await lotus().send('GET', '/lgw/vn/numeros/opened/game?gameCode=KENO5')).status).toBe(404);
    expect(Object.keys((await service.recent('LOTUS', 'Elott', 1)).results).sort()).toEqual([
      'VN1P',
      'VN3P',
      'VN5P',
    ]);
    expect((await service.popular('LOTUS', 50, NOW)).list.map((g) => g.code)).not.toContain('KENO5');
    // The fast lotteries of its other vendor stay.
    expect((await service.opened('LOTUS', 'VN5P', 1)).list).toHaveLength(1);
  });
});
