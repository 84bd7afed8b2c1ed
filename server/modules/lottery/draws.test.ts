import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayType } from '../../../contract/lottery.ts';
import type { Db } from '../../db/client.ts';
import { gameRounds, ledgerTransactions, lotteryBets, lotteryDraws, members } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { invariantBreaches, newMember } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { createResponsibleGambling } from '../responsible/service.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger } from '../wallet/ledger.ts';
import { LOTTERIES } from './catalogue.ts';
import { AHEAD, createDrawEngine } from './draws.ts';
import { commitmentOf } from './prizes.ts';
import { createLotteryService } from './service.ts';

let t: TestApp;
let db: Db;
let engine: ReturnType<typeof createDrawEngine>;
let service: ReturnType<typeof createLotteryService>;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
  engine = createDrawEngine(db);
  const rules = createRulesStore(db);
  const guard = createResponsibleGambling(db, createAuditLog(db));
  service = createLotteryService(db, { rules, guard, engine });
});
afterAll(() => t.close());

/** Vietnam local time (UTC+7) as an instant. */
const vn = (local: string) => new Date(`${local}+07:00`);
// Monday 7 January 2030, midday: XSMB draws at 18:15, Hồ Chí Minh City (South) at 16:15.
const T0 = vn('2030-01-07T12:00:00');

const drawRow = async (gameCode: string, issue: string) =>
  (
    await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, gameCode), eq(lotteryDraws.issue, issue)))
  )[0]!;

/** Fixes a committed draw's numbers (and its commitment, as if drawn so). */
async function rig(gameCode: string, issue: string, numbers: string) {
  const row = await drawRow(gameCode, issue);
  expect(row.status).toBe('COMMITTED');
  await db
    .update(lotteryDraws)
    .set({ numbers, commitment: commitmentOf(row.salt, numbers) })
    .where(eq(lotteryDraws.id, row.id));
}

const memberRow = async (id: number) =>
  (await db.select().from(members).where(eq(members.id, id)))[0] as Member;

describe('draw engine', () => {
  it('commits the next draws of every lottery once, even with two runs at the same moment', async () => {
    const [a, b] = await Promise.all([engine.ensureDraws(T0), engine.ensureDraws(T0)]);
    const daily = LOTTERIES.filter((l) => l.schedule.kind === 'daily').length;
    const fast = LOTTERIES.length - daily;
    const expected = daily * AHEAD.daily + fast * AHEAD.every;
    expect(a + b).toBe(expected);
    expect(await engine.ensureDraws(T0)).toBe(0);
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(lotteryDraws)) as [
      { n: number },
    ];
    expect(n).toBe(expected);
    // XSMB: today's 18:15 and tomorrow's; VN1P: the next three minutes.
    const mb = await db.select().from(lotteryDraws).where(eq(lotteryDraws.gameCode, 'XSMB'));
    expect(mb.map((d) => d.issue).sort()).toEqual(['20300107', '20300108']);
    const vn1 = await db.select().from(lotteryDraws).where(eq(lotteryDraws.gameCode, 'VN1P'));
    expect(vn1.map((d) => d.drawAt.toISOString()).sort()).toEqual([
      vn('2030-01-07T12:01:00').toISOString(),
      vn('2030-01-07T12:02:00').toISOString(),
      vn('2030-01-07T12:03:00').toISOString(),
    ]);
    // A later run adds only what is new.
    expect(await engine.ensureDraws(vn('2030-01-07T12:01:30'))).toBe(1);
  });

  it('hides numbers and salt until the draw time, then reveals them; the commitment verifies', async () => {
    const next = await service.next('PORTICO', 'VN1P', T0);
    expect(next).toMatchObject({ issue: '20300107-0721', drawTime: vn('2030-01-07T12:01:00').toISOString() });
    expect(next).not.toHaveProperty('salt');
    // Before its time: not revealed by the job, not in the results, no previous number in the menu.
    expect((await engine.revealDue(vn('2030-01-07T12:00:59'))).filter((d) => d.gameCode === 'VN1P')).toEqual(
      [],
    );
    expect((await service.opened('PORTICO', 'VN1P', 100)).list).toEqual([]);
    expect((await service.recent('PORTICO', 'Elott', 100)).results.VN1P).toEqual([]);
    const fastGroup = (await service.menu('PORTICO', 'Elott', T0)).groups[0]!;
    expect(fastGroup.gameMenus.find((g) => g.code === 'VN1P')!.previousWinningNumber).toBeNull();

    const revealed = await engine.revealDue(vn('2030-01-07T12:01:00'));
    expect(revealed.map((d) => `${d.gameCode} ${d.issue}`)).toContain('VN1P 20300107-0721');
    const [result] = (await service.opened('PORTICO', 'VN1P', 100)).list;
    expect(result!.issue).toBe('20300107-0721');
    expect(result!.commitment).toBe(next.commitment);
    expect(commitmentOf(result!.salt, result!.winningNumber)).toBe(next.commitment);
    expect(result!.winningNumber.split(',')).toHaveLength(8); // DB, G1 … G7 of the North
    expect(result!.winningNumber.split(/[,~]/)).toHaveLength(27);
    const menu = await service.menu('PORTICO', 'Elott', vn('2030-01-07T12:01:05'));
    const vn1 = menu.groups[0]!.gameMenus.find((g) => g.code === 'VN1P')!;
    expect(vn1.previousWinningNumber).toBe(result!.winningNumber);
    expect(vn1.previousWinningTime).toBe(result!.drawTime);
  });
});

