import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { gameRounds, ledgerTransactions, members, merchants, missionClaims } from '../../db/schema/index.ts';
import type { Merchant } from '../../http/merchant.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { invariantBreaches, newMember, playedRound } from '../../test/play.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createAuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger } from '../wallet/ledger.ts';
import { currentPeriod } from './periods.ts';
import { MISSION_RULES } from './rules.ts';
import { createMissionService } from './service.ts';

let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
let merchant: Merchant;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
  api = client(t.app);
  [merchant] = (await db.select().from(merchants).where(eq(merchants.code, 'PORTICO'))) as [Merchant];
});
afterAll(() => t.close());

const ZONE = 'Asia/Ho_Chi_Minh';
/** Wednesday 12 March 2031, 12:00 in the merchant's zone (UTC+7); its week began Monday 10 March. */
const WEDNESDAY_NOON = new Date('2031-03-12T05:00:00Z');
const local = (isoLocal: string) => new Date(`${isoLocal}+07:00`);

const serviceAt = (at: () => Date) =>
  createMissionService(db, {
    ledger: createLedger(db),
    audit: createAuditLog(db),
    rules: createRulesStore(db),
    now: at,
  });

const round = (memberId: number, settledAt: Date, o: Parameters<typeof playedRound>[3] = {}) =>
  playedRound(db, memberId, settledAt, o);

const memberRow = async (id: number) =>
  (await db.select().from(members).where(eq(members.id, id)))[0] as Member;

const byCode = (list: { code: string }[]) => Object.fromEntries(list.map((m) => [m.code, m]));

describe('mission periods', () => {
  it('are the merchant’s calendar day and ISO week (from Monday), as instants', () => {
    expect(currentPeriod('DAILY', ZONE, WEDNESDAY_NOON)).toEqual({
      startDate: '2031-03-12',
      start: new Date('2031-03-11T17:00:00Z'),
      end: new Date('2031-03-12T17:00:00Z'),
    });
    expect(currentPeriod('WEEKLY', ZONE, WEDNESDAY_NOON)).toEqual({
      startDate: '2031-03-10',
      start: new Date('2031-03-09T17:00:00Z'),
      end: new Date('2031-03-16T17:00:00Z'),
    });
    // Sunday 23:59 local is still the week that began the Monday before; Monday 00:00 starts the next.
    expect(currentPeriod('WEEKLY', ZONE, local('2031-03-16T23:59:00')).startDate).toBe('2031-03-10');
    expect(currentPeriod('WEEKLY', ZONE, local('2031-03-17T00:00:00')).startDate).toBe('2031-03-17');
  });
});

