import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, members, paymentChannels, paymentOrders } from '../../db/schema/index.ts';
import { type FakeCheckoutProvider, startFakeCheckout } from '../../ports/payments/fakeCheckout.ts';
import { parseVietQr } from '../../ports/payments/vietqr.ts';
import { secretBox } from '../../secrets.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { asOps } from '../../test/changes.ts';
import { newMember } from '../../test/play.ts';
import { createSessionService } from '../auth/sessions.ts';
import { createLedger } from '../wallet/ledger.ts';

/**
 * Payment channels configured per merchant: operators add and change them (secrets in, never out; audited), members
 * deposit through them — a VietQR transfer an operator approves, and a hosted checkout run end to end against a
 * local fake provider (redirect, signed webhook, replay, stale timestamp, wrong amount or currency).
 */

const SECRETS = { apiSecret: 'api-secret-0123456789abcdef', webhookSecret: 'hook-secret-0123456789abcdef' };
const CHANNELS = '/ops/merchants/PORTICO/payment-channels';

let t: TestApp;
let db: Db;
let fake: FakeCheckoutProvider;
beforeAll(async () => {
  [t, fake] = await Promise.all([testApp(), startFakeCheckout(SECRETS)]);
  db = t.database.db;
});
afterAll(async () => {
  await Promise.all([t.close(), fake.close()]);
});

let ip = 0;
async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      merchant: 'PORTICO',
      'x-forwarded-for': `10.8.${(++ip >> 8) & 255}.${ip & 255}`,
      authorization: `Bearer ${token}`,
    },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function member(account: string) {
  const m = await newMember(db, account, 0n);
  const [row] = await db.select().from(members).where(eq(members.id, m.id));
  const token = await createSessionService(db).open(row!);
  return { ...m, token, main: async () => Number(await createLedger(db).walletBalance(m.main)) };
}

