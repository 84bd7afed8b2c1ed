import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { exclusions, members, paymentOrders, wallets } from '../../db/schema/index.ts';
import { forceReceive } from '../../jobs/forceReceive.ts';
import { hashPassword } from '../../lib/password.ts';
import { DEV_GATEWAY_SECRET } from '../../secrets.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { form, JPG, PNG } from '../../test/multipart.ts';
import { invariantBreaches, newMember } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';
import { createSessionService } from '../auth/sessions.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger } from '../wallet/ledger.ts';
import { PAYMENT_RULES } from './rules.ts';

const OPS = 'ops-secret-for-payment-tests';
const LOGIN = 'login-pass-1';
const PAY = '246810';

let t: TestApp;
let db: Db;
let uploads: string;
let loginHash: string;
let payHash: string;
beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'portico-uploads-'));
  t = await testApp({ opsToken: OPS, uploadsDir: uploads });
  db = t.database.db;
  [loginHash, payHash] = await Promise.all([hashPassword(LOGIN), hashPassword(PAY)]);
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

let ip = 0;
async function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      merchant: 'PORTICO',
      'x-forwarded-for': `10.9.${(++ip >> 8) & 255}.${ip & 255}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}
async function ops(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${OPS}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A logged-in member holding `credit`, with a login password and (unless told) a payment password. */
async function member(account: string, credit = 0n, withPaymentPassword = true) {
  const m = await newMember(db, account, credit);
  await db
    .update(members)
    .set({ passwordHash: loginHash, paymentPasswordHash: withPaymentPassword ? payHash : null })
    .where(eq(members.id, m.id));
  const [row] = await db.select().from(members).where(eq(members.id, m.id));
  const token = await createSessionService(db).open(row!);
  const ledger = createLedger(db);
  const hold = await ledger.wallet('PORTICO', m.id, 'WITHDRAWAL_HOLD');
  return {
    ...m,
    token,
    main: async () => Number(await ledger.walletBalance(m.main)),
    held: async () => Number(await ledger.walletBalance(hold)),
  };
}
type M = Awaited<ReturnType<typeof member>>;

const houseCash = async () => {
  const [w] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.merchantCode, 'PORTICO'), eq(wallets.kind, 'HOUSE_CASH')));
  return Number(w?.balance ?? 0n);
};

const deposit = (m: M, body: object) =>
  call('POST', '/wps/payment/deposit', m.token, { requestId: randomUUID(), channel: 'BANK', ...body });
const withdraw = (m: M, body: object = {}) =>
  call('POST', '/wps/payment/withdraw', m.token, {
    requestId: randomUUID(),
    amount: 20_000,
    paymentPassword: PAY,
    bankName: 'Demo Bank',
    accountName: 'Test Member',
    accountNo: '1234 5678 90',
    ...body,
  });

/** A withdrawal taken to DISBURSED by the operator. */
async function disbursed(m: M, amount = 20_000) {
  const w = await withdraw(m, { amount });
  expect(w.status).toBe(200);
  const id = w.body.value.order.id as number;
  expect((await ops('POST', `/ops/payments/${id}/approve`)).status).toBe(200);
  expect((await ops('POST', `/ops/payments/${id}/disburse`)).status).toBe(200);
  return id;
}

const signed = (body: object, secret = DEV_GATEWAY_SECRET) => {
  const raw = JSON.stringify(body);
  return { raw, signature: createHmac('sha256', secret).update(raw).digest('hex') };
};
const callback = async (raw: string, signature?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/payment/callback/demo',
    headers: {
      merchant: 'PORTICO',
      'content-type': 'application/json',
      ...(signature ? { 'x-gateway-signature': signature } : {}),
    },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() };
};

async function report(m: M, id: number, body: ReturnType<typeof form>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/wps/payment/withdraw/${id}/notReceived`,
    headers: { merchant: 'PORTICO', authorization: `Bearer ${m.token}`, 'content-type': body.type },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}
const storedFiles = (id: number) => {
  try {
    return readdirSync(join(uploads, 'PORTICO', 'withdrawals', String(id)));
  } catch {
    return [];
  }
};

