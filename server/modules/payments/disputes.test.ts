import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { members, messages, paymentOrders, wallets } from '../../db/schema/index.ts';
import { forceReceive } from '../../jobs/forceReceive.ts';
import { hashPassword } from '../../lib/password.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { asOps, opsLogin } from '../../test/changes.ts';
import { form, JPG, PNG } from '../../test/multipart.ts';
import { invariantBreaches, newMember } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';
import { createSessionService } from '../auth/sessions.ts';
import { createLedger } from '../wallet/ledger.ts';

/**
 * Withdrawals reported not received: finance sees the proof, resolves the dispute once (resent, confirmed received or
 * refunded), the member is told, the order's history shows each step, and concurrent resolutions leave one winner.
 */

const PAY = '135790';
let t: TestApp;
let db: Db;
let uploads: string;
let payHash: string;
beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'portico-disputes-'));
  t = await testApp({ uploadsDir: uploads });
  db = t.database.db;
  payHash = await hashPassword(PAY);
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(uploads, { recursive: true, force: true });
});

let ip = 0;
const nextIp = () => `10.28.${(++ip >> 8) & 255}.${ip & 255}`;
async function asMember(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { merchant: 'PORTICO', 'x-forwarded-for': nextIp(), authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}
const finance = (method: 'GET' | 'POST', url: string, payload?: object) =>
  asOps(t.app, 'finance', method, url, payload);

/** A member of PORTICO holding `credit`, with a session and a payment password. */
async function member(account: string, credit = 100_000n) {
  const m = await newMember(db, account, credit);
  await db.update(members).set({ paymentPasswordHash: payHash }).where(eq(members.id, m.id));
  const [row] = await db.select().from(members).where(eq(members.id, m.id));
  const token = await createSessionService(db).open(row!);
  const ledger = createLedger(db);
  return { ...m, token, main: async () => Number(await ledger.walletBalance(m.main)) };
}
type M = Awaited<ReturnType<typeof member>>;

const houseCash = async () => {
  const [w] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.merchantCode, 'PORTICO'), eq(wallets.kind, 'HOUSE_CASH')));
  return Number(w?.balance ?? 0n);
};

/** A withdrawal of 20.00 taken to DISBURSED (reference REF-1), then reported not received with two pictures. */
async function disputed(m: M) {
  const w = await asMember(m.token, 'POST', '/wps/payment/withdraw', {
    requestId: randomUUID(),
    amount: 20_000,
    paymentPassword: PAY,
    bankName: 'Demo Bank',
    accountName: 'Test Member',
    accountNo: '1234 5678 90',
  });
  expect(w.status).toBe(200);
  const id = w.body.value.order.id as number;
  expect((await finance('POST', `/ops/payments/${id}/approve`)).status).toBe(200);
  const paid = await finance('POST', `/ops/payments/${id}/disburse`, { reference: 'REF-1' });
  expect(paid.body.value.order.details.disbursementRef).toBe('REF-1');
  expect(await report(m, id)).toBe(200);
  return id;
}