const webhook = async (channelId: number, signed: { raw: string; headers: Record<string, string> }) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/wps/payment/callback/${channelId}`,
    headers: { merchant: 'PORTICO', ...signed.headers },
    payload: signed.raw,
  });
  return { status: res.statusCode, body: res.json() };
};

const vietQr = {
  kind: 'VIETQR',
  label: 'VietQR Vietcombank',
  settings: {
    bankName: 'Vietcombank',
    bin: '970436',
    accountNo: '1023020330000',
    accountName: 'PORTICO GAMING',
  },
};
const hosted = () => ({
  kind: 'HOSTED_CHECKOUT',
  label: 'Card or e-wallet',
  settings: {
    apiUrl: fake.apiUrl,
    merchantId: 'M-42',
    currency: 'VND',
    siteUrl: 'https://play.portico.test/',
  },
  secrets: SECRETS,
});

let qrId: number;
let hostedId: number;

describe('operators configure channels', () => {
  it('FINANCE adds and changes channels: validated, secrets write-only, audited; other roles are refused', async () => {
    const before = await asOps(t.app, 'finance', 'GET', CHANNELS);
    expect(before.body.value).toMatchObject({ list: [], sealed: false });
    expect(before.body.value.kinds).toEqual(['BANK', 'VIETQR', 'HOSTED_CHECKOUT', 'DEMO_GATEWAY']);
    expect((await asOps(t.app, 'support', 'GET', CHANNELS)).status).toBe(403);
    expect((await asOps(t.app, 'support', 'POST', CHANNELS, vietQr)).status).toBe(403);

    const bad = await asOps(t.app, 'finance', 'POST', CHANNELS, {
      ...vietQr,
      settings: { ...vietQr.settings, bin: '9704' },
    });
    expect([bad.status, bad.body.code, Object.keys(bad.body.fields)]).toEqual([
      400,
      'VALIDATION',
      ['settings.bin'],
    ]);
    const noSecrets = await asOps(t.app, 'finance', 'POST', CHANNELS, { ...hosted(), secrets: undefined });
    expect(noSecrets.status).toBe(400);

    const qr = await asOps(t.app, 'finance', 'POST', CHANNELS, vietQr);
    expect(qr.status).toBe(200);
    qrId = qr.body.value.channel.id;
    const gw = await asOps(t.app, 'finance', 'POST', CHANNELS, hosted());
    expect(gw.body.value.channel).toMatchObject({
      kind: 'HOSTED_CHECKOUT',
      enabled: true,
      secretsSet: ['apiSecret', 'webhookSecret'],
      settings: { siteUrl: 'https://play.portico.test' },
    });
    hostedId = gw.body.value.channel.id;
    expect(gw.body.value.channel.webhookUrl).toBe(
      `https://play.portico.test/wps/payment/callback/${hostedId}`,
    );

    // A new label, one secret left out (kept), the driver unchangeable.
    const renamed = await asOps(t.app, 'finance', 'PUT', `${CHANNELS}/${hostedId}`, {
      ...hosted(),
      label: 'Cards',
      secrets: { apiSecret: SECRETS.apiSecret },
    });
    expect(renamed.body.value.channel).toMatchObject({
      label: 'Cards',
      secretsSet: ['apiSecret', 'webhookSecret'],
    });
    const rekind = await asOps(t.app, 'finance', 'PUT', `${CHANNELS}/${hostedId}`, vietQr);
    expect(rekind.status).toBe(400);
    expect((await asOps(t.app, 'finance', 'PUT', `${CHANNELS}/999999`, vietQr)).status).toBe(404);

    const listed = await asOps(t.app, 'finance', 'GET', CHANNELS);
    expect(listed.body.value.list.map((c: { id: number }) => c.id)).toEqual([qrId, hostedId]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantCode, 'PORTICO'), like(auditLog.action, 'PAYMENT_CHANNEL_%')));
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['PAYMENT_CHANNEL_ADDED', 'ops:finance'],
      ['PAYMENT_CHANNEL_ADDED', 'ops:finance'],
      ['PAYMENT_CHANNEL_UPDATED', 'ops:finance'],
    ]);
    expect(audit[2]!.subject).toMatchObject({ secretsChanged: ['apiSecret'], label: 'Cards' });
    // No secret anywhere an operator or the audit log can read it.
    for (const text of [JSON.stringify(listed.body), JSON.stringify(gw.body), JSON.stringify(audit)])
      for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  });

  it('seals secrets with PORTICO_SECRETS_KEY: bound to the merchant, refused by another key', () => {
    const box = secretBox('a-sealing-key-of-48-characters-for-the-tests-01');
    const sealed = box.seal('{"apiSecret":"x"}', 'payment-channel:PORTICO');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('apiSecret');
    expect(box.open(sealed, 'payment-channel:PORTICO')).toBe('{"apiSecret":"x"}');
    expect(() => box.open(sealed, 'payment-channel:LOTUS')).toThrow(/does not open/);
    expect(() =>
      secretBox('another-key-of-32-characters-0000').open(sealed, 'payment-channel:PORTICO'),
    ).toThrow();
    expect(() => secretBox(undefined).open(sealed, 'payment-channel:PORTICO')).toThrow(/PORTICO_SECRETS_KEY/);
  });
});