describe('payment settings and password', () => {
  it('tells the rules, channels, the house account and whether a payment password is set', async () => {
    const m = await member('pay_settings', 0n, false);
    const { status, body } = await call('GET', '/wps/payment/settings', m.token);
    expect(status).toBe(200);
    expect(body.value).toEqual({
      deposit: {
        min: 10_000,
        max: 5_000_000,
        channels: ['BANK', 'DEMO_GATEWAY'],
        methods: [
          {
            id: null,
            kind: 'BANK',
            label: '',
            bank: expect.objectContaining({ bankName: expect.any(String) }),
          },
          { id: null, kind: 'DEMO_GATEWAY', label: '', bank: null },
        ],
      },
      withdrawal: { min: 10_000, max: 2_000_000, maxCount: 5, forceReceiveMinutes: 30 },
      hasPaymentPassword: false,
      bank: expect.objectContaining({ bankName: expect.any(String), accountNo: expect.any(String) }),
    });
    expect((await call('GET', '/wps/payment/settings', null)).status).toBe(401);
  });

  it("follows the merchant's own rules once an operator sets them; other merchants keep theirs", async () => {
    const rules = createRulesStore(db);
    const own = {
      deposit: { min: 50_000, max: 100_000 },
      withdrawal: { min: 20_000, max: 30_000, maxCount: 1, forceReceiveMinutes: 5 },
      bank: { bankName: 'Own Bank', accountName: 'Own Brand', accountNo: '42' },
    };
    await rules.set('PORTICO', PAYMENT_RULES, own);
    try {
      const m = await member('pay_own_rules', 100_000n);
      const settings = (await call('GET', '/wps/payment/settings', m.token)).body.value;
      expect(settings).toMatchObject({ withdrawal: own.withdrawal, bank: own.bank, deposit: own.deposit });
      const low = await deposit(m, { amount: 49_999 });
      expect(low).toMatchObject({
        status: 400,
        body: { fields: { amount: 'The minimum deposit is 500.00' } },
      });
      expect((await withdraw(m, { amount: 30_001 })).body.fields.amount).toBe(
        'The maximum withdrawal is 300.00',
      );
      const d = await disbursed(m, 20_000);
      const order = (await call('GET', '/wps/payment/orders?kind=WITHDRAWAL', m.token)).body.value.list.find(
        (o: { id: number }) => o.id === d,
      );
      expect(Date.parse(order.forcedReceiveAt) - Date.parse(order.disbursedAt)).toBe(5 * 60_000);
      expect((await withdraw(m, { amount: 20_000 })).body.message).toBe('At most 1 withdrawals a day');
      // A bad rule set is refused whole; what was stored stays.
      await expect(
        rules.set('PORTICO', PAYMENT_RULES, { ...own, deposit: { min: 9, max: 1 } }),
      ).rejects.toMatchObject({ statusCode: 400 });
      expect((await rules.get('PORTICO', PAYMENT_RULES)).deposit.min).toBe(50_000);
    } finally {
      await rules.set('PORTICO', PAYMENT_RULES, PAYMENT_RULES.defaults);
    }
  });

  it('refuses a trial account every money call: deposit, withdrawal, orders, records', async () => {
    const trial = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/session/login/freeplay',
        payload: {},
        headers: { merchant: 'PORTICO' },
      })
    ).json().value.token as string;
    const refused = [
      await call('GET', '/wps/payment/settings', trial),
      await deposit({ token: trial } as M, { amount: 20_000 }),
      await withdraw({ token: trial } as M, { amount: 20_000 }),
      await call('GET', '/wps/payment/orders?kind=DEPOSIT', trial),
      await call('GET', '/wps/member/accountRecord', trial),
    ];
    for (const res of refused)
      expect(res).toMatchObject({ status: 403, body: { message: 'Please Register An Account First' } });
  });

  it("tells the member in the inbox when a withdrawal is paid out or rejected (the operator's remark kept)", async () => {
    const m = await member('pay_inbox', 100_000n);
    await disbursed(m, 20_000);
    const w = await withdraw(m, { amount: 30_000 });
    await ops('POST', `/ops/payments/${w.body.value.order.id}/reject`, { remark: 'name mismatch' });
    const inbox = (await call('GET', '/wps/relay/messageList', m.token)).body.value.list;
    expect(inbox.map((x: { template: string; params: object }) => [x.template, x.params])).toEqual(
      expect.arrayContaining([
        ['WITHDRAWAL_DISBURSED', { amount: '20000' }],
        ['WITHDRAWAL_REJECTED', { amount: '30000', remark: 'name mismatch' }],
      ]),
    );
  });

  it('sets the payment password with the login password, then changes it with the old one', async () => {
    const m = await member('pay_setpw', 0n, false);
    const wrong = await call('PUT', '/wps/member/paymentPassword', m.token, {
      loginPassword: 'nope',
      paymentPassword: '135791',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty('loginPassword');
    const set = await call('PUT', '/wps/member/paymentPassword', m.token, {
      loginPassword: LOGIN,
      paymentPassword: '135791',
    });
    expect(set).toEqual({ status: 200, body: { success: true, value: null } });
    expect((await call('GET', '/wps/payment/settings', m.token)).body.value.hasPaymentPassword).toBe(true);
    const noOld = await call('PUT', '/wps/member/paymentPassword', m.token, {
      loginPassword: LOGIN,
      paymentPassword: '975311',
    });
    expect(noOld.body.fields).toHaveProperty('oldPaymentPassword');
    const changed = await call('PUT', '/wps/member/paymentPassword', m.token, {
      loginPassword: LOGIN,
      oldPaymentPassword: '135791',
      paymentPassword: '975311',
    });
    expect(changed.status).toBe(200);
    const notDigits = await call('PUT', '/wps/member/paymentPassword', m.token, {
      loginPassword: LOGIN,
      oldPaymentPassword: '975311',
      paymentPassword: '12ab56',
    });
    expect(notDigits.status).toBe(400);
    const trail = await createAuditLog(db).forMember(m.id);
    expect(trail.map((e) => e.action)).toEqual(['PAYMENT_PASSWORD_CHANGED', 'PAYMENT_PASSWORD_SET']);
  });
});

