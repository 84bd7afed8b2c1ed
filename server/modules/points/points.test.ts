import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyFor } from '../../../contract/points.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  ledgerTransactions,
  members,
  merchants,
  pointAccounts,
  pointEntries,
  pointRedemptions,
  pointRewards,
} from '../../db/schema/index.ts';
import type { Merchant } from '../../http/merchant.ts';
import { hashPassword } from '../../lib/password.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { invariantBreaches, playedRound } from '../../test/play.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createAuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { SETTLE_MARGIN_MS } from '../rebate/service.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger } from '../wallet/ledger.ts';
import { POINTS_RULES } from './rules.ts';
import { createPointsService, pointsFor } from './service.ts';

const OPS = 'points-ops-token';
const PASSWORD = 'Points123';
const BALANCE = '/wps/points/balance';
const REWARDS = '/wps/points/rewards';
const REDEEM = '/wps/points/redeem';
const REDEMPTIONS = '/wps/points/redemptions';
const CONVERT = '/wps/points/convert';
const ENTRIES = '/wps/points/entries';

let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
  t = await testApp({ opsToken: OPS });
  db = t.database.db;
  api = client(t.app);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** A member with a session and the login password PASSWORD, holding `money` in MAIN and `points`. */
async function player(
  account: string,
  opts: { points?: number; money?: bigint; merchantCode?: string } = {},
) {
  const merchantCode = opts.merchantCode ?? 'PORTICO';
  const m = await memberWithToken(db, account, opts.money ?? 0n, { merchantCode });
  await db.update(members).set({ passwordHash }).where(eq(members.id, m.id));
  if (opts.points) {
    const points = BigInt(opts.points);
    await db.insert(pointAccounts).values({ memberId: m.id, merchantCode, balance: points });
    await db.insert(pointEntries).values({
      merchantCode,
      memberId: m.id,
      amount: points,
      kind: 'OPS',
      ref: `test:${account}`,
      balanceAfter: points,
    });
  }
  return m;
}

const round = (
  memberId: number,
  settledAt: Date,
  bet: number,
  status: 'SETTLED' | 'OPEN' | 'ROLLED_BACK' = 'SETTLED',
) => playedRound(db, memberId, settledAt, { bet, status });

async function reward(r: {
  points: number;
  kind?: 'CASH' | 'GOODS';
  cashAmount?: bigint;
  stock?: number | null;
}) {
  const [row] = await db
    .insert(pointRewards)
    .values({
      merchantCode: 'PORTICO',
      names: { en: `Test reward ${r.points}`, vi: `Phần thưởng ${r.points}` },
      points: r.points,
      kind: r.kind ?? 'GOODS',
      cashAmount: r.cashAmount ?? null,
      stock: r.stock ?? null,
      sort: 100,
    })
    .returning();
  return row!;
}

const pointsOf = async (memberId: number) =>
  Number(
    (await db.select().from(pointAccounts).where(eq(pointAccounts.memberId, memberId)))[0]?.balance ?? 0n,
  );
const redemptionsOf = (memberId: number) =>
  db.select().from(pointRedemptions).where(eq(pointRedemptions.memberId, memberId));
const stockOf = async (id: number) =>
  (await db.select().from(pointRewards).where(eq(pointRewards.id, id)))[0]!.stock;
const moneyOf = async (memberId: number) => Number(await createLedger(db).memberBalance('PORTICO', memberId));

const ops = async (method: 'GET' | 'POST', url: string, payload?: object, token = OPS) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};

const redeem = (token: string, rewardId: number, requestId = randomUUID(), password = PASSWORD) =>
  api.send('POST', REDEEM, { rewardId, password, requestId }, token);

describe('points rules', () => {
  it('earn per 1.00 of bets and convert per 100 points, rounded down', () => {
    expect(pointsFor(22_345n, 1)).toBe(223n);
    expect(pointsFor(99n, 1)).toBe(0n);
    expect(pointsFor(12_345n, 3)).toBe(370n);
    expect(moneyFor(250, 100)).toBe(250);
    expect(moneyFor(150, 33)).toBe(49);
  });
});

