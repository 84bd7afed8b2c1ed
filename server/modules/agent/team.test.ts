import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { createLedger } from '../wallet/ledger.ts';
import { paymentOrder, playRound, teamMember, today } from './testTeam.ts';

let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
/**
 * tm_a (agent) ── tm_m1 (member)
 *              └─ tm_s (agent) ── tm_m2 (member)
 * tm_b (agent of another branch) ── tm_mb
 */
let a: Awaited<ReturnType<typeof teamMember>>;
let m1: typeof a;
let s: typeof a;
let m2: typeof a;
let mb: typeof a;

const setCreated = (id: number, at: string) =>
  db
    .update(members)
    .set({ createdAt: new Date(at) })
    .where(eq(members.id, id));

beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
  api = client(t.app);
  a = await teamMember(db, 'tm_a', { agentType: 1 });
  m1 = await teamMember(db, 'tm_m1', { uplineId: a.id, credit: 5_000n });
  s = await teamMember(db, 'tm_s', { uplineId: a.id, agentType: 2 });
  m2 = await teamMember(db, 'tm_m2', { uplineId: s.id });
  const b = await teamMember(db, 'tm_b', { agentType: 1 });
  mb = await teamMember(db, 'tm_mb', { uplineId: b.id });
  // Zone +07:00: 2025-03-10T17:30Z is already the 11th there, 2025-03-09T16:59Z still the 9th.
  await setCreated(m1.id, '2025-03-11T02:00:00Z');
  await setCreated(m2.id, '2025-03-09T18:00:00Z');
  await playRound(db, m1, { bet: 1000, win: 300, at: '2025-03-10T05:00:00Z' });
  await playRound(db, m1, { bet: 500, win: 2000, at: '2025-03-10T17:30:00Z' });
  await playRound(db, m1, { bet: 100, at: '2025-03-09T16:59:00Z' });
  await playRound(db, m2, { bet: 2000, at: '2025-03-12T10:00:00Z' });
  await playRound(db, m2, { bet: 700, at: '2025-03-12T11:00:00Z', status: 'OPEN' });
  await playRound(db, m2, { bet: 400, at: '2025-03-12T12:00:00Z', status: 'ROLLED_BACK' });
  await playRound(db, a, { bet: 9999, at: '2025-03-10T05:00:00Z' });
  await playRound(db, mb, { bet: 5000, at: '2025-03-10T05:00:00Z' });
  await paymentOrder(db, m1, {
    kind: 'DEPOSIT',
    amount: 10_000,
    status: 'CREDITED',
    at: '2025-03-10T03:00:00Z',
  });
  await paymentOrder(db, m2, {
    kind: 'DEPOSIT',
    amount: 5_000,
    status: 'PENDING',
    at: '2025-03-10T03:00:00Z',
  });
  await paymentOrder(db, m2, {
    kind: 'DEPOSIT',
    amount: 3_000,
    status: 'CREDITED',
    at: '2025-03-12T17:30:00Z',
  });
  await paymentOrder(db, m1, {
    kind: 'WITHDRAWAL',
    amount: 4_000,
    status: 'RECEIVED',
    at: '2025-03-11T01:00:00Z',
  });
  await paymentOrder(db, m2, {
    kind: 'WITHDRAWAL',
    amount: 1_000,
    status: 'REQUESTED',
    at: '2025-03-11T01:00:00Z',
  });
  await paymentOrder(db, mb, {
    kind: 'DEPOSIT',
    amount: 7_777,
    status: 'CREDITED',
    at: '2025-03-10T03:00:00Z',
  });
});
afterAll(() => t.close());

const get = (path: string, token: string) => api.send('GET', path, undefined, token);
const RANGE = 'from=2025-03-10&to=2025-03-12';