describe('mission progress', () => {
  it('counts settled rounds of the period only: not open or rolled-back ones, not other periods or members', async () => {
    const m = await newMember(db, 'ms_progress', 0n);
    const other = await newMember(db, 'ms_progress_other', 0n);
    const today = '2031-03-12';
    await round(m.id, local(`${today}T08:00:00`), { bet: 4_000, win: 0 });
    await round(m.id, local(`${today}T09:00:00`), { bet: 2_500, win: 6_000 });
    await round(m.id, local(`${today}T09:30:00`), { bet: 1_000, win: 300 });
    await round(m.id, local(`${today}T10:00:00`), { bet: 50_000, win: 90_000, status: 'ROLLED_BACK' });
    await round(m.id, local(`${today}T10:30:00`), { bet: 50_000, status: 'OPEN' });
    // Monday of the same week: weekly only. The Sunday before: neither.
    await round(m.id, local('2031-03-10T12:00:00'), { bet: 3_000, win: 0 });
    await round(m.id, local('2031-03-09T23:59:00'), { bet: 90_000, win: 1 });
    await round(other.id, local(`${today}T08:00:00`), { bet: 99_000, win: 5 });

    const summary = await serviceAt(() => WEDNESDAY_NOON).summary(merchant, await memberRow(m.id));
    const ms = byCode(summary.missions);
    expect(ms.DAILY_BET_100).toEqual({
      code: 'DAILY_BET_100',
      period: 'DAILY',
      metric: 'BET_AMOUNT',
      target: 10_000,
      progress: 7_500,
      reward: 200,
      status: 'IN_PROGRESS',
      periodEnd: '2031-03-12T17:00:00.000Z',
    });
    expect(ms.DAILY_ROUNDS_20).toMatchObject({ progress: 3, status: 'IN_PROGRESS' });
    expect(ms.DAILY_WIN_1).toMatchObject({ progress: 2, status: 'CLAIMABLE' });
    expect(ms.WEEKLY_BET_2000).toMatchObject({
      progress: 10_500,
      status: 'IN_PROGRESS',
      periodEnd: '2031-03-16T17:00:00.000Z',
    });
    expect(summary.openCount).toBe(4);
  });

  it('puts a round at 23:30 local in that day and one at 00:30 in the next (UTC+7)', async () => {
    const m = await newMember(db, 'ms_boundary', 0n);
    await round(m.id, local('2031-03-11T23:30:00'), { bet: 10_000, win: 0 }); // 16:30 UTC on the 11th
    await round(m.id, local('2031-03-12T00:30:00'), { bet: 1_000, win: 0 }); // 17:30 UTC, still the 11th in UTC
    const member = await memberRow(m.id);
    const lateOn11th = await serviceAt(() => local('2031-03-11T23:45:00')).summary(merchant, member);
    expect(byCode(lateOn11th.missions).DAILY_BET_100).toMatchObject({
      progress: 10_000,
      status: 'CLAIMABLE',
      periodEnd: '2031-03-11T17:00:00.000Z',
    });
    const on12th = await serviceAt(() => local('2031-03-12T00:45:00')).summary(merchant, member);
    expect(byCode(on12th.missions).DAILY_BET_100).toMatchObject({ progress: 1_000, status: 'IN_PROGRESS' });
    expect(byCode(on12th.missions).WEEKLY_BET_2000).toMatchObject({ progress: 11_000 });
  });

  it('reads the catalogue from the merchant’s rules', async () => {
    const m = await newMember(db, 'ms_rules', 0n);
    await round(m.id, local('2031-03-12T08:00:00'), { bet: 500 });
    const store = createRulesStore(db);
    await store.set('LOTUS', MISSION_RULES, {
      missions: [{ code: 'DAILY_ROUNDS_1', period: 'DAILY', metric: 'ROUNDS', target: 1, reward: 77 }],
    });
    // PORTICO keeps the defaults; LOTUS has its own catalogue.
    const service = serviceAt(() => WEDNESDAY_NOON);
    const [lotus] = (await db.select().from(merchants).where(eq(merchants.code, 'LOTUS'))) as [Merchant];
    expect((await service.summary(lotus, await memberRow(m.id))).missions.map((x) => x.code)).toEqual([
      'DAILY_ROUNDS_1',
    ]);
    expect((await service.summary(merchant, await memberRow(m.id))).missions).toHaveLength(4);
  });
});