describe('deposits', () => {
  it('bank transfer waits for the operator; approval credits once from the house cash', async () => {
    const m = await member('dep_bank');
    const cash = await houseCash();
    const d = await deposit(m, { amount: 150_000, payerName: 'Test Member', reference: 'TX-1' });
    expect(d.status).toBe(200);
    expect(d.body.value.payUrl).toBeNull();
    const order = d.body.value.order;
    expect(order).toMatchObject({
      kind: 'DEPOSIT',
      channel: 'BANK',
      amount: 150_000,
      status: 'PENDING',
      details: { payerName: 'Test Member', reference: 'TX-1' },
    });
    expect(await m.main()).toBe(0);

    const queue = await ops('GET', '/ops/payments?status=PENDING&kind=DEPOSIT');
    expect(queue.body.value.list).toContainEqual(
      expect.objectContaining({ id: order.id, account: 'dep_bank', merchantCode: 'PORTICO' }),
    );
    const approved = await ops('POST', `/ops/payments/${order.id}/approve`, { remark: 'on the statement' });
    expect(approved.status).toBe(200);
    expect(approved.body.value.order).toMatchObject({ status: 'CREDITED', remark: 'on the statement' });
    expect(await m.main()).toBe(150_000);
    expect(await houseCash()).toBe(cash - 150_000);
    // Idempotent: again credits nothing.
    expect((await ops('POST', `/ops/payments/${order.id}/approve`)).status).toBe(200);
    expect(await m.main()).toBe(150_000);
    // A credited deposit cannot be rejected any more.
    expect((await ops('POST', `/ops/payments/${order.id}/reject`)).status).toBe(409);
    const mine = await call('GET', '/wps/payment/orders?kind=DEPOSIT', m.token);
    expect(mine.body.value).toMatchObject({ totalPages: 1, list: [{ id: order.id, status: 'CREDITED' }] });
  });

  it('a repeated request id returns the same order; a rejected deposit credits nothing', async () => {
    const m = await member('dep_reject');
    const requestId = randomUUID();
    const a = await deposit(m, { requestId, amount: 20_000 });
    const b = await deposit(m, { requestId, amount: 20_000 });
    expect(b.body.value.order.id).toBe(a.body.value.order.id);
    const rejected = await ops('POST', `/ops/payments/${a.body.value.order.id}/reject`);
    expect(rejected.body.value.order.status).toBe('REJECTED');
    expect((await ops('POST', `/ops/payments/${a.body.value.order.id}/approve`)).status).toBe(409);
    expect(await m.main()).toBe(0);
    const list = await call('GET', '/wps/payment/orders', m.token);
    expect(list.body.value.list).toHaveLength(1);
  });

  it('demo gateway: pay page → signed callback credits once; a replayed callback credits nothing', async () => {
    const m = await member('dep_gateway');
    const d = await deposit(m, { channel: 'DEMO_GATEWAY', amount: 25_000 });
    expect(d.status).toBe(200);
    const payUrl: string = d.body.value.payUrl;
    expect(payUrl).toMatch(/^\/gateway\/demo\?ref=DG[0-9A-F]+$/);
    const ref = new URL(payUrl, 'http://x').searchParams.get('ref')!;
    const page = await call('GET', `/gateway-demo/order?ref=${ref}`, null);
    expect(page.body.value).toMatchObject({ ref, amount: 25_000, status: 'PENDING', currencySign: '$' });

    const paid = await call('POST', '/gateway-demo/pay', null, { ref, outcome: 'PAID' });
    expect(paid.body).toEqual({ success: true, value: { ref, status: 'CREDITED', credited: true } });
    expect(await m.main()).toBe(25_000);
    const again = await call('POST', '/gateway-demo/pay', null, { ref, outcome: 'PAID' });
    expect(again.body.value).toMatchObject({ status: 'CREDITED', credited: false });

    // The gateway retrying its callback: acknowledged, nothing more credited.
    const { raw, signature } = signed({ orderRef: ref, amount: 25_000, status: 'PAID' });
    const replay = await callback(raw, signature);
    expect(replay).toEqual({ status: 200, body: { ok: true, credited: false } });
    expect(await m.main()).toBe(25_000);
    const credits = (await createAuditLog(db).forMember(m.id)).length;
    expect(credits).toBe(1); // DEPOSIT_REQUESTED by the member; the credit is the gateway's
  });

  it('refuses callbacks with a bad signature (401) or the wrong amount (400), crediting nothing', async () => {
    const m = await member('dep_gw_bad');
    const d = await deposit(m, { channel: 'DEMO_GATEWAY', amount: 30_000 });
    const ref = new URL(d.body.value.payUrl, 'http://x').searchParams.get('ref')!;
    const good = signed({ orderRef: ref, amount: 30_000, status: 'PAID' });
    expect((await callback(good.raw)).status).toBe(401);
    expect((await callback(good.raw, 'ab'.repeat(32))).status).toBe(401);
    const forged = signed({ orderRef: ref, amount: 30_000, status: 'PAID' }, 'not-the-secret');
    expect((await callback(forged.raw, forged.signature)).status).toBe(401);
    // Signature of one body on another.
    expect((await callback(good.raw.replace('30000', '30001'), good.signature)).status).toBe(401);
    const more = signed({ orderRef: ref, amount: 3_000_000, status: 'PAID' });
    const mismatch = await callback(more.raw, more.signature);
    expect(mismatch.status).toBe(400);
    const unknown = signed({ orderRef: 'DGNOPE', amount: 30_000, status: 'PAID' });
    expect((await callback(unknown.raw, unknown.signature)).status).toBe(404);
    const garbage = signed({ orderRef: ref, amount: '30000', status: 'PAID' });
    expect((await callback(garbage.raw, garbage.signature)).status).toBe(400);
    expect(await m.main()).toBe(0);
    // Then the real one.
    expect(await callback(good.raw, good.signature)).toEqual({
      status: 200,
      body: { ok: true, credited: true },
    });
    expect(await m.main()).toBe(30_000);
  });

  it('a failed gateway payment ends the deposit without money', async () => {
    const m = await member('dep_gw_fail');
    const d = await deposit(m, { channel: 'DEMO_GATEWAY', amount: 30_000 });
    const ref = new URL(d.body.value.payUrl, 'http://x').searchParams.get('ref')!;
    const failed = await call('POST', '/gateway-demo/pay', null, { ref, outcome: 'FAILED' });
    expect(failed.body.value).toEqual({ ref, status: 'FAILED', credited: false });
    const late = signed({ orderRef: ref, amount: 30_000, status: 'PAID' });
    expect((await callback(late.raw, late.signature)).body.credited).toBe(false);
    expect(await m.main()).toBe(0);
  });

  it('refuses deposits during a break from play (403)', async () => {
    const m = await member('dep_excluded');
    await db.insert(exclusions).values({ memberId: m.id, kind: 'SELF_EXCLUSION' });
    const d = await deposit(m, { amount: 20_000 });
    expect(d.status).toBe(403);
    expect(d.body.code).toBe('SELF_EXCLUDED');
    const over = await member('dep_break_over');
    await db.insert(exclusions).values({
      memberId: over.id,
      kind: 'COOLING_OFF',
      startsAt: new Date(Date.now() - 48 * 3_600_000),
      endsAt: new Date(Date.now() - 24 * 3_600_000),
    });
    expect((await deposit(over, { amount: 20_000 })).status).toBe(200);
  });

  it('enforces the deposit rules', async () => {
    const m = await member('dep_rules');
    expect((await deposit(m, { amount: 9_999 })).body.fields).toHaveProperty('amount');
    expect((await deposit(m, { amount: 5_000_001 })).status).toBe(400);
    expect((await deposit(m, { amount: 5_000_000 })).status).toBe(200);
  });
});