describe('team overview', () => {
  it('counts the subtree below the agent: settled rounds by settlement day in the merchant’s zone, money credited or paid', async () => {
    const { status, body } = await get(`/wps/agent/team/overview?${RANGE}`, a.token);
    expect(status).toBe(200);
    expect(body.value).toEqual({
      teamSize: 3,
      directMembers: 1,
      directAgents: 1,
      newMembers: 2,
      activeMembers: 2,
      bet: 3500,
      win: 2300,
      profit: -1200,
      deposits: 10_000,
      withdrawals: 4_000,
      days: [
        { day: '2025-03-10', newMembers: 1, activeMembers: 1, bet: 1000, profit: -700 },
        { day: '2025-03-11', newMembers: 1, activeMembers: 1, bet: 500, profit: 1500 },
        { day: '2025-03-12', newMembers: 0, activeMembers: 1, bet: 2000, profit: -2000 },
      ],
    });
  });

  it('answers a sub-agent for its own branch only', async () => {
    const { body } = await get(`/wps/agent/team/overview?${RANGE}`, s.token);
    expect(body.value).toMatchObject({ teamSize: 1, directMembers: 1, directAgents: 0, bet: 2000, win: 0 });
  });

  it('refuses an end before the start on `to` and more than 93 days on `from`', async () => {
    const backwards = await get('/wps/agent/team/overview?from=2025-03-12&to=2025-03-10', a.token);
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.fields)).toEqual(['to']);
    const long = await get('/wps/agent/team/overview?from=2025-01-01&to=2025-04-04', a.token);
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.fields)).toEqual(['from']);
    const quarter = await get('/wps/agent/team/overview?from=2025-01-01&to=2025-04-03', a.token);
    expect(quarter.body.value.days).toHaveLength(93);
    for (const path of ['/wps/agent/team/bets', '/wps/agent/team/loss', '/wps/agent/team/transactions'])
      expect((await get(`${path}?from=2025-01-01&to=2025-04-04`, a.token)).body.fields, path).toHaveProperty(
        'from',
      );
  });

  it('refuses on `to` a range ending after today in the merchant’s zone, on every report; today itself is fine', async () => {
    const day = today();
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const path of [
      '/wps/agent/team/overview',
      '/wps/agent/team/bets',
      '/wps/agent/team/loss',
      '/wps/agent/team/transactions',
      '/wps/agent/income',
    ]) {
      const future = await get(`${path}?from=${day}&to=${next}`, a.token);
      expect([path, future.status, future.body.code]).toEqual([path, 400, 'VALIDATION']);
      expect(future.body.fields, path).toEqual({ to: 'Choose an end date no later than today' });
      expect((await get(`${path}?from=${next}&to=${next}`, a.token)).body.fields, path).toHaveProperty('to');
      expect((await get(`${path}?from=${day}&to=${day}`, a.token)).status, path).toBe(200);
    }
  });
});