describe('members deposit through them', () => {
  it('offers exactly the enabled configured channels once there are some', async () => {
    const m = await member('ch_settings');
    const { body } = await call('GET', '/wps/payment/settings', m.token);
    expect(body.value.deposit.channels).toEqual(['VIETQR', 'HOSTED_CHECKOUT']);
    expect(body.value.deposit.methods).toEqual([
      {
        id: qrId,
        kind: 'VIETQR',
        label: 'VietQR Vietcombank',
        bank: expect.objectContaining({ accountNo: '1023020330000' }),
      },
      { id: hostedId, kind: 'HOSTED_CHECKOUT', label: 'Cards', bank: null },
    ]);
    const demo = await call('POST', '/wps/payment/deposit', m.token, {
      requestId: randomUUID(),
      channel: 'DEMO_GATEWAY',
      amount: 20_000,
    });
    expect([demo.status, demo.body.fields]).toEqual([400, { channel: 'Not available' }]);
  });

  it('VietQR: a QR of the bank, account, amount and reference; the operator approves as before', async () => {
    const m = await member('ch_vietqr');
    const d = await call('POST', '/wps/payment/deposit', m.token, {
      requestId: randomUUID(),
      channel: 'VIETQR',
      channelId: qrId,
      amount: 4_500_000,
    });
    expect(d.status).toBe(200);
    const { transfer, order, payUrl } = d.body.value;
    expect(payUrl).toBeNull();
    expect(transfer).toMatchObject({
      bankName: 'Vietcombank',
      accountName: 'PORTICO GAMING',
      accountNo: '1023020330000',
      amount: 4_500_000,
      reference: expect.stringMatching(/^PT[A-Z0-9]{8}$/),
    });
    expect(parseVietQr(transfer.qr)).toEqual({
      bin: '970436',
      accountNo: '1023020330000',
      amount: 45_000,
      purpose: transfer.reference,
      initiation: '12',
      currency: '704',
      country: 'VN',
    });
    const odd = await call('POST', '/wps/payment/deposit', m.token, {
      requestId: randomUUID(),
      channel: 'VIETQR',
      amount: 50_050,
    });
    expect(odd.body.fields).toEqual({ amount: 'Enter a whole amount' });
    expect((await asOps(t.app, 'finance', 'POST', `/ops/payments/${order.id}/approve`)).status).toBe(200);
    expect(await m.main()).toBe(4_500_000);
  });

  it('hosted checkout: redirect from the provider, its signed webhook credits once; replay, stale and forged refused', async () => {
    const m = await member('ch_hosted');
    const d = await call('POST', '/wps/payment/deposit', m.token, {
      requestId: randomUUID(),
      channel: 'HOSTED_CHECKOUT',
      amount: 3_000_000,
    });
    expect(d.status).toBe(200);
    const checkout = fake.checkouts.at(-1)!;
    expect(checkout).toMatchObject({
      merchantId: 'M-42',
      amount: 3_000_000,
      currency: 'VND',
      notifyUrl: `https://play.portico.test/wps/payment/callback/${hostedId}`,
    });
    expect(d.body.value.payUrl).toBe(`${fake.apiUrl.replace('/v1', '')}/pay/${checkout.checkoutId}`);

    const stale = fake.webhook(checkout, { status: 'PAID' }, { at: Date.now() - 6 * 60_000 });
    expect(await webhook(hostedId, stale)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    const forged = fake.webhook(checkout, { status: 'PAID' }, { secret: 'not-the-webhook-secret-000' });
    expect((await webhook(hostedId, forged)).status).toBe(401);
    const tampered = fake.webhook(checkout, { status: 'PAID' });
    expect(
      (await webhook(hostedId, { ...tampered, raw: tampered.raw.replace('PAID', 'FAILED') })).status,
    ).toBe(401);
    expect((await webhook(qrId, tampered)).status).toBe(401);
    expect(await m.main()).toBe(0);

    const paid = fake.webhook(checkout, { status: 'PAID', eventId: 'ev_1' });
    expect(await webhook(hostedId, paid)).toEqual({
      status: 200,
      body: { ok: true, credited: true, review: false },
    });
    expect(await webhook(hostedId, paid)).toEqual({
      status: 200,
      body: { ok: true, credited: false, review: false },
    });
    const again = fake.webhook(checkout, { status: 'PAID', eventId: 'ev_2' });
    expect((await webhook(hostedId, again)).body.credited).toBe(false);
    expect(await m.main()).toBe(3_000_000);
  });

  it('hosted checkout: another amount or currency is flagged for review, not credited', async () => {
    const m = await member('ch_mismatch');
    const ids: number[] = [];
    for (const [amount, event] of [
      [2_000_000, { status: 'PAID', amount: 200_000 }],
      [2_500_000, { status: 'PAID', currency: 'USD' }],
    ] as const) {
      const d = await call('POST', '/wps/payment/deposit', m.token, {
        requestId: randomUUID(),
        channel: 'HOSTED_CHECKOUT',
        channelId: hostedId,
        amount,
      });
      ids.push(d.body.value.order.id);
      const checkout = fake.checkouts.at(-1)!;
      expect(await webhook(hostedId, fake.webhook(checkout, event))).toEqual({
        status: 200,
        body: { ok: true, credited: false, review: true },
      });
      // The provider then says the right thing: still for an operator to decide.
      expect((await webhook(hostedId, fake.webhook(checkout, { status: 'PAID' }))).body).toMatchObject({
        credited: false,
        review: true,
      });
    }
    expect(await m.main()).toBe(0);
    const orders = await db.select().from(paymentOrders).where(eq(paymentOrders.memberId, m.id));
    expect(orders.map((o) => [o.status, o.remark])).toEqual([
      ['PENDING', expect.stringMatching(/^To review: paid 200000 VND/)],
      ['PENDING', expect.stringMatching(/^To review: paid in USD/)],
    ]);
    const flagged = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'DEPOSIT_FLAGGED'),
          eq(auditLog.actor, `gateway:HOSTED_CHECKOUT:${hostedId}`),
        ),
      );
    expect(flagged).toHaveLength(2);
  });

  it('a provider that refuses the checkout fails the deposit (5xx envelope), and a disabled channel is not offered', async () => {
    const m = await member('ch_down');
    await asOps(t.app, 'finance', 'PUT', `${CHANNELS}/${hostedId}`, {
      ...hosted(),
      secrets: { apiSecret: 'a-wrong-api-secret-000000' },
    });
    const d = await call('POST', '/wps/payment/deposit', m.token, {
      requestId: randomUUID(),
      channel: 'HOSTED_CHECKOUT',
      amount: 2_000_000,
    });
    expect([d.status, d.body.success]).toEqual([502, false]);
    const [o] = await db.select().from(paymentOrders).where(eq(paymentOrders.memberId, m.id));
    expect(o?.status).toBe('FAILED');

    await asOps(t.app, 'finance', 'PUT', `${CHANNELS}/${hostedId}`, {
      ...hosted(),
      enabled: false,
      secrets: {},
    });
    const { body } = await call('GET', '/wps/payment/settings', m.token);
    expect(body.value.deposit.channels).toEqual(['VIETQR']);
    const [row] = await db.select().from(paymentChannels).where(eq(paymentChannels.id, hostedId));
    expect(row?.enabled).toBe(false);
  });
});