describe('production', () => {
  it('has no demo gateway pages, even with a gateway secret; the signed callback stays; no dev tools', async () => {
    const secret = 'Zq8vR2mN5xK0pL7wT3yH6jB9cF4gD1sA';
    const prod = await testApp({ production: true, gatewaySecret: secret });
    try {
      const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
        prod.app.inject({ method, url, headers: { merchant: 'PORTICO' }, payload });
      for (const res of [
        await send('POST', '/gateway-demo/pay', { ref: 'DG00', outcome: 'PAID' }),
        await send('GET', '/gateway-demo/order?ref=DG00'),
        await send('GET', '/__dev/outbox'),
        await send('GET', '/__dev/captcha/x'),
      ]) {
        expect(res.statusCode).toBe(404);
        // No route at all (an unknown order would be a 404 too, from the route).
        expect(res.json()).toMatchObject({
          success: false,
          code: 'NOT_FOUND',
          message: expect.stringMatching(/^No route/),
        });
      }
      const { raw, signature } = signed({ orderRef: 'DGNOPE', amount: 1, status: 'PAID' }, secret);
      const cb = await prod.app.inject({
        method: 'POST',
        url: '/wps/payment/callback/demo',
        headers: {
          merchant: 'PORTICO',
          'content-type': 'application/json',
          'x-gateway-signature': signature,
        },
        payload: raw,
      });
      // Past the signature to the order lookup: the callback route is there and believes only this secret.
      expect(cb.statusCode).toBe(404);
      expect(cb.json().message).not.toMatch(/^No route/);
    } finally {
      await prod.close();
    }
  });
});