describe('team betting', () => {
  it('lists every round of the downline placed in the range, newest first, with totals of rounds not rolled back', async () => {
    const { body } = await get('/wps/agent/team/bets?from=2025-03-09&to=2025-03-13', a.token);
    expect(
      body.value.list.map((r: { account: string; bet: number; status: string }) => [
        r.account,
        r.bet,
        r.status,
      ]),
    ).toEqual([
      ['tm_m2', 400, 'ROLLED_BACK'],
      ['tm_m2', 700, 'OPEN'],
      ['tm_m2', 2000, 'SETTLED'],
      ['tm_m1', 500, 'SETTLED'],
      ['tm_m1', 1000, 'SETTLED'],
      ['tm_m1', 100, 'SETTLED'],
    ]);
    expect(body.value.list[0]).toMatchObject({ gameType: 'RNG', at: '2025-03-12T12:00:00.000Z' });
    expect(body.value.list[0].gameName).toBeTruthy();
    expect(body.value.totals).toEqual({ bet: 4300, win: 2300, rounds: 6 });
    expect(body.value.totalPages).toBe(1);
  });

  it('filters by account (prefix), status and game type, and pages', async () => {
    const q = 'from=2025-03-09&to=2025-03-13';
    const m2only = await get(`/wps/agent/team/bets?${q}&account=TM_M2`, a.token);
    expect(m2only.body.value.totals.rounds).toBe(3);
    const both = await get(`/wps/agent/team/bets?${q}&account=tm_m`, a.token);
    expect(both.body.value.totals.rounds).toBe(6);
    const open = await get(`/wps/agent/team/bets?${q}&status=OPEN`, a.token);
    expect(open.body.value.list.map((r: { bet: number }) => r.bet)).toEqual([700]);
    const lottery = await get(`/wps/agent/team/bets?${q}&gameType=LOTT`, a.token);
    expect(lottery.body.value).toMatchObject({ list: [], totals: { rounds: 0 } });
    const paged = await get(`/wps/agent/team/bets?${q}&pageSize=4&pageNo=2`, a.token);
    expect(paged.body.value).toMatchObject({ totalPages: 2, list: [{ bet: 1000 }, { bet: 100 }] });
  });

  it('finds nothing for an account of another branch, nor the agent’s own rounds', async () => {
    const q = 'from=2025-03-09&to=2025-03-13';
    for (const account of ['tm_mb', 'tm_a', 'tm_'])
      expect(
        (await get(`/wps/agent/team/bets?${q}&account=${account}`, s.token)).body.value.list.map(
          (r: { account: string }) => r.account,
        ),
      ).toEqual(account === 'tm_' ? ['tm_m2', 'tm_m2', 'tm_m2'] : []);
  });
});

describe('user loss', () => {
  it('sums each downline member’s settled rounds, biggest loss first', async () => {
    const { body } = await get(`/wps/agent/team/loss?${RANGE}`, a.token);
    expect(body.value).toEqual({
      list: [
        { memberId: m2.id, account: 'tm_m2', rounds: 1, bet: 2000, win: 0, profit: -2000 },
        { memberId: m1.id, account: 'tm_m1', rounds: 2, bet: 1500, win: 2300, profit: 800 },
      ],
      totals: { bet: 3500, win: 2300, profit: -1200 },
      totalPages: 1,
    });
    const page2 = await get(`/wps/agent/team/loss?${RANGE}&pageSize=1&pageNo=2`, a.token);
    expect(page2.body.value).toMatchObject({ list: [{ account: 'tm_m1' }], totalPages: 2 });
    const foreign = await get(`/wps/agent/team/loss?${RANGE}&account=tm_mb`, a.token);
    expect(foreign.body.value).toEqual({ list: [], totals: { bet: 0, win: 0, profit: 0 }, totalPages: 0 });
  });
});