describe('mission claims', () => {
  const claimsOf = (memberId: number) =>
    db.select().from(missionClaims).where(eq(missionClaims.memberId, memberId));

  it('pays a complete mission once, from the house promotion wallet, and marks it claimed', async () => {
    const m = await newMember(db, 'ms_claim', 1_000n);
    await round(m.id, local('2031-03-12T08:00:00'), { bet: 100, win: 150 });
    const service = serviceAt(() => WEDNESDAY_NOON);
    const member = await memberRow(m.id);

    expect(await service.claim(merchant, member, 'DAILY_WIN_1')).toEqual({ reward: 50, balance: 1_050 });
    const again = await service.claim(merchant, member, 'DAILY_WIN_1');
    expect(again).toEqual({ reward: 50, balance: 1_050 });

    const [tx] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `mission:${m.id}:DAILY_WIN_1:2031-03-12`));
    expect(tx?.kind).toBe('MISSION_REWARD');
    expect(await claimsOf(m.id)).toEqual([
      expect.objectContaining({
        missionCode: 'DAILY_WIN_1',
        periodStart: '2031-03-12',
        reward: 50n,
        ledgerTransactionId: tx!.id,
      }),
    ]);
    const summary = await service.summary(merchant, member);
    expect(byCode(summary.missions).DAILY_WIN_1).toMatchObject({ status: 'CLAIMED' });
    expect(summary.openCount).toBe(3);

    // The next day the mission starts over and can be earned again.
    const thursday = serviceAt(() => local('2031-03-13T09:00:00'));
    expect(byCode((await thursday.summary(merchant, member)).missions).DAILY_WIN_1).toMatchObject({
      progress: 0,
      status: 'IN_PROGRESS',
    });
    await round(m.id, local('2031-03-13T08:00:00'), { bet: 100, win: 150 });
    expect(await thursday.claim(merchant, member, 'DAILY_WIN_1')).toEqual({ reward: 50, balance: 1_100 });
    expect(await claimsOf(m.id)).toHaveLength(2);
  });

  it('pays concurrent claims of one mission once', async () => {
    const m = await newMember(db, 'ms_race', 0n);
    for (let i = 0; i < 20; i += 1) await round(m.id, local('2031-03-12T07:00:00'), { bet: 10 });
    const service = serviceAt(() => WEDNESDAY_NOON);
    const member = await memberRow(m.id);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => service.claim(merchant, member, 'DAILY_ROUNDS_20')),
    );
    expect(results.map((r) => r.reward)).toEqual([100, 100, 100, 100, 100, 100]);
    expect(await createLedger(db).walletBalance(m.main)).toBe(100n);
    expect(await claimsOf(m.id)).toHaveLength(1);
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('refuses an incomplete mission (409) and writes nothing', async () => {
    const m = await newMember(db, 'ms_incomplete', 0n);
    await round(m.id, local('2031-03-12T07:00:00'), { bet: 9_999 });
    const claim = serviceAt(() => WEDNESDAY_NOON).claim(merchant, await memberRow(m.id), 'DAILY_BET_100');
    await expect(claim).rejects.toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect(await claimsOf(m.id)).toHaveLength(0);
    expect(await createLedger(db).walletBalance(m.main)).toBe(0n);
  });
});