describe('withdrawals', () => {
  it('request holds the money → approve → disburse → member confirms received', async () => {
    const m = await member('wd_happy', 100_000n);
    const cash = await houseCash();
    const w = await withdraw(m, { amount: 40_000 });
    expect(w.status).toBe(200);
    const order = w.body.value.order;
    expect(order).toMatchObject({
      kind: 'WITHDRAWAL',
      status: 'REQUESTED',
      amount: 40_000,
      details: { bankName: 'Demo Bank', accountName: 'Test Member', accountNo: '1234 5678 90' },
      forcedReceiveAt: null,
    });
    expect([await m.main(), await m.held()]).toEqual([60_000, 40_000]);
    // Not yet disbursed: the member cannot confirm.
    expect((await call('POST', `/wps/payment/withdraw/${order.id}/confirm`, m.token, {})).status).toBe(409);
    // Disbursal needs approval first.
    expect((await ops('POST', `/ops/payments/${order.id}/disburse`)).status).toBe(409);
    expect((await ops('POST', `/ops/payments/${order.id}/approve`)).body.value.order.status).toBe('APPROVED');
    const out = await ops('POST', `/ops/payments/${order.id}/disburse`);
    expect(out.body.value.order.status).toBe('DISBURSED');
    const { disbursedAt, forcedReceiveAt } = out.body.value.order;
    expect(Date.parse(forcedReceiveAt) - Date.parse(disbursedAt)).toBe(30 * 60_000);
    expect((await ops('POST', `/ops/payments/${order.id}/disburse`)).status).toBe(200); // idempotent
    expect((await ops('POST', `/ops/payments/${order.id}/reject`)).status).toBe(409);
    expect([await m.main(), await m.held(), await houseCash()]).toEqual([60_000, 0, cash + 40_000]);

    const confirmed = await call('POST', `/wps/payment/withdraw/${order.id}/confirm`, m.token, {});
    expect(confirmed.body.value.order).toMatchObject({ status: 'RECEIVED', forcedReceiveAt: null });
    expect((await call('POST', `/wps/payment/withdraw/${order.id}/confirm`, m.token, {})).status).toBe(200);
    const trail = (await createAuditLog(db).forMember(m.id)).map((e) => e.action);
    expect(trail).toEqual(['WITHDRAWAL_RECEIVED', 'WITHDRAWAL_REQUESTED']);
  });

  it('a rejected withdrawal releases its hold back to the main wallet', async () => {
    const m = await member('wd_reject', 50_000n);
    const w = await withdraw(m, { amount: 30_000 });
    const id = w.body.value.order.id;
    expect((await ops('POST', `/ops/payments/${id}/approve`)).status).toBe(200);
    expect(
      (await ops('POST', `/ops/payments/${id}/reject`, { remark: 'name mismatch' })).body.value.order,
    ).toMatchObject({
      status: 'REJECTED',
      remark: 'name mismatch',
    });
    expect([await m.main(), await m.held()]).toEqual([50_000, 0]);
    expect((await ops('POST', `/ops/payments/${id}/reject`)).status).toBe(200);
    expect([await m.main(), await m.held()]).toEqual([50_000, 0]);
    expect((await ops('POST', `/ops/payments/${id}/disburse`)).status).toBe(409);
  });

  it('checks the payment password, the rules, the balance and a repeated request id', async () => {
    const m = await member('wd_rules', 3_000_000n);
    const wrong = await withdraw(m, { paymentPassword: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty('paymentPassword');
    expect((await withdraw(m, { amount: 9_999 })).body.fields).toHaveProperty('amount');
    expect((await withdraw(m, { amount: 2_000_001 })).body.fields).toHaveProperty('amount');
    expect((await withdraw(m, { accountNo: 'abc' })).body.fields).toHaveProperty('accountNo');
    const none = await member('wd_nopw', 50_000n, false);
    expect((await withdraw(none)).body.fields.paymentPassword).toMatch(/Set a payment password/);

    const requestId = randomUUID();
    const a = await withdraw(m, { requestId, amount: 15_000 });
    const b = await withdraw(m, { requestId, amount: 15_000 });
    expect(b.body.value.order.id).toBe(a.body.value.order.id);
    expect(await m.held()).toBe(15_000);
    // Deposits and withdrawals do not share request ids.
    expect((await deposit(m, { requestId, amount: 20_000 })).status).toBe(409);

    const poor = await member('wd_poor', 10_000n);
    const short = await withdraw(poor, { amount: 10_001 });
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await poor.main()).toBe(10_000);
    const orders = await db.select().from(paymentOrders).where(eq(paymentOrders.memberId, poor.id));
    expect(orders).toEqual([]);
  });

  it('allows 5 withdrawals a day (rejected ones do not count)', async () => {
    const m = await member('wd_daily', 1_000_000n);
    const first = await withdraw(m);
    await ops('POST', `/ops/payments/${first.body.value.order.id}/reject`);
    for (let i = 0; i < 5; i++) expect((await withdraw(m)).status).toBe(200);
    const sixth = await withdraw(m);
    expect(sixth.status).toBe(409);
    expect(await m.held()).toBe(5 * 20_000);
  });

  it('of concurrent withdrawals that would overdraw, exactly one succeeds', async () => {
    const m = await member('wd_race', 30_000n);
    const results = await Promise.all(Array.from({ length: 6 }, () => withdraw(m, { amount: 20_000 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(results.every((r) => r.status !== 500)).toBe(true);
    expect([await m.main(), await m.held()]).toEqual([10_000, 20_000]);
  });

  it('a disbursed withdrawal nobody answers becomes FORCED_RECEIVED after 30 minutes, once', async () => {
    const m = await member('wd_forced', 50_000n);
    const id = await disbursed(m);
    const audit = createAuditLog(db);
    expect(await forceReceive(db, audit, new Date(Date.now() + 29 * 60_000))).not.toContain(id);
    const later = new Date(Date.now() + 31 * 60_000);
    const runs = await Promise.all([forceReceive(db, audit, later), forceReceive(db, audit, later)]);
    expect(runs.flat().filter((x) => x === id)).toHaveLength(1);
    const [o] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
    expect(o!.status).toBe('FORCED_RECEIVED');
    const rows = await audit.forMember(m.id, 10);
    expect(rows.map((r) => r.action)).toEqual(['WITHDRAWAL_REQUESTED']);
    const forced = await db.execute(
      sql`select count(*)::int as n from audit_log where action = 'WITHDRAWAL_FORCED_RECEIVED' and subject->>'orderId' = ${String(id)}`,
    );
    expect((forced as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // The member can no longer report it or confirm it.
    expect((await call('POST', `/wps/payment/withdraw/${id}/confirm`, m.token, {})).status).toBe(409);
  });
});

describe('bad input never reaches the ledger', () => {
  it('refuses bad amounts and request ids with 400', async () => {
    const m = await member('bad_amounts', 100_000n);
    for (const amount of [-100, 0, 1.5, 100.25, 1e15, '20000', null, Number.NaN]) {
      const d = await deposit(m, { amount });
      expect(d.status, `deposit ${amount}`).toBe(400);
      expect(d.body.fields).toHaveProperty('amount');
      const w = await withdraw(m, { amount });
      expect(w.status, `withdraw ${amount}`).toBe(400);
    }
    for (const requestId of ['abc', '', 42, '00000000-0000-0000-0000-00000000000g']) {
      expect((await deposit(m, { requestId, amount: 20_000 })).body.fields).toHaveProperty('requestId');
      expect((await withdraw(m, { requestId })).status).toBe(400);
    }
    expect((await deposit(m, { channel: 'CRYPTO', amount: 20_000 })).status).toBe(400);
    expect((await call('GET', '/wps/payment/orders?pageSize=1000', m.token)).status).toBe(400);
    expect(await m.main()).toBe(100_000);
    expect(await db.select().from(paymentOrders).where(eq(paymentOrders.memberId, m.id))).toEqual([]);
  });

  it('another member’s order is not found (404), and a deposit is not a withdrawal', async () => {
    const owner = await member('own_orders', 100_000n);
    const other = await member('other_orders', 100_000n);
    const id = await disbursed(owner);
    expect((await call('POST', `/wps/payment/withdraw/${id}/confirm`, other.token, {})).status).toBe(404);
    const r = await report(other, id, form([{ name: 'a.png', type: 'image/png', data: PNG }]));
    expect(r.status).toBe(404);
    expect(storedFiles(id)).toEqual([]);
    const dep = await deposit(owner, { amount: 20_000 });
    expect(
      (await call('POST', `/wps/payment/withdraw/${dep.body.value.order.id}/confirm`, owner.token, {}))
        .status,
    ).toBe(404);
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999999999999'])
      expect([400, 404]).toContain(
        (await call('POST', `/wps/payment/withdraw/${bad}/confirm`, owner.token, {})).status,
      );
    expect(
      (await call('GET', '/wps/payment/orders', other.token)).body.value.list.map(
        (o: { id: number }) => o.id,
      ),
    ).not.toContain(id);
    expect((await ops('POST', '/ops/payments/999999999/approve')).status).toBe(404);
  });

  it('the operator calls need the operator token', async () => {
    for (const [method, url] of [
      ['GET', '/ops/payments'],
      ['POST', '/ops/payments/1/approve'],
      ['GET', '/ops/audit/verify'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: 'Bearer wrong' } });
      expect(res.statusCode).toBe(401);
    }
    expect((await ops('GET', '/ops/payments?status=SOMETHING')).status).toBe(400);
  });
});

describe('withdrawal not received, with proof', () => {
  it('stores up to 3 png/jpg files and marks the order NOT_RECEIVED; the member can still confirm', async () => {
    const m = await member('proof_ok', 100_000n);
    const id = await disbursed(m);
    const big = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024, 1)]);
    const r = await report(
      m,
      id,
      form(
        [
          { name: 'statement.png', type: 'image/png', data: PNG },
          { name: 'photo.jpeg', type: 'image/jpeg', data: JPG },
          { name: 'big.png', type: 'image/png', data: big },
        ],
        { remark: 'Nothing arrived on my account' },
      ),
    );
    expect(r.status).toBe(200);
    expect(r.body.value.order).toMatchObject({
      status: 'NOT_RECEIVED',
      proofs: 3,
      remark: 'Nothing arrived on my account',
      forcedReceiveAt: null,
    });
    expect(
      storedFiles(id)
        .map((f) => f.split('.')[1])
        .sort(),
    ).toEqual(['jpg', 'png', 'png']);
    // Only a disbursed withdrawal can be reported (not twice).
    const again = await report(m, id, form([{ name: 'a.png', type: 'image/png', data: PNG }]));
    expect(again.status).toBe(409);
    expect(storedFiles(id)).toHaveLength(3);
    const confirmed = await call('POST', `/wps/payment/withdraw/${id}/confirm`, m.token, {});
    expect(confirmed.body.value.order.status).toBe('RECEIVED');
  });

  it('refuses bad uploads with 400 and stores nothing', async () => {
    const m = await member('proof_bad', 200_000n);
    const id = await disbursed(m);
    const png = (name = 'p.png') => ({ name, type: 'image/png', data: PNG });
    const cases: [string, ReturnType<typeof form>][] = [
      [
        'a text file renamed .png',
        form([png(), { name: 'notes.png', type: 'image/png', data: Buffer.from('hello') }]),
      ],
      ['a gif', form([{ name: 'x.gif', type: 'image/gif', data: Buffer.from('GIF89a......') }])],
      [
        '6 MB',
        form([
          { name: 'huge.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]) },
        ]),
      ],
      ['4 files', form([png('1.png'), png('2.png'), png('3.png'), png('4.png')])],
      ['no file', form([], { remark: 'no proof' })],
      ['an empty file', form([{ name: 'e.png', type: 'image/png', data: Buffer.alloc(0) }])],
      ['a long remark', form([png()], { remark: 'x'.repeat(141) })],
    ];
    for (const [what, body] of cases) {
      const r = await report(m, id, body);
      expect(r.status, what).toBe(400);
      expect(r.body.success, what).toBe(false);
    }
    const json = await call('POST', `/wps/payment/withdraw/${id}/notReceived`, m.token, { files: [] });
    expect(json.status).toBe(400);
    expect(storedFiles(id)).toEqual([]);
    const [o] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
    expect(o).toMatchObject({ status: 'DISBURSED', proofs: [] });
    // A requested (not disbursed) withdrawal cannot be reported.
    const w = await withdraw(m);
    const early = await report(m, w.body.value.order.id, form([png()]));
    expect(early.status).toBe(409);
    expect(storedFiles(w.body.value.order.id)).toEqual([]);
  });
});

describe('books', () => {
  it('every wallet equals the sum of its entries, and the audit chain verifies', async () => {
    expect(await invariantBreaches(db)).toBe(0);
    const verified = await ops('GET', '/ops/audit/verify');
    expect(verified.body.value).toMatchObject({ ok: true });
    expect(verified.body.value.rows).toBeGreaterThan(20);
    expect(await createAuditLog(db).verify()).toMatchObject({ ok: true });
  });
});