describe('team transactions', () => {
  it('lists the downline’s main-wallet movements by kind, without bets and wins', async () => {
    const ledger = createLedger(db);
    const code = 'PORTICO';
    const house = await ledger.wallet(code, null, 'HOUSE_CASH');
    const promo = await ledger.wallet(code, null, 'HOUSE_PROMO');
    const vendor = await ledger.wallet(code, m1.id, 'DEMO_VENDOR');
    const move = (key: string, kind: string, from: number, to: number, amount: bigint) =>
      ledger.post(code, `team-test:${key}`, kind, [
        { walletId: from, amount: -amount },
        { walletId: to, amount },
      ]);
    await move('dep', 'DEPOSIT_CREDIT', house, m1.main, 10_000n);
    await move('bet', 'SEAMLESS_BET', m1.main, house, 100n);
    await move('vendor', 'VENDOR_TRANSFER', m1.main, vendor, 200n);
    await move('rebate', 'REBATE', promo, m2.main, 50n);
    await move('upline', 'TRANSFER_UPLINE', m2.main, s.main, 20n);
    await move('contract', 'CONTRACT_PAY', promo, s.main, 300n);
    await move('own', 'DEPOSIT_CREDIT', house, a.main, 1n);
    await move('foreign', 'DEPOSIT_CREDIT', house, mb.main, 2n);
    const day = today();
    const { body } = await get(`/wps/agent/team/transactions?from=${day}&to=${day}&pageSize=50`, a.token);
    const rows = body.value.list.filter((r: { account: string }) => r.account.startsWith('tm_'));
    expect(
      rows.map((r: { account: string; kind: string; detail: string; amount: number }) => [
        r.account,
        r.kind,
        r.detail,
        r.amount,
      ]),
    ).toEqual([
      ['tm_s', 'CONTRACT', 'CONTRACT_PAY', 300],
      ['tm_s', 'TRANSFER', 'TRANSFER_UPLINE', 20],
      ['tm_m2', 'TRANSFER', 'TRANSFER_UPLINE', -20],
      ['tm_m2', 'BONUS', 'REBATE', 50],
      ['tm_m1', 'TRANSFER', 'VENDOR_TRANSFER', -200],
      ['tm_m1', 'DEPOSIT', 'DEPOSIT_CREDIT', 10_000],
    ]);
    // m1 started with 5,000 from the test credit, which is not one of the page's kinds.
    expect(rows.at(-1)).toMatchObject({ balanceAfter: 15_000 });
    const transfers = await get(`/wps/agent/team/transactions?from=${day}&to=${day}&kind=TRANSFER`, a.token);
    expect(transfers.body.value.list.map((r: { detail: string }) => r.detail)).toEqual([
      'TRANSFER_UPLINE',
      'TRANSFER_UPLINE',
      'VENDOR_TRANSFER',
    ]);
    const foreign = await get(`/wps/agent/team/transactions?from=${day}&to=${day}&account=tm_mb`, a.token);
    expect(foreign.body.value).toEqual({ list: [], totalPages: 0 });
    const sub = await get(`/wps/agent/team/transactions?from=${day}&to=${day}`, s.token);
    expect(sub.body.value.list.map((r: { account: string }) => r.account)).toEqual(['tm_m2', 'tm_m2']);
  });
});

describe('team management', () => {
  it('lists the direct downline or every level with upline, team size, main balance and last login', async () => {
    const direct = await get('/wps/agent/downline', a.token);
    expect(direct.body.value.list).toEqual([
      expect.objectContaining({
        account: 'tm_m1',
        level: 1,
        uplineAccount: 'tm_a',
        teamSize: 0,
        agentType: 0,
      }),
      expect.objectContaining({
        account: 'tm_s',
        level: 1,
        uplineAccount: 'tm_a',
        teamSize: 1,
        agentType: 2,
      }),
    ]);
    expect(direct.body.value.list[0].lastLoginAt).toEqual(expect.any(String));
    const all = await get('/wps/agent/downline?scope=all', a.token);
    expect(
      all.body.value.list.map((m: { account: string; level: number; uplineAccount: string }) => [
        m.account,
        m.level,
        m.uplineAccount,
      ]),
    ).toEqual([
      ['tm_m1', 1, 'tm_a'],
      ['tm_s', 1, 'tm_a'],
      ['tm_m2', 2, 'tm_s'],
    ]);
    const m1Balance = all.body.value.list[0].balance;
    expect(m1Balance).toBeGreaterThanOrEqual(5_000);
    const found = await get('/wps/agent/downline?scope=all&account=TM_M', a.token);
    expect(found.body.value.list.map((m: { account: string }) => m.account)).toEqual(['tm_m1', 'tm_m2']);
    const foreign = await get('/wps/agent/downline?scope=all&account=tm_mb', a.token);
    expect(foreign.body.value).toEqual({ list: [], totalPages: 0 });
    const paged = await get('/wps/agent/downline?scope=all&pageSize=2&pageNo=2', a.token);
    expect(paged.body.value).toMatchObject({ totalPages: 2, list: [{ account: 'tm_m2' }] });
  });
});