async function report(m: M, id: number) {
  const body = form(
    [
      { name: 'statement.png', type: 'image/png', data: PNG },
      { name: 'photo.jpg', type: 'image/jpeg', data: JPG },
    ],
    { remark: 'Nothing arrived' },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/wps/payment/withdraw/${id}/notReceived`,
    headers: {
      merchant: 'PORTICO',
      'x-forwarded-for': nextIp(),
      authorization: `Bearer ${m.token}`,
      'content-type': body.type,
    },
    payload: body.payload,
  });
  return res.statusCode;
}

const orderOf = async (id: number) =>
  (await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0]!;
const inbox = (m: M) =>
  db
    .select({ template: messages.template, params: messages.params })
    .from(messages)
    .where(eq(messages.memberId, m.id));
const resolve = (id: number, body: object) => finance('POST', `/ops/payments/${id}/resolve`, body);
/** The order as the member reads it on its next request. */
const seenByMember = async (m: M, id: number) => {
  const res = await asMember(m.token, 'GET', '/wps/payment/orders?kind=WITHDRAWAL&pageNo=1&pageSize=50');
  return res.body.value.list.find((o: { id: number }) => o.id === id);
};

describe('proof pictures', () => {
  it('are served to finance with their type, never cached or sniffed; to no one else', async () => {
    const m = await member('dispute_proof');
    const id = await disputed(m);
    const get = (token: string | null, n = 1) =>
      t.app.inject({
        method: 'GET',
        url: `/ops/payments/${id}/proofs/${n}`,
        headers: { 'x-forwarded-for': nextIp(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const png = await get(await opsLogin(t.app, 'finance'), 1);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('private, no-store');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect(png.rawPayload.equals(PNG)).toBe(true);
    const jpg = await get(await opsLogin(t.app, 'admin'), 2);
    expect([jpg.statusCode, jpg.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await get(await opsLogin(t.app, 'finance'), 3)).statusCode).toBe(404);
    // Not content editors or support, not members (their session is no operator's), not anonymous callers.
    expect((await get(await opsLogin(t.app, 'editor'))).statusCode).toBe(403);
    expect((await get(await opsLogin(t.app, 'support'))).statusCode).toBe(403);
    expect((await get(m.token)).statusCode).toBe(401);
    expect((await get(null)).statusCode).toBe(401);
    // Nor a finance operator of another merchant only: the order is not theirs, so it does not exist for them.
    const made = await asOps(t.app, 'admin', 'POST', '/ops/operators', {
      username: 'lotus_finance',
      password: 'Lotus-finance-1',
      role: 'FINANCE',
      merchants: ['LOTUS'],
    });
    expect(made.status).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/ops/login',
      headers: { 'x-forwarded-for': nextIp() },
      payload: { username: 'lotus_finance', password: 'Lotus-finance-1' },
    });
    const lotus = await get(login.json().value.token);
    expect([lotus.statusCode, lotus.headers['content-type']]).toEqual([
      404,
      'application/json; charset=utf-8',
    ]);
  });
});

describe('a disputed withdrawal', () => {
  it('refuses approve, reject and disburse with a 409 that names the way forward, changing nothing', async () => {
    const m = await member('dispute_stuck');
    const id = await disputed(m);
    const before = await orderOf(id);
    for (const action of ['approve', 'reject', 'disburse']) {
      const res = await finance('POST', `/ops/payments/${id}/${action}`, { remark: 'x' });
      expect([action, res.status]).toEqual([action, 409]);
      expect(res.body.message).toMatch(/resolve the dispute/);
    }
    expect(await orderOf(id)).toEqual(before);
  });

  it('stays out of the automatic receipt, in the needs-action list and in the disputes count', async () => {
    const m = await member('dispute_queue');
    const id = await disputed(m);
    const ran = await forceReceive(db, createAuditLog(db), new Date(Date.now() + 24 * 3600_000));
    expect(ran).not.toContain(id);
    expect((await orderOf(id)).status).toBe('NOT_RECEIVED');
    const list = await finance(
      'GET',
      '/ops/payments?merchant=PORTICO&kind=WITHDRAWAL&queue=ACTION&limit=500',
    );
    const row = list.body.value.list.find((o: { id: number }) => o.id === id);
    expect(row).toMatchObject({ status: 'NOT_RECEIVED', proofs: 2, next: ['resolve'] });
    const queues = await finance('GET', '/ops/payments/queues?merchant=PORTICO');
    expect(queues.body.value.disputed).toBeGreaterThanOrEqual(1);
    const disputes = await db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.merchantCode, 'PORTICO'), eq(paymentOrders.status, 'NOT_RECEIVED')));
    expect(queues.body.value.disputed).toBe(disputes.length);
  });

  it('asks for a remark, and for a new reference to resend', async () => {
    const m = await member('dispute_fields');
    const id = await disputed(m);
    const noRemark = await resolve(id, { resolution: 'REFUNDED', remark: ' ' });
    expect([noRemark.status, noRemark.body.fields?.remark]).toEqual([400, 'Say why']);
    const noRef = await resolve(id, { resolution: 'RESENT', remark: 'bank bounced it' });
    expect([noRef.status, noRef.body.fields?.reference]).toEqual([400, 'Enter the new transfer reference']);
    expect((await orderOf(id)).status).toBe('NOT_RECEIVED');
  });

  it('resent: DISBURSED again under the new reference, the member told, and free to report again', async () => {
    const m = await member('dispute_resend');
    const id = await disputed(m);
    const cash = await houseCash();
    const res = await resolve(id, { resolution: 'RESENT', remark: 'Bank bounced it', reference: 'REF-2' });
    expect(res.status).toBe(200);
    expect(res.body.value.order).toMatchObject({
      status: 'DISBURSED',
      details: { disbursementRef: 'REF-2' },
      remark: 'Bank bounced it',
      next: [],
    });
    expect(res.body.value.order.forcedReceiveAt).not.toBeNull();
    expect(await houseCash()).toBe(cash);
    expect(await seenByMember(m, id)).toMatchObject({
      status: 'DISBURSED',
      details: { disbursementRef: 'REF-2' },
    });
    expect(await inbox(m)).toContainEqual({
      template: 'WITHDRAWAL_RESENT',
      params: { amount: '20000', reference: 'REF-2' },
    });
    // Once resolved it is no dispute: a second resolution is refused.
    expect((await resolve(id, { resolution: 'REFUNDED', remark: 'again' })).status).toBe(409);
    // The member may report it again; then it is a dispute once more.
    expect(await report(m, id)).toBe(200);
    expect((await orderOf(id)).proofs).toHaveLength(4);
    const history = await finance('GET', `/ops/payments/${id}/history`);
    expect(history.body.value.list.map((s: { action: string }) => s.action)).toEqual([
      'WITHDRAWAL_REQUESTED',
      'WITHDRAWAL_APPROVED',
      'WITHDRAWAL_DISBURSED',
      'WITHDRAWAL_NOT_RECEIVED',
      'WITHDRAWAL_RESENT',
      'WITHDRAWAL_NOT_RECEIVED',
    ]);
    expect(history.body.value.list[4]).toMatchObject({
      actor: 'ops:finance',
      remark: 'Bank bounced it',
      reference: 'REF-2',
    });
    expect(history.body.value.list[3]).toMatchObject({ actor: `member:${m.id}`, remark: 'Nothing arrived' });
  });

  it('confirmed received: RECEIVED, no money moves, the member told', async () => {
    const m = await member('dispute_confirm');
    const id = await disputed(m);
    const [cash, main] = [await houseCash(), await m.main()];
    const res = await resolve(id, { resolution: 'RECEIVED', remark: 'Bank statement shows it credited' });
    expect(res.body.value.order).toMatchObject({
      status: 'RECEIVED',
      remark: 'Bank statement shows it credited',
    });
    expect([await houseCash(), await m.main()]).toEqual([cash, main]);
    expect(await inbox(m)).toContainEqual({
      template: 'WITHDRAWAL_CONFIRMED',
      params: { amount: '20000' },
    });
    expect((await asMember(m.token, 'POST', `/wps/payment/withdraw/${id}/confirm`, {})).status).toBe(200);
    expect((await resolve(id, { resolution: 'RECEIVED', remark: 'again' })).status).toBe(409);
  });

  it('refunded: the house returns the amount to the main wallet, once', async () => {
    const m = await member('dispute_refund');
    const id = await disputed(m);
    const [cash, main] = [await houseCash(), await m.main()];
    const balance = async () =>
      (await asMember(m.token, 'GET', '/wps/v2/wallets/balance')).body.value.sumBalance as number;
    const shown = await balance();
    const res = await resolve(id, { resolution: 'REFUNDED', remark: 'Account closed at the bank' });
    expect(res.body.value.order).toMatchObject({ status: 'REFUNDED', next: [] });
    expect([await houseCash(), await m.main()]).toEqual([cash - 20_000, main + 20_000]);
    expect(await seenByMember(m, id)).toMatchObject({ status: 'REFUNDED', forcedReceiveAt: null });
    expect(await balance()).toBe(shown + 20_000);
    expect(await inbox(m)).toContainEqual({ template: 'WITHDRAWAL_REFUNDED', params: { amount: '20000' } });
    expect((await resolve(id, { resolution: 'REFUNDED', remark: 'again' })).status).toBe(409);
    expect((await finance('POST', `/ops/payments/${id}/disburse`)).status).toBe(409);
    expect((await asMember(m.token, 'POST', `/wps/payment/withdraw/${id}/confirm`, {})).status).toBe(409);
    expect([await houseCash(), await m.main()]).toEqual([cash - 20_000, main + 20_000]);
    expect(await invariantBreaches(db)).toBe(0);
  });
});

describe('resolutions at once', () => {
  const cases: [string, (id: number, m: M) => Promise<number>[]][] = [
    [
      'refund and resend',
      (id) => [
        resolve(id, { resolution: 'REFUNDED', remark: 'r' }).then((r) => r.status),
        resolve(id, { resolution: 'RESENT', remark: 'r', reference: 'RACE-1' }).then((r) => r.status),
      ],
    ],
    [
      'refund and refund',
      (id) => [
        resolve(id, { resolution: 'REFUNDED', remark: 'a' }).then((r) => r.status),
        resolve(id, { resolution: 'REFUNDED', remark: 'b' }).then((r) => r.status),
      ],
    ],
    [
      'the member’s confirmation and a refund',
      (id, m) => [
        asMember(m.token, 'POST', `/wps/payment/withdraw/${id}/confirm`, {}).then((r) => r.status),
        resolve(id, { resolution: 'REFUNDED', remark: 'c' }).then((r) => r.status),
      ],
    ],
  ];
  for (const [what, race] of cases)
    it(`${what}: exactly one wins, the other is a 409, money conserved`, async () => {
      const m = await member(`race_${what.length}_${randomUUID().slice(0, 6)}`);
      const id = await disputed(m);
      const total = async () => (await houseCash()) + (await m.main());
      const before = await total();
      const main = await m.main();
      const statuses = await Promise.all(race(id, m));
      expect(statuses.sort()).toEqual([200, 409]);
      const o = await orderOf(id);
      expect(await total()).toBe(before);
      expect(await m.main()).toBe(o.status === 'REFUNDED' ? main + 20_000 : main);
      const refunds = await inbox(m);
      expect(refunds.filter((x) => x.template === 'WITHDRAWAL_REFUNDED')).toHaveLength(
        o.status === 'REFUNDED' ? 1 : 0,
      );
      expect(await invariantBreaches(db)).toBe(0);
    });
});
