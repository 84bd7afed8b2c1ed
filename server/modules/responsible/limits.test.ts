import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, gameRounds, paymentOrders } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { inhouseGames, launchToken } from '../../test/play.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createAuditLog } from '../audit/log.ts';
import { betSteps } from '../inhouse/catalogue.ts';
import { LOTTERIES, type Lottery } from '../lottery/catalogue.ts';
import { saleState } from '../lottery/schedule.ts';
import { createLedger } from '../wallet/ledger.ts';

const OPS = 'ops-secret-for-limit-tests';

let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  db = t.database.db;
  api = client(t.app);
});
afterAll(() => t.close());

type M = Awaited<ReturnType<typeof memberWithToken>>;

const setLimit = async (m: M, kind: 'DEPOSIT' | 'LOSS', period: 'D' | 'W' | 'M', amount: number) =>
  expect(
    (await api.send('PUT', '/wps/member/responsible/limit', { kind, period, amount }, m.token)).status,
  ).toBe(200);
const deposit = (m: M, amount: number, requestId = randomUUID()) =>
  api.send('POST', '/wps/payment/deposit', { requestId, channel: 'BANK', amount }, m.token);
const ops = async (url: string) => {
  const res = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${OPS}` } });
  return { status: res.statusCode, body: res.json() };
};
const orders = (memberId: number) =>
  db.select().from(paymentOrders).where(eq(paymentOrders.memberId, memberId)).orderBy(paymentOrders.id);
/** An order as the gateway or a bank transfer left it, written straight (as before pending deposits counted). */
const pendingOrder = async (memberId: number, amount: bigint, channel: 'BANK' | 'DEMO_GATEWAY' = 'BANK') =>
  (
    await db
      .insert(paymentOrders)
      .values({
        merchantCode: 'PORTICO',
        memberId,
        kind: 'DEPOSIT',
        channel,
        amount,
        status: 'PENDING',
        requestId: randomUUID(),
        externalRef: randomUUID(),
      })
      .returning()
  )[0]!;

describe('the deposit limit counts pending deposits', () => {
  it('lets one of five parallel 100.00 deposits through a 100.00 daily limit', async () => {
    const m = await memberWithToken(db, 'rgdep1', 0n);
    await setLimit(m, 'DEPOSIT', 'D', 10_000);
    const replies = await Promise.all(Array.from({ length: 5 }, () => deposit(m, 10_000)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const message = 'You have reached your daily deposit limit of 100.00: no more deposits today';
    for (const r of replies.filter((x) => x.status !== 200))
      expect(r).toMatchObject({
        status: 400,
        body: {
          code: 'LIMIT_EXCEEDED',
          message,
          fields: { amount: message },
          limit: { kind: 'DEPOSIT', period: 'D', amount: 10_000, remaining: 0 },
        },
      });
    expect(await orders(m.id)).toHaveLength(1);
    const status = await api.send('GET', '/wps/member/responsible', undefined, m.token);
    expect(status.body.value.limits[0]).toMatchObject({ kind: 'DEPOSIT', used: 10_000 });
  });

  it('says what is left, and a resent request answers its first order', async () => {
    const m = await memberWithToken(db, 'rgdep2', 0n);
    await setLimit(m, 'DEPOSIT', 'W', 25_000);
    const requestId = randomUUID();
    expect((await deposit(m, 10_000, requestId)).status).toBe(200);
    expect((await deposit(m, 10_000)).status).toBe(200);
    const refused = await deposit(m, 10_000);
    expect(refused).toMatchObject({
      status: 400,
      body: {
        code: 'LIMIT_EXCEEDED',
        message: 'You can deposit 50.00 more this week (weekly deposit limit 250.00)',
        limit: { kind: 'DEPOSIT', period: 'W', amount: 25_000, remaining: 5_000 },
      },
    });
    // The week ends next Monday at midnight in the merchants' zone (UTC+7): the SPA says "… more until <date>".
    const resetsAt = Date.parse(refused.body.limit.resetsAt);
    const local = new Date(resetsAt + 7 * 3_600_000);
    expect(resetsAt).toBeGreaterThan(Date.now());
    expect(resetsAt - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect([local.getUTCDay(), local.getUTCHours(), local.getUTCMinutes()]).toEqual([1, 0, 0]);
    const again = await deposit(m, 10_000, requestId);
    expect(again.status).toBe(200);
    expect(again.body.value.order.id).toBe((await orders(m.id))[0]!.id);
    // A rejected deposit gives its room back.
    expect((await ops(`/ops/payments/${again.body.value.order.id}/reject`)).status).toBe(200);
    expect((await deposit(m, 15_000)).status).toBe(200);
  });

  it('an operator cannot credit a deposit past the limit; the order stays pending to be rejected', async () => {
    const m = await memberWithToken(db, 'rgdep3', 0n);
    await setLimit(m, 'DEPOSIT', 'D', 10_000);
    // Five pending 100.00 deposits, as the report found them.
    const five = [];
    for (let i = 0; i < 5; i++) five.push(await pendingOrder(m.id, 10_000n));
    expect((await ops(`/ops/payments/${five[0]!.id}/approve`)).status).toBe(200);
    const refused = await ops(`/ops/payments/${five[1]!.id}/approve`);
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: 'LIMIT_EXCEEDED',
        limit: { kind: 'DEPOSIT', period: 'D', amount: 10_000, remaining: 0 },
      },
    });
    expect(refused.body.message).toMatch(/^Crediting 100\.00 would pass the member's daily deposit limit/);
    expect((await orders(m.id)).map((o) => o.status)).toEqual([
      'CREDITED',
      'PENDING',
      'PENDING',
      'PENDING',
      'PENDING',
    ]);
    expect((await ops(`/ops/payments/${five[1]!.id}/reject`)).status).toBe(200);
    expect(Number(await createLedger(db).memberBalance('PORTICO', m.id))).toBe(10_000);
  });

  it('a gateway payment past the limit is not credited: the order is rejected, audited', async () => {
    const m = await memberWithToken(db, 'rgdep4', 0n);
    const o = await pendingOrder(m.id, 20_000n, 'DEMO_GATEWAY');
    // Lowered after the order was made: the limit holds from now on.
    await setLimit(m, 'DEPOSIT', 'D', 15_000);
    const paid = await api.send('POST', '/gateway-demo/pay', { ref: o.externalRef, outcome: 'PAID' });
    expect(paid).toMatchObject({ status: 200, body: { value: { status: 'REJECTED', credited: false } } });
    expect(Number(await createLedger(db).memberBalance('PORTICO', m.id))).toBe(0);
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, 'gateway:DEMO_GATEWAY'), eq(auditLog.action, 'DEPOSIT_REJECTED')))
      .orderBy(auditLog.id);
    expect(row?.subject).toMatchObject({ orderId: o.id, limit: { remaining: 15_000 } });
  });
});

/** A lottery on sale for at least another minute. */
const onSale = (): Lottery => LOTTERIES.find((l) => saleState(l, new Date()).remainTime > 60_000)!;
/** A slip of đề, which costs 1.00 a point anywhere: `stake` (minor units) buys stake / 100 points. */
const bet = (m: M, stake: number) => {
  const l = onSale();
  return api.send(
    'POST',
    '/wps/lottery/bets',
    {
      requestId: randomUUID(),
      gameCode: l.code,
      issue: saleState(l, new Date()).issue,
      bets: [{ playType: 'DE', numbers: ['07'], points: stake / 100 }],
    },
    m.token,
  );
};

describe('the loss limit counts open stakes', () => {
  it('1,500.00 of lottery stakes cannot pass a 10.00 limit; each bet is checked with its stake', async () => {
    const m = await memberWithToken(db, 'rgloss1', 500_000n);
    await setLimit(m, 'LOSS', 'D', 1_000);
    expect(await bet(m, 150_000)).toMatchObject({
      status: 403,
      body: {
        code: 'LIMIT_EXCEEDED',
        message: 'You can stake 10.00 more today (daily loss limit 10.00)',
        limit: { kind: 'LOSS', period: 'D', amount: 1_000, remaining: 1_000 },
      },
    });
    expect((await bet(m, 600)).status).toBe(200);
    expect(await bet(m, 500)).toMatchObject({
      status: 403,
      body: { code: 'LIMIT_EXCEEDED', limit: { remaining: 400 } },
    });
    expect((await bet(m, 400)).status).toBe(200);
    expect(await bet(m, 100)).toMatchObject({
      status: 403,
      body: {
        code: 'LIMIT_EXCEEDED',
        message: 'You have reached your daily loss limit of 10.00: no more bets today',
      },
    });
    expect(Number(await createLedger(db).walletBalance(m.main))).toBe(499_000);
  });

  it('lets parallel slips through only as far as the limit goes', async () => {
    const m = await memberWithToken(db, 'rgloss2', 500_000n);
    await setLimit(m, 'LOSS', 'D', 1_000);
    const replies = await Promise.all(Array.from({ length: 8 }, () => bet(m, 300)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.body.code === 'LIMIT_EXCEEDED')).toHaveLength(5);
    expect(Number(await createLedger(db).walletBalance(m.main))).toBe(499_100);
  });

  it('open stakes stop a game launch and an in-house spin that would pass the limit', async () => {
    const m = await memberWithToken(db, 'rgloss3', 100_000n);
    const { slot } = await inhouseGames(db);
    const step = BigInt(betSteps(slot.minBet)[0]!);
    await setLimit(m, 'LOSS', 'D', Number(step * 3n));
    // A vendor's round still open with two steps staked: one step is left.
    await db.insert(gameRounds).values({
      merchantCode: 'PORTICO',
      memberId: m.id,
      vassalage: 'PORTICO',
      nodeId: slot.nodeId,
      gameType: 'INHOUSE',
      roundRef: `rg-open-${m.id}`,
      bet: step * 2n + 1n,
      status: 'OPEN',
    });
    const token = await launchToken(db, { memberId: m.id, nodeId: slot.nodeId });
    const spin = await t.app.inject({
      method: 'POST',
      url: '/inhouse/slot/spin',
      headers: { merchant: 'PORTICO', 'x-launch-token': token },
      payload: { requestId: randomUUID(), bet: Number(step) },
    });
    expect(spin.statusCode).toBe(403);
    expect(spin.json()).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      limit: { kind: 'LOSS', remaining: Number(step) - 1 },
      balance: 100_000,
    });
    await db
      .update(gameRounds)
      .set({ bet: step * 3n })
      .where(eq(gameRounds.roundRef, `rg-open-${m.id}`));
    const launch = await api.send(
      'POST',
      '/wps/game/launchGame',
      { nodeId: slot.nodeId, vassalage: 'PORTICO' },
      m.token,
    );
    expect(launch).toMatchObject({ status: 403, body: { code: 'LIMIT_EXCEEDED', limit: { remaining: 0 } } });
    expect(Number(await createLedger(db).walletBalance(m.main))).toBe(100_000);
  });
});

describe('the audit chain', () => {
  it('still verifies after the refusals and credits above', async () => {
    expect(await createAuditLog(db).verify()).toMatchObject({ ok: true });
  });
});