describe('earning', () => {
  it('earns the settled bets once, even with calls at the same time', async () => {
    const m = await player('pt_earn');
    await round(m.id, ago(3 * HOUR), 12_345);
    await round(m.id, ago(2 * HOUR), 10_000);
    // None of these earn: rolled back, still open, inside the margin for rounds still committing.
    await round(m.id, ago(HOUR), 50_000, 'ROLLED_BACK');
    await round(m.id, ago(HOUR), 40_000, 'OPEN');
    await round(m.id, ago(60_000), 70_000);

    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.send('GET', i % 2 ? BALANCE : ENTRIES, undefined, m.token)),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const balances = replies.filter((_, i) => i % 2).map((r) => r.body.value.points);
    expect(balances).toEqual([223, 223, 223]);
    const earns = await db
      .select()
      .from(pointEntries)
      .where(and(eq(pointEntries.memberId, m.id), eq(pointEntries.kind, 'EARN')));
    expect(earns).toHaveLength(1);
    expect(earns[0]).toMatchObject({ amount: 223n, balanceAfter: 223n });
    expect(replies[1]!.body.value.config).toEqual({ earnPerBet: 1, convertRate: 100, minConvert: 100 });

    // Later, the round that was still inside the margin earns on its own, once.
    const later = createPointsService(db, {
      ledger: createLedger(db),
      audit: createAuditLog(db),
      rules: createRulesStore(db),
      now: () => new Date(Date.now() + SETTLE_MARGIN_MS),
    });
    const portico = await merchantRow('PORTICO');
    const member = (await db.select().from(members).where(eq(members.id, m.id)))[0] as Member;
    expect((await later.balance(portico, member)).points).toBe(923);
    expect((await later.balance(portico, member)).points).toBe(923);
    const history = await api.send('GET', `${ENTRIES}?pageSize=5`, undefined, m.token);
    expect(history.body.value.list.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['EARN', 700],
      ['EARN', 223],
    ]);
  });

  it('follows the merchant’s earning rule', async () => {
    const rules = createRulesStore(db);
    await rules.set('PORTICO', POINTS_RULES, { earnPerBet: 3, convertRate: 100, minConvert: 100 });
    try {
      const m = await player('pt_rule');
      await round(m.id, ago(HOUR), 12_345);
      const res = await api.send('GET', BALANCE, undefined, m.token);
      expect(res.body.value).toEqual({
        points: 370,
        config: { earnPerBet: 3, convertRate: 100, minConvert: 100 },
      });
    } finally {
      await rules.set('PORTICO', POINTS_RULES, POINTS_RULES.defaults);
    }
  });
});

const merchantRow = async (code: string) =>
  (await db.select().from(merchants).where(eq(merchants.code, code)))[0] as Merchant;

