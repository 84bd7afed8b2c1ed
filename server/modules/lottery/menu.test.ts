import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotteryMenu } from '../../../contract/lottery.ts';
import type { Db } from '../../db/client.ts';
import { lotteryDraws, members } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { approveChange } from '../../test/changes.ts';
import { newMember } from '../../test/play.ts';
import { statementRecorder } from '../../test/statements.ts';
import { createAuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { createResponsibleGambling } from '../responsible/service.ts';
import { createRulesStore } from '../rules/store.ts';
import { createDrawEngine, drawnResults, publicResult, resultColumns } from './draws.ts';
import { createLotteryService } from './service.ts';

const OPS = 'ops-secret-for-lottery-tests';
let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
let service: ReturnType<typeof createLotteryService>;
let engine: ReturnType<typeof createDrawEngine>;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
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

const vn = (local: string) => new Date(`${local}+07:00`);
// Monday 7 January 2030, 18:05 Vietnam time: the North's sales closed at 18:00 for its 18:15 draw.
const NOW = vn('2030-01-07T18:05:00');

describe('lottery menu', () => {
  it('groups the daily lotteries MB, MT, MN with their sale state at a fixed time', async () => {
    const menu = await service.menu('PORTICO', 'Lott', NOW);
    expect(lotteryMenu.response.shape.data.parse(menu)).toBeTruthy();
    expect(menu.serverTime).toBe(NOW.toISOString());
    expect(menu.groups.map((g) => [g.tag, g.gameMenus.length])).toEqual([
      ['MB', 1],
      ['MT', 14],
      ['MN', 21],
    ]);
    const mb = menu.groups[0]!.gameMenus[0]!;
    expect(mb).toMatchObject({
      code: 'XSMB',
      tag: 'MB',
      gameType: 'LOTT',
      vendor: 'TCG_LOTTO_VN',
      isSale: false,
      remainTime: 0,
      lockTime: 15 * 60_000,
      issue: '20300107',
      drawTime: vn('2030-01-07T18:15:00').toISOString(),
      previousWinningNumber: null,
      drawDayOfWeek: [1, 2, 3, 4, 5, 6, 7],
    });
    // Hồ Chí Minh City drew at 16:15 today (Monday); next on Saturday, on sale until 16:00 that day.
    const hcm = menu.groups[2]!.gameMenus.find((g) => g.code === 'XSMN_HCM')!;
    expect(hcm).toMatchObject({
      isSale: true,
      issue: '20300112',
      drawDayOfWeek: [2, 7],
      remainTime: vn('2030-01-12T16:00:00').getTime() - NOW.getTime(),
    });
    const sorts = menu.groups.flatMap((g) => g.gameMenus.map((x) => x.gameMenuSort));
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));

    const fast = await service.menu('PORTICO', 'Elott', NOW);
    // PORTICO's catalogue has no GPI vendor: no KENO group (see keno.test.ts).
    expect(fast.groups.map((g) => g.tag)).toEqual(['FAST']);
    expect(
      fast.groups[0]!.gameMenus.map((g) => [g.code, g.vendor, g.gameType, g.isSale, g.remainTime]),
    ).toEqual([
      ['VN1P', 'TCG_SEA', 'ELOTT', true, 50_000],
      ['VN3P', 'TCG_SEA', 'ELOTT', true, 50_000],
      ['VN5P', 'TCG_SEA', 'ELOTT', true, 290_000],
    ]);
    expect((await service.menu('PORTICO', 'SEA', NOW)).groups).toEqual([]);
  });

  it('answers the menu over HTTP with the contract shape and the server time', async () => {
    const res = await api.send('GET', '/lgw/vn/games/game_menu?prizeMode=Elott');
    expect(res.status).toBe(200);
    expect(lotteryMenu.response.parse(res.body)).toBeTruthy();
    expect(Math.abs(Date.parse(res.body.data.serverTime) - Date.now())).toBeLessThan(60_000);
    expect((await api.send('GET', '/lgw/vn/games/game_menu?prizeMode=Nope')).status).toBe(400);
    expect((await api.send('GET', '/lgw/vn/games/game_menu/recent')).status).toBe(401);
  });
});

