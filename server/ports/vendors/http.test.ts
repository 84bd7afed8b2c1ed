import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { invariantBreaches } from '../../test/play.ts';
import type { VendorSettings } from './config.ts';
import { type FakeVendor, startFakeVendor } from './fakeVendor.ts';

const OPS = 'vendor-test-operator-token-0123456789';
const credentials = {
  operatorId: 'op-portico',
  apiKey: 'key-123',
  secret: 'vendor-test-secret-0123456789abcdef',
};
const GAME = 'agg-fruit-party';

let t: TestApp;
let fake: FakeVendor;
let token: string;
const api = () => client(t.app);

beforeAll(async () => {
  fake = await startFakeVendor(credentials);
  fake.state.feed = {
    games: [{ code: GAME, names: { en: 'Fruit Party' }, type: 'RNG', category: 'SLOT', trial: true }],
  };
  const settings: VendorSettings = {
    merchant: 'PORTICO',
    vendor: 'AGG',
    name: 'Aggregator',
    baseUrl: fake.url,
    ...credentials,
    wallet: 'transfer',
    syncHours: 0,
  };
  t = await testApp({ opsToken: OPS, vendors: [settings] });
  const synced = await t.app.inject({
    method: 'POST',
    url: '/ops/merchants/PORTICO/vendors/AGG/sync',
    headers: { authorization: `Bearer ${OPS}` },
  });
  expect(synced.json().value).toMatchObject({ driver: 'http', wallet: 'transfer', added: 1, error: null });
  token = (await api().login('player01', 'Player123')).body.value.token;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const wallets = async () => {
  const res = await api().send('GET', '/wps/v2/wallets', undefined, token);
  const list: { kind: string; balance: number }[] = res.body.value.wallets;
  return {
    main: list.find((w) => w.kind === 'MAIN')!.balance,
    vendor: list.find((w) => w.kind === 'AGG')?.balance ?? 0,
  };
};
const transfer = (body: object) =>
  api().send('POST', '/wps/relay/GCS_walletTransfer', { requestId: randomUUID(), ...body }, token);
const launch = () => api().send('POST', '/wps/game/launchGame', { nodeId: GAME, vassalage: 'AGG' }, token);

describe('HTTP vendor driver against a fake vendor speaking docs/integrations.md', () => {
  it('answers a vendor that fails with a 409 envelope, moving nothing', async () => {
    const before = await wallets();
    fake.state.failing.set('/launch', 500);
    const res = await launch();
    fake.state.failing.clear();
    expect(res).toMatchObject({ status: 409, body: { success: false, code: 'VENDOR_UNAVAILABLE' } });
    expect(res.body.message).not.toMatch(/500|failing/);
    expect(await wallets()).toEqual(before);
    expect(fake.balance('player01')).toBe(0);
  });

  it('launches through the vendor, signed, and takes the main balance along (transfer wallet)', async () => {
    const before = await wallets();
    expect(before.main).toBeGreaterThan(0);
    const res = await launch();
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      content: expect.stringMatching(/^https:\/\/games\.vendor\.example\/play\?session=/),
      openIn: 'frame',
    });
    expect(fake.state.launches.at(-1)!.body).toMatchObject({
      account: 'player01',
      game: GAME,
      mode: 'real',
      device: 'desktop',
      wallet: 'transfer',
      returnUrl: expect.stringMatching(/^http:\/\/.+\/$/),
      token: expect.any(String),
    });
    expect(await wallets()).toEqual({ main: 0, vendor: before.main });
    expect(fake.balance('player01')).toBe(before.main);
    expect(await invariantBreaches(t.database.db)).toBe(0);
  });

  it('moves money both ways; a win at the vendor comes home and the ledger balances', async () => {
    const start = await wallets();
    const total = start.main + start.vendor;
    const out = await transfer({ direction: 'out', vendor: 'AGG', amount: 10_000 });
    expect(out.status).toBe(200);
    expect(await wallets()).toEqual({ main: start.main + 10_000, vendor: start.vendor - 10_000 });
    expect((await transfer({ direction: 'in', vendor: 'AGG', amount: 4_000 })).status).toBe(200);
    expect(fake.balance('player01')).toBe(start.vendor - 6_000);
    fake.play('player01', 2_500);
    // A recall asks the vendor what it holds: the win comes home with the rest.
    expect((await transfer({ direction: 'consolidate' })).status).toBe(200);
    expect(await wallets()).toEqual({ main: total + 2_500, vendor: 0 });
    expect(fake.balance('player01')).toBe(0);
    expect(await invariantBreaches(t.database.db)).toBe(0);
  });

  it('brings home what is left after a loss at the vendor, the loss settled with the house', async () => {
    const start = await wallets();
    const total = start.main + start.vendor;
    expect((await transfer({ direction: 'in', vendor: 'AGG', amount: 4_000 })).status).toBe(200);
    fake.play('player01', -1_500);
    expect((await transfer({ direction: 'consolidate' })).status).toBe(200);
    expect(await wallets()).toEqual({ main: total - 1_500, vendor: 0 });
    expect(fake.balance('player01')).toBe(0);
    expect(await invariantBreaches(t.database.db)).toBe(0);
  });

  it('puts a refused deposit back, and settles one whose reply was lost by asking its status', async () => {
    const start = await wallets();
    fake.state.failing.set('/wallet/deposit', 400);
    const refused = await transfer({ direction: 'in', vendor: 'AGG', amount: 3_000 });
    fake.state.failing.clear();
    expect(refused).toMatchObject({ status: 409, body: { code: 'VENDOR_UNAVAILABLE' } });
    expect(await wallets()).toEqual(start);
    fake.state.lostReplies.add('/wallet/deposit');
    const lost = await transfer({ direction: 'in', vendor: 'AGG', amount: 3_000 });
    fake.state.lostReplies.clear();
    expect(lost.status).toBe(200);
    expect(await wallets()).toEqual({ main: start.main - 3_000, vendor: start.vendor + 3_000 });
    expect(fake.balance('player01')).toBe(start.vendor + 3_000);
    const over = await transfer({ direction: 'out', vendor: 'AGG', amount: 999_999_999 });
    expect(over).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS' } });
    expect(await invariantBreaches(t.database.db)).toBe(0);
  });

  it('lists the vendor for operators without its key or secret', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/PORTICO/vendors',
      headers: { authorization: `Bearer ${OPS}` },
    });
    expect(res.json().value.list).toContainEqual(
      expect.objectContaining({ vendor: 'AGG', name: 'Aggregator', driver: 'http', feed: true, games: 1 }),
    );
    expect(res.body).not.toContain(credentials.secret);
    expect(res.body).not.toContain(credentials.apiKey);
  });
});