describe('production', () => {
  it('never offers the demo gateway, refuses to add one, and stores secrets only sealed', async () => {
    const prod = await testApp({ production: true, opsToken: 'prod-ops-token-0123456789abcdefghij' });
    try {
      const ops = async (method: 'GET' | 'POST', payload?: object) => {
        const res = await prod.app.inject({
          method,
          url: CHANNELS,
          headers: { authorization: 'Bearer prod-ops-token-0123456789abcdefghij' },
          ...(payload ? { payload } : {}),
        });
        return { status: res.statusCode, body: res.json() };
      };
      expect((await ops('GET')).body.value.kinds).not.toContain('DEMO_GATEWAY');
      const demo = await ops('POST', { kind: 'DEMO_GATEWAY', label: 'Demo', settings: {} });
      expect([demo.status, demo.body.fields]).toEqual([400, { kind: 'Not available in production' }]);
      const gateway = await ops('POST', hosted());
      expect([gateway.status, gateway.body.message]).toEqual([
        409,
        expect.stringMatching(/PORTICO_SECRETS_KEY/),
      ]);
      const m = await newMember(prod.database.db, 'ch_prod', 0n);
      const [row] = await prod.database.db.select().from(members).where(eq(members.id, m.id));
      const token = await createSessionService(prod.database.db).open(row!);
      const settings = await prod.app.inject({
        method: 'GET',
        url: '/wps/payment/settings',
        headers: { merchant: 'PORTICO', authorization: `Bearer ${token}` },
      });
      expect(settings.json().value.deposit.channels).toEqual(['BANK']);
    } finally {
      await prod.close();
    }
  });
});