describe('results', () => {
  it('lists opened numbers newest first (count ≤ 100, drawn only) and recent results by game', async () => {
    // Fast draws of 18:01 … 18:05 revealed; those after 18:05 stay committed.
    await engine.ensureDraws(vn('2030-01-07T18:00:00'));
    for (const m of [1, 2, 3, 4]) await engine.ensureDraws(vn(`2030-01-07T18:0${m}:00`));
    await engine.revealDue(NOW);
    const opened = await service.opened('PORTICO', 'VN1P', 100);
    expect(opened.list.map((r) => r.issue)).toEqual([
      '20300107-1085',
      '20300107-1084',
      '20300107-1083',
      '20300107-1082',
      '20300107-1081',
    ]);
    expect((await service.opened('PORTICO', 'VN1P', 2)).list).toHaveLength(2);
    const recent = await service.recent('PORTICO', 'Elott', 3);
    expect(Object.keys(recent.results).sort()).toEqual(['VN1P', 'VN3P', 'VN5P']);
    expect(recent.results.VN1P!.map((r) => r.issue)).toEqual([
      '20300107-1085',
      '20300107-1084',
      '20300107-1083',
    ]);
    expect(recent.results.VN5P!.map((r) => r.issue)).toEqual(['20300107-0217']);

    const http = await api.send('GET', '/lgw/vn/numeros/opened/game?gameCode=VN1P&count=3');
    expect(http.status).toBe(200);
    expect(http.body.data.list).toHaveLength(3);
    expect((await api.send('GET', '/lgw/vn/numeros/opened/game?gameCode=VN1P&count=101')).status).toBe(400);
    expect((await api.send('GET', '/lgw/vn/numeros/opened/game?gameCode=NOPE')).status).toBe(404);
    const byGame = await api.send('GET', '/lgw/vn/games/recent?prizeMode=Elott&recentCount=1');
    expect(byGame.body.data.results.VN3P).toHaveLength(1);

    // The menu shows the last one as the previous winning number.
    const menu = await service.menu('PORTICO', 'Elott', NOW);
    expect(menu.groups[0]!.gameMenus[0]!.previousWinningNumber).toBe(opened.list[0]!.winningNumber);
  });

  it('hands the results over as one value however many there are, as the draw rows show them', async () => {
    const statements = statementRecorder(t.database);
    let opened: Awaited<ReturnType<typeof service.opened>> | undefined;
    const sent = await statements.capture(async () => {
      opened = await service.opened('PORTICO', 'VN1P', 100);
    });
    const rows = await db
      .select(resultColumns)
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'VN1P'), inArray(lotteryDraws.status, ['DRAWN', 'SETTLED'])))
      .orderBy(desc(lotteryDraws.drawAt));
    expect(rows).toHaveLength(5);
    expect(JSON.stringify(opened!.list)).toBe(JSON.stringify(rows.map(publicResult)));
    // The merchant's lotteries, then the five results as one row of one field: PGlite decodes each field on its own.
    expect(sent).toHaveLength(2);
    expect(sent[1]!.reply).toEqual({ rows: 1, fields: 1 });
    // JSON writes an instant with the session's offset, not UTC's.
    const inHanoi = await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Ho_Chi_Minh'`);
      return drawnResults(tx as unknown as Db, 'VN1P', 100);
    });
    expect(inHanoi).toEqual(rows);
  });

  it('publishes the next draw with its commitment only', async () => {
    const next = await service.next('PORTICO', 'XSMB', NOW);
    expect(next).toEqual({
      gameCode: 'XSMB',
      issue: '20300107',
      drawTime: vn('2030-01-07T18:15:00').toISOString(),
      lockTime: vn('2030-01-07T18:00:00').toISOString(),
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const res = await api.send('GET', '/lgw/vn/draws/next?gameCode=VN5P');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual([
      'commitment',
      'drawTime',
      'gameCode',
      'issue',
      'lockTime',
    ]);
    expect(JSON.stringify(res.body)).not.toContain('salt');
  });
});