describe('mission calls', () => {
  it('answer the summary, refuse unknown (404), incomplete (409) and malformed (400) claims, need a token', async () => {
    const m = await memberWithToken(db, 'ms_http', 0n);
    const summary = await api.send('GET', '/wps/mission/summary', undefined, m.token);
    expect(summary.status).toBe(200);
    expect(summary.body.value.openCount).toBe(4);
    expect(summary.body.value.missions.map((x: { status: string }) => x.status)).toEqual([
      'IN_PROGRESS',
      'IN_PROGRESS',
      'IN_PROGRESS',
      'IN_PROGRESS',
    ]);
    const claim = (code: string) => api.send('POST', '/wps/mission/claim', { code }, m.token);
    expect((await claim('NO_SUCH_MISSION')).status).toBe(404);
    expect(await claim('DAILY_WIN_1')).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect(await claim('bad code!')).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect((await api.send('GET', '/wps/mission/summary')).status).toBe(401);
  });

  it('refuses a trial account’s claim (403)', async () => {
    const m = await memberWithToken(db, 'ms_trial', 0n);
    await db.update(members).set({ agentType: 4 }).where(eq(members.id, m.id));
    await round(m.id, new Date(), { bet: 100, win: 200 });
    const res = await api.send('POST', '/wps/mission/claim', { code: 'DAILY_WIN_1' }, m.token);
    expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('claims through the API and updates the balance', async () => {
    const m = await memberWithToken(db, 'ms_http_claim', 500n);
    await round(m.id, new Date(), { bet: 100, win: 200 });
    const res = await api.send('POST', '/wps/mission/claim', { code: 'DAILY_WIN_1' }, m.token);
    expect(res).toMatchObject({ status: 200, body: { value: { reward: 50, balance: 550 } } });
    const summary = await api.send('GET', '/wps/mission/summary', undefined, m.token);
    expect(summary.body.value.openCount).toBe(3);
  });
});

describe('leaderboard', () => {
  /** Monday 2 June 2031: a day no other test plays on. */
  const DAY = '2031-06-02';
  const at = (hhmm: string) => local(`${DAY}T${hhmm}:00`);

  it('ranks real members of the merchant by settled bets, top 20, ties to who got there first; masks accounts', async () => {
    const players: { id: number; account: string }[] = [];
    // 21 members betting 1 000, 2 000 … 21 000; the caller is the smallest (rank 21, outside the top 20).
    for (let i = 1; i <= 21; i += 1) {
      const p = await newMember(db, `lb_player${String(i).padStart(2, '0')}`, 0n);
      players.push(p);
      await round(p.id, at('10:00'), { bet: i * 1_000 });
    }
    // Ties with player 21 (21 000), but reached it later: ranks after.
    const late = await newMember(db, 'lb_latecomer', 0n);
    await round(late.id, at('09:00'), { bet: 20_000 });
    await round(late.id, at('11:00'), { bet: 1_000 });
    await round(late.id, at('11:30'), { bet: 500_000, status: 'ROLLED_BACK' });
    // A trial account and another merchant's member bet the most: neither is listed.
    const trial = await newMember(db, 'lb_trial', 0n);
    await db.update(members).set({ agentType: 4 }).where(eq(members.id, trial.id));
    await round(trial.id, at('10:00'), { bet: 900_000 });
    const lotus = await newMember(db, 'lb_lotus', 0n, 'LOTUS');
    await db.insert(gameRounds).values({
      merchantCode: 'LOTUS',
      memberId: lotus.id,
      vassalage: 'TESTV',
      nodeId: 'n',
      gameType: 'RNG',
      roundRef: 'lb-lotus',
      bet: 800_000n,
      status: 'SETTLED',
      settledAt: at('10:00'),
    });
    // The day before (Sunday, the previous week): counts for neither board.
    await round(players[0]!.id, local('2031-06-01T23:30:00'), { bet: 700_000 });

    const service = serviceAt(() => at('12:00'));
    const me = await memberRow(players[0]!.id);
    const board = await service.leaderboard(merchant, me, 'DAILY');
    expect(board.list).toHaveLength(20);
    expect(board.list.slice(0, 3)).toEqual([
      { rank: 1, account: 'lb***21', betAmount: 21_000 },
      { rank: 2, account: 'lb***er', betAmount: 21_000 },
      { rank: 3, account: 'lb***20', betAmount: 20_000 },
    ]);
    expect(board.list.at(-1)).toEqual({ rank: 20, account: 'lb***03', betAmount: 3_000 });
    expect(board.list.map((e) => e.account)).not.toContain('lb***al');
    expect(board.me).toEqual({ rank: 22, betAmount: 1_000 });
    expect(board.periodEnd).toBe(local('2031-06-03T00:00:00').toISOString());

    // Monday: the week is the day so far.
    const weekly = await service.leaderboard(merchant, me, 'WEEKLY');
    expect(weekly.list.slice(0, 2).map((e) => e.betAmount)).toEqual([21_000, 21_000]);

    // A member that has not bet has no rank.
    const idle = await newMember(db, 'lb_idle', 0n);
    expect((await service.leaderboard(merchant, await memberRow(idle.id), 'DAILY')).me).toEqual({
      rank: null,
      betAmount: 0,
    });
  });

  it('answers over the API with the period', async () => {
    const m = await memberWithToken(db, 'lb_http', 0n);
    const res = await api.send('GET', '/wps/mission/leaderboard?period=WEEKLY', undefined, m.token);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ period: 'WEEKLY', me: { rank: null, betAmount: 0 } });
    const bad = await api.send('GET', '/wps/mission/leaderboard?period=YEARLY', undefined, m.token);
    expect(bad.status).toBe(400);
  });
});
