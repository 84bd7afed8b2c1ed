import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { changes, feedback, gameRounds, members, paymentOrders, sessions } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';

/**
 * The dashboard against a fresh merchant (JADE, Asia/Ho_Chi_Minh: UTC+7, no daylight saving) whose every row is
 * written here at known times, on a clock fixed at 2026-11-27 10:00 local.
 */
const OPS = 'dashboard-ops-token';
const NOW = Date.parse('2026-11-27T03:00:00Z');
let t: TestApp;
let db: Db;

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${OPS}` } });
  return { status: res.statusCode, body: res.json() };
};

async function member(account: string, createdAt: string, agentType = 0) {
  const [m] = await db
    .insert(members)
    .values({
      merchantCode: 'JADE',
      account,
      nickname: account,
      passwordHash: 'x',
      agentType,
      createdAt: new Date(createdAt),
    })
    .returning();
  return m!.id;
}

const order = (
  memberId: number,
  kind: 'DEPOSIT' | 'WITHDRAWAL',
  amount: bigint,
  status: string,
  at: string,
) =>
  db.insert(paymentOrders).values({
    merchantCode: 'JADE',
    memberId,
    kind,
    channel: 'BANK',
    amount,
    status: status as 'PENDING',
    requestId: randomUUID(),
    createdAt: new Date(at),
  });

const round = (memberId: number, bet: bigint, win: bigint, at: string, status = 'SETTLED') =>
  db.insert(gameRounds).values({
    merchantCode: 'JADE',
    memberId,
    vassalage: 'PORTICO',
    nodeId: 'n1',
    gameType: 'RNG',
    roundRef: randomUUID(),
    bet,
    win,
    status: status as 'SETTLED',
    createdAt: new Date(at),
  });

beforeAll(async () => {
  t = await testApp({ opsToken: OPS, clock: () => NOW });
  db = t.database.db;
  const made = await t.app.inject({
    method: 'POST',
    url: '/ops/merchants',
    headers: { authorization: `Bearer ${OPS}` },
    payload: {
      code: 'JADE',
      name: 'Jade Club',
      domains: ['jade.localhost'],
      primary: '#0a7d3b',
      accent: '#ffd166',
      defaultTheme: 'light',
      copyCatalogueFrom: 'LOTUS',
    },
  });
  expect(made.statusCode).toBe(200);
  // 2026-11-26 23:30 local is still the 26th; 00:30 local on the 27th is 17:30 UTC on the 26th.
  const ann = await member('ann', '2026-11-26T16:30:00Z');
  const bob = await member('bob', '2026-11-26T17:30:00Z');
  await member('trial', '2026-11-27T01:00:00Z', 4);
  const cat = await member('cat', '2026-11-20T01:00:00Z');
  await order(ann, 'DEPOSIT', 10_000n, 'CREDITED', '2026-11-27T01:10:00Z');
  await order(bob, 'DEPOSIT', 5_000n, 'CREDITED', '2026-11-27T02:20:00Z');
  await order(bob, 'DEPOSIT', 7_000n, 'PENDING', '2026-11-27T02:25:00Z');
  await order(ann, 'DEPOSIT', 9_000n, 'REJECTED', '2026-11-27T02:26:00Z');
  await order(ann, 'WITHDRAWAL', 3_000n, 'REQUESTED', '2026-11-27T02:30:00Z');
  await order(bob, 'WITHDRAWAL', 1_000n, 'NOT_RECEIVED', '2026-11-26T10:00:00Z');
  await round(ann, 500n, 0n, '2026-11-27T01:15:00Z');
  await round(ann, 500n, 1_200n, '2026-11-27T01:45:00Z');
  await round(bob, 300n, 0n, '2026-11-27T02:40:00Z');
  await round(bob, 999n, 0n, '2026-11-27T02:41:00Z', 'ROLLED_BACK');
  await round(cat, 800n, 100n, '2026-11-25T05:00:00Z');
  await db.insert(sessions).values({
    tokenHash: randomUUID(),
    memberId: cat,
    merchantCode: 'JADE',
    createdAt: new Date('2026-11-27T00:05:00Z'),
  });
  await db
    .insert(feedback)
    .values({ merchantCode: 'JADE', content: 'hi', createdAt: new Date('2026-11-27T00:00:00Z') });
  await db.insert(changes).values({
    merchantCode: 'JADE',
    kind: 'RULES',
    ref: 'rebate',
    value: {},
    draftedById: 0,
    draftedBy: 'ops:someone',
  });
}, 120_000);
afterAll(() => t?.close());

describe('GET /ops/dashboard', () => {
  it('sums today in the merchant’s time zone, per hour', async () => {
    const { status, body } = await get('/ops/dashboard?merchant=JADE');
    expect(status).toBe(200);
    const v = body.value;
    expect([v.from, v.to, v.timeZone, v.bucket]).toEqual([
      '2026-11-27',
      '2026-11-27',
      'Asia/Ho_Chi_Minh',
      'hour',
    ]);
    expect(v.totals).toEqual({
      deposits: { count: 2, amount: 15_000 },
      withdrawals: { count: 1, amount: 3_000 },
      bets: { count: 3, stake: 1_300 },
      payout: 1_200,
      ggr: 100,
      newMembers: 1,
    });
    // ann and bob bet, cat logged in.
    expect(v.activeMembers).toBe(3);
    expect(v.queues).toEqual({
      deposits: 1,
      withdrawals: 1,
      disputes: 1,
      changes: 1,
      redemptions: 0,
      feedback: 1,
    });
    expect(v.series).toHaveLength(24);
    expect(v.series[0].at).toBe('2026-11-26T17:00:00.000Z');
    const eight = v.series.find((s: { at: string }) => s.at === '2026-11-27T01:00:00.000Z');
    expect([eight.deposits, eight.bets, eight.payout, eight.ggr]).toEqual([
      { count: 1, amount: 10_000 },
      { count: 2, stake: 1_000 },
      1_200,
      -200,
    ]);
  });

  it('sums a range per day, each day from the merchant’s midnight', async () => {
    const { body } = await get('/ops/dashboard?merchant=JADE&from=2026-11-25&to=2026-11-27');
    const v = body.value;
    expect(v.bucket).toBe('day');
    expect(v.series.map((s: { at: string }) => s.at)).toEqual([
      '2026-11-24T17:00:00.000Z',
      '2026-11-25T17:00:00.000Z',
      '2026-11-26T17:00:00.000Z',
    ]);
    expect(v.series.map((s: { newMembers: number }) => s.newMembers)).toEqual([0, 1, 1]);
    expect(v.series.map((s: { bets: { stake: number } }) => s.bets.stake)).toEqual([800, 0, 1_300]);
    expect(v.series[1].withdrawals).toEqual({ count: 1, amount: 1_000 });
    expect(v.totals.ggr).toBe(800 - 100 + 100);
    expect(v.activeMembers).toBe(3);
  });

  it('refuses a range backwards or longer than 92 days, field by field', async () => {
    const back = await get('/ops/dashboard?merchant=JADE&from=2026-11-27&to=2026-11-26');
    expect([back.status, back.body.code, back.body.fields]).toEqual([
      400,
      'VALIDATION',
      { to: 'The end is before the start' },
    ]);
    const long = await get('/ops/dashboard?merchant=JADE&from=2026-01-01&to=2026-11-27');
    expect([long.status, long.body.fields]).toEqual([400, { to: 'At most 92 days' }]);
    const ok = await get('/ops/dashboard?merchant=JADE&from=2026-08-28&to=2026-11-27');
    expect([ok.status, ok.body.value.series.length]).toEqual([200, 92]);
    const bad = await get('/ops/dashboard?merchant=JADE&from=27.11.2026');
    expect([bad.status, Object.keys(bad.body.fields)]).toEqual([400, ['from']]);
  });

  it('answers 404 for an unknown merchant', async () => {
    expect((await get('/ops/dashboard?merchant=NOPE')).status).toBe(404);
  });
});