describe('popular and recent lotteries', () => {
  it('ranks by bets of the last 7 days, then menu order; the recent menu lists what the member bet on', async () => {
    const m = await newMember(db, 'lotpop', 100_000n);
    const member = (await db.select().from(members).where(eq(members.id, m.id)))[0] as Member;
    const at = vn('2030-01-07T18:06:10');
    for (const [gameCode, issue, n] of [
      ['VN5P', '20300107-0218', 2],
      ['XSMN_HCM', '20300112', 1],
    ] as const)
      for (let i = 0; i < n; i += 1)
        await service.place(
          'PORTICO',
          member,
          {
            requestId: randomUUID(),
            gameCode,
            issue,
            bets: [{ playType: 'LO2', numbers: ['11'], points: 1 }],
          },
          at,
        );
    const popular = await service.popular('PORTICO', 4, at);
    expect(popular.list.map((g) => g.code)).toEqual(['VN5P', 'XSMN_HCM', 'XSMB', 'XSMT_TTH']);
    // Eight days later the bets no longer count.
    const later = await service.popular('PORTICO', 2, new Date(at.getTime() + 8 * 86_400_000));
    expect(later.list.map((g) => g.code)).toEqual(['XSMB', 'XSMT_TTH']);

    const recentLott = await service.recentMenu('PORTICO', member, 'Lott', at);
    expect(recentLott.groups.map((g) => [g.tag, g.gameMenus.map((x) => x.code)])).toEqual([
      ['MN', ['XSMN_HCM']],
    ]);
    const recentFast = await service.recentMenu('PORTICO', member, 'Elott', at);
    expect(recentFast.groups.map((g) => [g.tag, g.gameMenus.map((x) => x.code)])).toEqual([
      ['FAST', ['VN5P']],
    ]);
  });

  it('reads the recent menu in one statement beside the catalogue, however many lotteries it holds', async () => {
    const m = await newMember(db, 'lotrecent', 100_000n);
    const member = (await db.select().from(members).where(eq(members.id, m.id)))[0] as Member;
    const at = vn('2030-01-07T18:06:10');
    const menu = () => service.menu('PORTICO', 'Lott', at);
    const onSale = (await menu()).groups.flatMap((g) => g.gameMenus).filter((g) => g.isSale);
    // One of the North's and Centre's games and two of the South's, the last bet last.
    const bet = [onSale[0]!, onSale.at(-1)!, onSale[1]!, onSale.at(-2)!];
    for (const [i, g] of bet.entries())
      await service.place(
        'PORTICO',
        member,
        {
          requestId: randomUUID(),
          gameCode: g.code,
          issue: g.issue,
          bets: [{ playType: 'LO2', numbers: ['11'], points: 1 }],
        },
        new Date(at.getTime() + i * 1_000),
      );
    const statements = statementRecorder(t.database);
    let recent: Awaited<ReturnType<typeof service.recentMenu>> | undefined;
    const sent = await statements.capture(async () => {
      recent = await service.recentMenu('PORTICO', member, 'Lott', at);
    });
    // Each group's games, last bet first, as the whole menu shows them at the same time.
    const all = (await menu()).groups;
    const newestFirst = bet.map((g) => g.code).reverse();
    expect(recent!.groups).toEqual(
      all
        .map((g) => ({
          ...g,
          gameMenus: g.gameMenus
            .filter((x) => newestFirst.includes(x.code))
            .sort((a, b) => newestFirst.indexOf(a.code) - newestFirst.indexOf(b.code)),
        }))
        .filter((g) => g.gameMenus.length > 0),
    );
    expect(recent!.groups.flatMap((g) => g.gameMenus)).toHaveLength(4);
    // The merchant's lotteries, then the member's with their draws: not a statement more for their draws.
    expect(sent).toHaveLength(2);
    expect(await statements.capture(menu)).toHaveLength(2);

    // A fast draw past its time and not yet revealed (no job runs here) is not an official draw awaiting results.
    const fast = (await service.menu('PORTICO', 'Elott', at)).groups
      .flatMap((g) => g.gameMenus)
      .find((g) => g.isSale)!;
    await service.place(
      'PORTICO',
      member,
      {
        requestId: randomUUID(),
        gameCode: fast.code,
        issue: fast.issue,
        bets: [{ playType: 'LO2', numbers: ['11'], points: 1 }],
      },
      at,
    );
    const late = new Date(Date.parse(fast.drawTime) + 1_000);
    const recentFast = await service.recentMenu('PORTICO', member, 'Elott', late);
    expect(recentFast.groups.flatMap((g) => g.gameMenus.map((x) => [x.code, x.awaitingIssue]))).toEqual([
      [fast.code, null],
    ]);
  });
});

