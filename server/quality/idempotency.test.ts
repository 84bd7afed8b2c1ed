import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { ledgerEntries, members, paymentOrders } from '../db/schema/index.ts';
import { LOTTERIES } from '../modules/lottery/catalogue.ts';
import { saleState } from '../modules/lottery/schedule.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { client } from '../test/auth.ts';
import { memberWithToken, PAY_PASSWORD } from '../test/wallet.ts';

/**
 * A request id names one request: sent again with the same body it answers the first result and moves nothing;
 * sent with another body it is refused with 409 IDEMPOTENCY_CONFLICT, never answered with the first result.
 */
let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
  api = client(t.app);
});
afterAll(() => t.close());

const entries = async () => (await db.select({ n: count() }).from(ledgerEntries))[0]!.n;
const orders = async () => (await db.select({ n: count() }).from(paymentOrders))[0]!.n;
const conflict = { status: 409, body: { success: false, code: 'IDEMPOTENCY_CONFLICT' } };

/** Sends `first`, then each variant under the same request id: the first again replays, each other one conflicts. */
async function reuse(path: string, token: string, first: object, variants: object[]) {
  const requestId = randomUUID();
  const done = await api.send('POST', path, { requestId, ...first }, token);
  expect(done.status).toBe(200);
  const before = [await entries(), await orders()];
  expect(await api.send('POST', path, { requestId, ...first }, token)).toEqual(done);
  for (const changed of variants) {
    const res = await api.send('POST', path, { requestId, ...first, ...changed }, token);
    expect({ changed, res }).toMatchObject({ changed, res: conflict });
  }
  expect([await entries(), await orders()]).toEqual(before);
  return done;
}

describe('a request id reused with another body', () => {
  it('is refused for a wallet transfer', async () => {
    const m = await memberWithToken(db, 'idem_transfer', 20_000n);
    await reuse('/wps/relay/GCS_walletTransfer', m.token, { direction: 'in', vendor: 'AG', amount: 5_000 }, [
      { amount: 5_001 },
      { vendor: 'CQ9' },
      { direction: 'out' },
    ]);
  });

  it('is refused for an agent’s transfer to its downline', async () => {
    const agent = await memberWithToken(db, 'idem_fund', 20_000n);
    await db.update(members).set({ agentType: 1 }).where(eq(members.id, agent.id));
    const kid = await memberWithToken(db, 'idem_kid', 0n, { uplineId: agent.id });
    const sibling = await memberWithToken(db, 'idem_kid2', 0n, { uplineId: agent.id });
    await reuse(
      '/wps/agent/transfer',
      agent.token,
      { downlineId: kid.id, amount: 1_000, paymentPassword: PAY_PASSWORD },
      [{ amount: 2_000 }, { downlineId: sibling.id }],
    );
  });

  it('is refused for a transfer to the upline', async () => {
    const agent = await memberWithToken(db, 'idem_agent', 0n);
    const m = await memberWithToken(db, 'idem_upline', 20_000n, { uplineId: agent.id });
    await reuse('/wps/wallet/transferUpline', m.token, { amount: 1_000, paymentPassword: PAY_PASSWORD }, [
      { amount: 2_000 },
    ]);
  });

  it('is refused for a deposit and a withdrawal', async () => {
    const m = await memberWithToken(db, 'idem_pay', 100_000n);
    const deposit = await reuse(
      '/wps/payment/deposit',
      m.token,
      { channel: 'BANK', amount: 20_000, payerName: 'Idem Payer' },
      [{ amount: 30_000 }, { channel: 'DEMO_GATEWAY' }, { payerName: 'Someone Else' }],
    );
    expect(deposit.body.value.order).toMatchObject({ amount: 20_000 });
    await reuse(
      '/wps/payment/withdraw',
      m.token,
      {
        amount: 20_000,
        paymentPassword: PAY_PASSWORD,
        bankName: 'Demo Bank',
        accountName: 'Idem Member',
        accountNo: '1234 5678 90',
      },
      [{ amount: 25_000 }, { accountNo: '9999 0000 11' }],
    );
  });

  it('is refused for a lottery slip', async () => {
    const m = await memberWithToken(db, 'idem_lottery', 100_000n);
    const l = LOTTERIES.find((x) => saleState(x, new Date()).remainTime > 60_000)!;
    const lo = (points: number, numbers = ['12']) => ({ playType: 'LO2', numbers, points });
    const slip = { gameCode: l.code, issue: saleState(l, new Date()).issue, bets: [lo(1)] };
    await reuse('/wps/lottery/bets', m.token, slip, [
      { bets: [lo(2)] },
      { bets: [lo(1, ['13'])] },
      { bets: [lo(1), lo(1)] },
    ]);
  });
});