// A northern draw with repeated and edge endings: 45 ends DB, G3 and G7 (three hits), 00 ends G1 and G5, 99 G7.
const NORTH_DRAW = [
  '12345',
  '98700',
  '11111~22222',
  '00045~33333~44444~55555~66666~77777',
  '1234~5678~9012~3456',
  '0000~1357~2468~9753~8642~1122',
  '123~456~789',
  '45~09~99~10',
].join(',');
// A southern draw: DB 123456, 56 ends DB and G8 (two hits).
const SOUTH_DRAW = [
  '123456',
  '11111',
  '22222',
  '33333~44444',
  '55555~66666~77777~88888~99999~00000~10101',
  '1212',
  '1313~1414~1515',
  '161',
  '56',
].join(',');

describe('settlement', () => {
  it('pays every play type by hand-computed amounts, exactly once with two settlers at once', async () => {
    const m = await newMember(db, 'lotsettle', 2_000_000n);
    const member = await memberRow(m.id);
    const line = (playType: PlayType, numbers: string[], points = 2) => ({ playType, numbers, points });
    // North (default win per point: LO2 95.00, DE 92.00, BA_CANG 900.00, XIEN2 16.40, XIEN3 69.00, XIEN4 299.00).
    const north = [
      [line('LO2', ['45']), 57_000], // 3 hits × 2 points × 95.00
      [line('LO2', ['00']), 38_000], // 2 hits
      [line('LO2', ['99']), 19_000], // 1 hit
      [line('LO2', ['01']), 0],
      [line('LO2', ['45'], 3), 85_500], // 3 hits × 3 points × 95.00
      [line('DE', ['45']), 18_400],
      [line('DE', ['99']), 0],
      [line('BA_CANG', ['345']), 180_000],
      [line('BA_CANG', ['045']), 0], // G3 ends 045, only the special prize counts
      [line('XIEN2', ['45', '00']), 3_280],
      [line('XIEN3', ['45', '00', '99']), 13_800],
      [line('XIEN4', ['45', '00', '99', '12']), 59_800],
      [line('XIEN4', ['45', '00', '99', '98']), 0],
    ] as const;
    // South: the same lô, đề and 3 càng wins; xiên 2 pays 34.40 a point, its numbers being rarer here.
    const south = [
      [line('LO2', ['56'], 3), 57_000], // 2 hits × 3 points × 95.00
      [line('DE', ['56']), 18_400],
      [line('BA_CANG', ['456']), 180_000],
      [line('XIEN2', ['56', '99']), 6_880],
      [line('XIEN2', ['56', '98']), 0],
    ] as const;
    const mbIssue = '20300107';
    const placedN = await service.place(
      'PORTICO',
      member,
      { requestId: randomUUID(), gameCode: 'XSMB', issue: mbIssue, bets: north.map(([l]) => ({ ...l })) },
      T0,
    );
    const placedS = await service.place(
      'PORTICO',
      member,
      { requestId: randomUUID(), gameCode: 'XSMN_HCM', issue: mbIssue, bets: south.map(([l]) => ({ ...l })) },
      T0,
    );
    // The server prices each line: lô 27.00 a point in the North, 18.00 in the South; the others 1.00.
    const cost = (l: { playType: PlayType; points: number }, lo: number) =>
      l.points * (l.playType === 'LO2' ? lo : 100);
    expect(placedN.bets.map((b) => b.stake)).toEqual(north.map(([l]) => cost(l, 2_700)));
    expect(placedS.bets.map((b) => b.stake)).toEqual(south.map(([l]) => cost(l, 1_800)));
    expect(placedS.bets[0]).toMatchObject({ points: 3, stake: 5_400, winPerHit: 28_500 });
    const stakes = [...placedN.bets, ...placedS.bets].reduce((s, b) => s + b.stake, 0);
    expect(placedS.balance).toBe(2_000_000 - stakes);
    await rig('XSMB', mbIssue, NORTH_DRAW);
    await rig('XSMN_HCM', mbIssue, SOUTH_DRAW);

    const drawTime = vn('2030-01-07T18:15:00');
    const reveals = await Promise.all([engine.revealDue(drawTime), engine.revealDue(drawTime)]);
    const ids = reveals.flat().map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain((await drawRow('XSMB', mbIssue)).id);
    expect(ids).toContain((await drawRow('XSMN_HCM', mbIssue)).id);

    const runs = await Promise.all([engine.settleDrawn(drawTime), engine.settleDrawn(drawTime)]);
    expect(runs[0]!.bets + runs[1]!.bets).toBe(north.length + south.length);
    expect(runs[0]!.draws + runs[1]!.draws).toBeGreaterThanOrEqual(2);
    expect(await engine.settleDrawn(drawTime)).toEqual({ bets: 0, draws: 0 });

    const expectations = [
      ...placedN.bets.map((b, i) => [b.id, north[i]![1]] as const),
      ...placedS.bets.map((b, i) => [b.id, south[i]![1]] as const),
    ];
    const bets = await db
      .select()
      .from(lotteryBets)
      .where(
        inArray(
          lotteryBets.id,
          expectations.map(([id]) => id),
        ),
      );
    const rounds = await db
      .select()
      .from(gameRounds)
      .where(
        inArray(
          gameRounds.id,
          bets.map((b) => b.roundId),
        ),
      );
    for (const [id, win] of expectations) {
      const bet = bets.find((b) => b.id === id)!;
      expect({ id, payout: Number(bet.payout) }).toEqual({ id, payout: win });
      expect(bet.status).toBe(win > 0 ? 'WON' : 'LOST');
      const round = rounds.find((r) => r.id === bet.roundId)!;
      expect(round).toMatchObject({ status: 'SETTLED', win: BigInt(win), bet: bet.stake });
    }
    expect(bets.find((b) => b.id === placedN.bets[0]!.id)!.winUnits).toBe(3);

    const wins = await db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.merchantCode, 'PORTICO'), eq(ledgerTransactions.kind, 'LOTTERY_WIN')));
    const winning = expectations.filter(([, w]) => w > 0);
    expect(wins.map((w) => w.idempotencyKey).sort()).toEqual(
      winning.map(([id]) => `lottery-win:${id}`).sort(),
    );
    const totalWin = winning.reduce((s, [, w]) => s + w, 0);
    expect(Number(await createLedger(db).walletBalance(m.main))).toBe(2_000_000 - stakes + totalWin);
    expect((await drawRow('XSMB', mbIssue)).status).toBe('SETTLED');
    expect((await drawRow('XSMN_HCM', mbIssue)).status).toBe('SETTLED');
    expect(await invariantBreaches(db)).toBe(0);

    // Settled bets read back with their result.
    const mine = await service.myBets('PORTICO', member, { status: 'WON', pageNo: 1, pageSize: 100 });
    expect(mine.list).toHaveLength(winning.length);
    expect(mine.list.every((b) => b.settledAt !== null && b.payout! > 0)).toBe(true);
  });
});