describe('rules', () => {
  const opsAuth = { authorization: `Bearer ${OPS}` };
  it('reads the defaults, and an operator sets the merchant’s odds and limits through the ops route', async () => {
    const initial = await api.send('GET', '/lgw/vn/games/rules');
    expect(initial.status).toBe(200);
    expect(initial.body.data.rules).toContainEqual({
      playType: 'DE',
      pointCost: { NORTH: 100, SOUTH: 100 },
      winPerPoint: { NORTH: 9_200, SOUTH: 9_200 },
      minPoints: 1,
      maxPoints: 5_000,
    });
    // Lô: a point costs one unit per number drawn, 27 in the North and 18 in the South.
    expect(initial.body.data.rules).toContainEqual(
      expect.objectContaining({ playType: 'LO2', pointCost: { NORTH: 2_700, SOUTH: 1_800 } }),
    );
    const read = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/PORTICO/rules/lottery',
      headers: opsAuth,
    });
    expect(read.json().value).toMatchObject({ topic: 'lottery', custom: false });
    const rules = read.json().value.rules;
    rules.plays.DE = {
      pointCost: { NORTH: 1_000, SOUTH: 1_000 },
      winPerPoint: { NORTH: 90_000, SOUTH: 88_000 },
      minPoints: 5,
      maxPoints: 100,
    };
    const set = await t.app.inject({
      method: 'PUT',
      url: '/ops/merchants/PORTICO/rules/lottery',
      headers: opsAuth,
      payload: rules,
    });
    expect(set.statusCode).toBe(200);
    // A draft: members see it once another operator approves it.
    expect((await api.send('GET', '/lgw/vn/games/rules')).body.data.rules).toEqual(initial.body.data.rules);
    await approveChange(t.app, set.json().value.change.id);
    const after = await api.send('GET', '/lgw/vn/games/rules');
    expect(after.body.data.rules).toContainEqual({
      playType: 'DE',
      pointCost: { NORTH: 1_000, SOUTH: 1_000 },
      winPerPoint: { NORTH: 90_000, SOUTH: 88_000 },
      minPoints: 5,
      maxPoints: 100,
    });
    // Another merchant keeps the defaults; a bad value is refused whole.
    const lotus = await client(t.app, 'LOTUS').send('GET', '/lgw/vn/games/rules');
    expect(lotus.body.data.rules.find((r: { playType: string }) => r.playType === 'DE').minPoints).toBe(1);
    rules.plays.DE.minPoints = 200;
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/ops/merchants/PORTICO/rules/lottery',
      headers: opsAuth,
      payload: rules,
    });
    expect(bad.statusCode).toBe(400);
    expect((await api.send('GET', '/lgw/vn/games/rules')).body.data.rules).toContainEqual(
      expect.objectContaining({ playType: 'DE', minPoints: 5 }),
    );
  });
});
