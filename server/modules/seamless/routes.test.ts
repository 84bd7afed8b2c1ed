import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/app.ts';
import { inhouseGames, newMember } from '../../test/play.ts';
import { merchantSecret, signBody } from './signature.ts';

const MASTER = 'test-master-secret';
let t: TestApp;
let nodeId: string;
beforeAll(async () => {
  t = await testApp({ seamlessSecret: MASTER });
  nodeId = (await inhouseGames(t.database.db)).slot.nodeId;
  await newMember(t.database.db, 'vendorplayer', 5_000n);
});
afterAll(() => t.close());

let ip = 0;
/** A vendor's call: the body signed with the merchant's secret unless `signature` says otherwise. */
async function send(
  path: string,
  body: object | string,
  opts: { signature?: string; merchant?: string } = {},
) {
  const merchant = opts.merchant ?? 'PORTICO';
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: `/seamless/${path}`,
    headers: {
      merchant,
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.0.${++ip % 250}`,
      'x-signature': opts.signature ?? signBody(merchantSecret(MASTER, merchant), raw),
    },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() };
}
const who = { account: 'vendorplayer', vassalage: 'ACME' };

describe('seamless wallet over HTTP', () => {
  it('answers signed calls: balance, bet, win, rollback, replays', async () => {
    expect((await send('balance', who)).body.value).toEqual({
      account: 'vendorplayer',
      balance: 5_000,
      currency: 'USD',
    });
    const bet = await send('bet', { ...who, nodeId, txId: 'h-b1', roundId: 'h-r1', amount: 1_500 });
    expect(bet).toEqual({
      status: 200,
      body: {
        success: true,
        value: { txId: 'h-b1', roundId: 'h-r1', amount: 1_500, balance: 3_500, currency: 'USD' },
      },
    });
    expect(await send('bet', { ...who, nodeId, txId: 'h-b1', roundId: 'h-r1', amount: 1_500 })).toEqual(bet);
    const win = await send('win', { ...who, txId: 'h-w1', roundId: 'h-r1', amount: 2_000 });
    expect(win.body.value).toMatchObject({ amount: 2_000, balance: 5_500 });
    const back = await send('rollback', { ...who, txId: 'h-x1', betTxId: 'h-b9' });
    expect(back.body.value).toMatchObject({ roundId: null, amount: 0, balance: 5_500 });
    const late = await send('bet', { ...who, nodeId, txId: 'h-b9', roundId: 'h-r9', amount: 100 });
    expect([late.status, late.body.code]).toEqual([409, 'CONFLICT']);
  });

  it('answers a bet above the balance with 409 INSUFFICIENT_FUNDS carrying the real balance', async () => {
    const res = await send('bet', { ...who, nodeId, txId: 'h-big', roundId: 'h-rbig', amount: 999_999 });
    expect(res).toEqual({
      status: 409,
      body: { success: false, code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance', balance: 5_500 },
    });
  });

  it('refuses calls without a valid signature of the raw body, before reading them', async () => {
    const body = { ...who, nodeId, txId: 'h-s1', roundId: 'h-rs1', amount: 100 };
    const raw = JSON.stringify(body);
    const cases = [
      await send('bet', body, { signature: '' }),
      await send('bet', body, { signature: 'zz' }),
      await send('bet', body, { signature: signBody('guessed', raw) }),
      // Another merchant's secret does not sign for this one.
      await send('bet', body, { signature: signBody(merchantSecret(MASTER, 'LOTUS'), raw) }),
      // The same members, signed, then changed: the amount is not what was signed.
      await send('bet', raw.replace('"amount":100', '"amount":1'), {
        signature: signBody(merchantSecret(MASTER, 'PORTICO'), raw),
      }),
      await send('bet', '{not json', { signature: 'ab'.repeat(32) }),
    ];
    for (const res of cases) expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const bodiless = await t.app.inject({
      method: 'POST',
      url: '/seamless/balance',
      headers: { merchant: 'PORTICO' },
    });
    expect(bodiless.statusCode).toBe(401);
    expect((await send('balance', who)).body.value.balance).toBe(5_500);
  });

  it('answers signed bad input with 400 and field messages, unknown players and games with 404', async () => {
    const malformed = await send('bet', '{not json');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION']);
    const bad = await send('bet', { ...who, nodeId, txId: 'has space', roundId: 'r', amount: -5 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['txId', 'amount']));
    const fractional = await send('win', { ...who, txId: 'h-f', roundId: 'h-r1', amount: 1.5 });
    expect(fractional.status).toBe(400);
    const nobody = await send('balance', { account: 'nobody', vassalage: 'ACME' });
    expect([nobody.status, nobody.body.code]).toEqual([404, 'NOT_FOUND']);
    const nogame = await send('bet', { ...who, nodeId: 'NOPE_1', txId: 'h-n', roundId: 'h-rn', amount: 1 });
    expect([nogame.status, nogame.body.fields]).toEqual([404, { nodeId: 'Unknown game' }]);
  });

  it('is off without a master secret', async () => {
    const off = await testApp();
    const res = await off.app.inject({
      method: 'POST',
      url: '/seamless/balance',
      headers: { merchant: 'PORTICO' },
    });
    expect(res.statusCode).toBe(404);
    await off.close();
  });
});