describe('rewards', () => {
  it('lists the active rewards in the member’s language with their stock', async () => {
    const m = await player('pt_list');
    const mine = await reward({ points: 777, stock: 4 });
    const all = async (language: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${REWARDS}?pageSize=100`,
        headers: { merchant: 'PORTICO', authorization: `Bearer ${m.token}`, language },
      });
      return res.json().value.list as { id: number; name: string; stockLeft: number | null }[];
    };
    const en = await all('en');
    expect(en.find((r) => r.id === mine.id)).toEqual({
      id: mine.id,
      name: 'Test reward 777',
      points: 777,
      kind: 'GOODS',
      cashAmount: null,
      stockLeft: 4,
    });
    expect(en.find((r) => r.name === 'Cash voucher 10.00')).toMatchObject({
      kind: 'CASH',
      cashAmount: 1_000,
    });
    expect((await all('vi')).find((r) => r.id === mine.id)!.name).toBe('Phần thưởng 777');
  });
});

describe('redeeming', () => {
  it('takes the points at once and waits for an operator; a replayed request answers the first', async () => {
    const m = await player('pt_redeem', { points: 5_000 });
    const item = await reward({ points: 1_200, stock: 3 });
    const requestId = randomUUID();
    const first = await redeem(m.token, item.id, requestId);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      points: 3_800,
      redemption: {
        rewardId: item.id,
        name: 'Test reward 1200',
        points: 1_200,
        status: 'IN_PROCESS',
        remark: null,
      },
    });
    const again = await redeem(m.token, item.id, requestId);
    expect(again.body.value).toEqual(first.body.value);
    expect(await redemptionsOf(m.id)).toHaveLength(1);
    expect(await pointsOf(m.id)).toBe(3_800);
    expect(await stockOf(item.id)).toBe(2);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'POINTS_REDEEM'));
    expect(audits.filter((a) => a.subject.requestId === requestId)).toHaveLength(1);

    const list = await api.send('GET', `${REDEMPTIONS}?status=IN_PROCESS`, undefined, m.token);
    expect(list.body.value).toEqual({ list: [first.body.value.redemption], totalPages: 1 });
    const none = await api.send('GET', `${REDEMPTIONS}?status=APPROVED`, undefined, m.token);
    expect(none.body.value).toEqual({ list: [], totalPages: 0 });
  });

  it('refuses a wrong password under the field and changes nothing', async () => {
    const m = await player('pt_wrongpw', { points: 5_000 });
    const item = await reward({ points: 100, stock: 1 });
    const res = await redeem(m.token, item.id, randomUUID(), 'Wrong123');
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ password: 'The password is incorrect' });
    expect(await pointsOf(m.id)).toBe(5_000);
    expect(await stockOf(item.id)).toBe(1);
    expect(await redemptionsOf(m.id)).toHaveLength(0);
  });

  it('refuses short points and an empty stock with 409, nothing changed', async () => {
    const m = await player('pt_short', { points: 500 });
    const dear = await reward({ points: 501, stock: 5 });
    const short = await redeem(m.token, dear.id);
    expect(short).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: 'Not enough points' } });
    expect(await stockOf(dear.id)).toBe(5);

    const gone = await reward({ points: 100, stock: 0 });
    const empty = await redeem(m.token, gone.id);
    expect(empty).toMatchObject({ status: 409, body: { message: 'This reward is out of stock' } });
    expect(await stockOf(gone.id)).toBe(0);
    expect(await pointsOf(m.id)).toBe(500);
    expect(await redemptionsOf(m.id)).toHaveLength(0);
    const spent = await db
      .select()
      .from(pointEntries)
      .where(and(eq(pointEntries.memberId, m.id), eq(pointEntries.kind, 'REDEEM')));
    expect(spent).toHaveLength(0);

    // The last piece in stock goes to one of two requests at the same time.
    const last = await reward({ points: 100, stock: 1 });
    const both = await Promise.all([redeem(m.token, last.id), redeem(m.token, last.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(last.id)).toBe(0);
    expect(await pointsOf(m.id)).toBe(400);
  });

  it('never shows or answers with another member’s redemption', async () => {
    const a = await player('pt_owner_a', { points: 1_000 });
    const b = await player('pt_owner_b', { points: 1_000 });
    const item = await reward({ points: 300 });
    const requestId = randomUUID();
    const mine = await redeem(a.token, item.id, requestId);
    // The same request id from another member is that member's own redemption.
    const theirs = await redeem(b.token, item.id, requestId);
    expect(theirs.status).toBe(200);
    expect(theirs.body.value.redemption.id).not.toBe(mine.body.value.redemption.id);
    const listB = (await api.send('GET', REDEMPTIONS, undefined, b.token)).body.value.list as {
      id: number;
    }[];
    expect(listB.map((r) => r.id)).toEqual([theirs.body.value.redemption.id]);
    const entriesB = (await api.send('GET', ENTRIES, undefined, b.token)).body.value.list as {
      kind: string;
    }[];
    expect(entriesB.map((e) => e.kind)).toEqual(['REDEEM', 'OPS']);
  });
});

describe('operator decisions', () => {
  it('needs the operator token', async () => {
    expect((await ops('GET', '/ops/merchants/PORTICO/redemptions', undefined, 'nope')).status).toBe(401);
  });

  it('approves a cash reward once: the main wallet gets the amount a single time', async () => {
    const m = await player('pt_approve', { points: 2_000 });
    const voucher = await reward({ points: 1_000, kind: 'CASH', cashAmount: 1_000n });
    const { id } = (await redeem(m.token, voucher.id)).body.value.redemption;
    const queue = await ops('GET', '/ops/merchants/PORTICO/redemptions?status=IN_PROCESS&limit=500');
    expect(queue.body.value.list.find((r: { id: number }) => r.id === id)).toMatchObject({
      account: 'pt_approve',
      memberId: m.id,
      status: 'IN_PROCESS',
    });

    const decisions = await Promise.all([
      ops('POST', `/ops/redemptions/${id}/approve`, { remark: 'paid' }),
      ops('POST', `/ops/redemptions/${id}/approve`),
    ]);
    expect(decisions.map((d) => d.status)).toEqual([200, 200]);
    expect(await moneyOf(m.id)).toBe(1_000);
    expect((await ops('POST', `/ops/redemptions/${id}/approve`)).body.value).toMatchObject({
      status: 'APPROVED',
    });
    expect(await moneyOf(m.id)).toBe(1_000);
    const paid = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `points-redeem:${id}`));
    expect(paid).toMatchObject([{ kind: 'POINTS_REDEEM' }]);
    expect((await ops('POST', `/ops/redemptions/${id}/reject`)).status).toBe(409);
    expect(await pointsOf(m.id)).toBe(1_000);
    const list = await api.send('GET', REDEMPTIONS, undefined, m.token);
    expect(list.body.value.list[0]).toMatchObject({ id, status: 'APPROVED' });
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('rejects with the points and the stock given back, once', async () => {
    const m = await player('pt_reject', { points: 2_000 });
    const goods = await reward({ points: 1_500, stock: 2 });
    const { id } = (await redeem(m.token, goods.id)).body.value.redemption;
    expect(await pointsOf(m.id)).toBe(500);
    const res = await ops('POST', `/ops/redemptions/${id}/reject`, { remark: 'Out of colour' });
    expect(res.body.value).toMatchObject({ status: 'REJECTED', remark: 'Out of colour' });
    expect((await ops('POST', `/ops/redemptions/${id}/reject`)).status).toBe(200);
    expect(await pointsOf(m.id)).toBe(2_000);
    expect(await stockOf(goods.id)).toBe(2);
    const refunds = await db
      .select()
      .from(pointEntries)
      .where(eq(pointEntries.ref, `refund:${id}`));
    expect(refunds).toMatchObject([{ kind: 'REFUND', amount: 1_500n, balanceAfter: 2_000n }]);
    expect((await ops('POST', `/ops/redemptions/${id}/approve`)).status).toBe(409);
    expect(await moneyOf(m.id)).toBe(0);
    const rejected = await api.send('GET', `${REDEMPTIONS}?status=REJECTED`, undefined, m.token);
    expect(rejected.body.value.list).toMatchObject([{ id, status: 'REJECTED', remark: 'Out of colour' }]);
    expect((await ops('POST', '/ops/redemptions/999999/approve')).status).toBe(404);
  });
});

describe('converting', () => {
  it('moves money and points together, once per request id', async () => {
    const m = await player('pt_convert', { points: 1_000 });
    const requestId = randomUUID();
    const res = await api.send('POST', CONVERT, { points: 250, requestId }, m.token);
    expect(res).toMatchObject({
      status: 200,
      body: { value: { points: 250, amount: 250, pointsLeft: 750, balance: 250 } },
    });
    const again = await api.send('POST', CONVERT, { points: 250, requestId }, m.token);
    expect(again.body.value).toEqual(res.body.value);
    expect(await pointsOf(m.id)).toBe(750);
    expect(await moneyOf(m.id)).toBe(250);
    const entries = (await api.send('GET', ENTRIES, undefined, m.token)).body.value.list;
    expect(entries[0]).toMatchObject({ kind: 'CONVERT', amount: -250, balanceAfter: 750 });
    const moved = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `points-convert:${m.id}:${requestId}`));
    expect(moved).toMatchObject([{ kind: 'POINTS_CONVERT' }]);
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('refuses short points (409) and too few points (400), moving nothing', async () => {
    const m = await player('pt_convert_short', { points: 300 });
    const short = await api.send('POST', CONVERT, { points: 400, requestId: randomUUID() }, m.token);
    expect(short).toMatchObject({ status: 409, body: { message: 'Not enough points' } });
    const few = await api.send('POST', CONVERT, { points: 99, requestId: randomUUID() }, m.token);
    expect(few).toMatchObject({ status: 400, body: { fields: { points: 'Convert at least 100 points' } } });
    expect(await pointsOf(m.id)).toBe(300);
    expect(await moneyOf(m.id)).toBe(0);
    const converted = await db
      .select()
      .from(ledgerTransactions)
      .where(
        sql`${ledgerTransactions.reply} @> ${JSON.stringify({ memberId: m.id })}::jsonb and ${ledgerTransactions.kind} = 'POINTS_CONVERT'`,
      );
    expect(converted).toHaveLength(0);
  });
});

describe('who may use the mall', () => {
  it('answers "Function not enabled" where PTSYS3 is off', async () => {
    const m = await player('pt_lotus', { merchantCode: 'LOTUS' });
    const lotus = client(t.app, 'LOTUS');
    for (const [method, url, body] of [
      ['GET', BALANCE],
      ['GET', REWARDS],
      ['GET', REDEMPTIONS],
      ['GET', ENTRIES],
      ['POST', CONVERT, { points: 100, requestId: randomUUID() }],
      ['POST', REDEEM, { rewardId: 1, password: PASSWORD, requestId: randomUUID() }],
    ] as const) {
      const res = await lotus.send(method, url, body, m.token);
      expect(res, url).toMatchObject({ status: 403, body: { message: 'Function not enabled' } });
    }
    expect(await db.select().from(pointAccounts).where(eq(pointAccounts.memberId, m.id))).toHaveLength(0);
  });

  it('refuses trial accounts and visitors', async () => {
    const m = await player('pt_trial', { points: 1_000 });
    await db.update(members).set({ agentType: 4 }).where(eq(members.id, m.id));
    const res = await api.send('GET', BALANCE, undefined, m.token);
    expect(res).toMatchObject({ status: 403, body: { message: 'Please Register An Account First' } });
    expect((await api.send('GET', BALANCE)).status).toBe(401);
  });

  it('gives the demo player01 opening points and keeps the money at 1,000.00', async () => {
    const login = await api.login('player01', 'Player123');
    const token = login.body.value.token as string;
    const res = await api.send('GET', BALANCE, undefined, token);
    expect(res.body.value.points).toBeGreaterThanOrEqual(6_000);
    const wallet = await api.send('GET', '/wps/v2/wallets/balance', undefined, token);
    expect(wallet.body.value.sumBalance).toBe(100_000);
  });
});
