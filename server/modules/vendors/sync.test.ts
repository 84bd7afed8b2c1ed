import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, games } from '../../db/schema/index.ts';
import type { StoragePort } from '../../ports/storage.ts';
import type { VendorSettings } from '../../ports/vendors/config.ts';
import { type FakeVendor, startFakeVendor } from '../../ports/vendors/fakeVendor.ts';
import { type TestApp, testApp } from '../../test/app.ts';

const OPS = 'vendor-sync-operator-token-0123456789';
const credentials = { operatorId: 'op-1', apiKey: 'key-1', secret: 'vendor-sync-secret-0123456789abcdef' };
const ops = { authorization: `Bearer ${OPS}` };

let t: TestApp;
let fake: FakeVendor;
const stored = new Map<string, Buffer>();
const storage: StoragePort = {
  put: async (k, d) => void stored.set(k, d),
  get: async (k) => stored.get(k),
  delete: async (k) => void stored.delete(k),
  exists: async (k) => stored.has(k),
};

const png = (width: number, colour: string) =>
  sharp({ create: { width, height: width, channels: 3, background: colour } })
    .png()
    .toBuffer();
const game = (code: string, extra: object = {}) => ({
  code,
  names: { en: `Game ${code}`, vi: `Trò ${code}` },
  type: 'RNG',
  category: 'SLOT',
  picture: `${fake.url}/pictures/${code}.png`,
  order: 10,
  ...extra,
});

beforeAll(async () => {
  fake = await startFakeVendor(credentials);
  fake.state.pictures.set('syn-a.png', await png(900, '#ff0000'));
  fake.state.pictures.set('syn-b.png', await png(64, '#00ff00'));
  fake.state.pictures.set('syn-c.png', Buffer.from('<html>not a picture</html>'));
  fake.state.feed = { games: [game('syn-a', { hot: false }), game('syn-b'), game('syn-c')] };
  const settings = (vendor: string, syncHours: number): VendorSettings => ({
    merchant: 'PORTICO',
    vendor,
    name: `Vendor ${vendor}`,
    baseUrl: fake.url,
    ...credentials,
    wallet: 'seamless',
    syncHours,
  });
  t = await testApp({
    opsToken: OPS,
    storage,
    vendors: [settings('SYN', 0), settings('SYX', 1)],
    exclusive: (_key, fn) => fn(),
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const syncNow = async () =>
  (
    await t.app.inject({ method: 'POST', url: '/ops/merchants/PORTICO/vendors/SYN/sync', headers: ops })
  ).json();
const listed = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/lgw/games/list?vassalage=SYN&pageSize=50',
    headers: { merchant: 'PORTICO' },
  });
  return res.json().data.games as { nodeId: string; gameName: string; isHot: number; iconUrl: string }[];
};
const rows = () =>
  t.database.db
    .select()
    .from(games)
    .where(and(eq(games.merchantCode, 'PORTICO'), eq(games.vassalage, 'SYN')))
    .orderBy(games.nodeId);

describe('catalogue sync from a vendor feed', () => {
  it('adds the feed’s games with their pictures stored as WebP; a non-picture is refused and said', async () => {
    const out = await syncNow();
    expect(out.value).toMatchObject({ added: 3, pictures: 2, removed: 0, games: 3, error: null, feed: true });
    expect(out.value.problems).toEqual([expect.stringContaining('syn-c')]);
    const list = await listed();
    expect(list.map((g) => g.nodeId).sort()).toEqual(['syn-a', 'syn-b', 'syn-c']);
    const a = list.find((g) => g.nodeId === 'syn-a')!;
    expect(a.iconUrl).toMatch(/^\/art\/PORTICO\/pictures\/syn-a\.webp\?v=[0-9a-f]{16}$/);
    const picture = await t.app.inject({ method: 'GET', url: a.iconUrl });
    expect(picture.headers['content-type']).toBe('image/webp');
    const meta = await sharp(picture.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480 });
    // No picture stored: the generated tile.
    expect(list.find((g) => g.nodeId === 'syn-c')!.iconUrl).toMatch(/\/tiles\/syn-c\.webp/);
  });

  it('keeps an operator’s override across a sync that changes the feed, hides a game gone from it', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/PORTICO/games/syn-a',
      headers: ops,
      payload: { set: { isHot: true, sort: 99 } },
    });
    expect(patch.json().value).toMatchObject({ overrides: { isHot: true, sort: 99 } });
    fake.state.feed = {
      games: [
        game('syn-a', { hot: false, order: 5, names: { en: 'Renamed A' } }),
        game('syn-c'),
        game('syn-d', { picture: null }),
      ],
    };
    const out = await syncNow();
    expect(out.value).toMatchObject({ added: 1, removed: 1, games: 3, hidden: 1, error: null });
    const list = await listed();
    expect(list.map((g) => g.nodeId).sort()).toEqual(['syn-a', 'syn-c', 'syn-d']);
    expect(list.find((g) => g.nodeId === 'syn-a')).toMatchObject({ gameName: 'Renamed A', isHot: 1 });
    const a = (await rows()).find((r) => r.nodeId === 'syn-a')!;
    expect(a).toMatchObject({ isHot: true, sort: 99, feed: { isHot: false, sort: 5 } });
    // The hidden game stays for its history, and no longer opens.
    const b = (await rows()).find((r) => r.nodeId === 'syn-b')!;
    expect(b.removedAt).not.toBeNull();
    const reset = await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/PORTICO/games/syn-a',
      headers: ops,
      payload: { reset: ['isHot'] },
    });
    expect(reset.json().value.overrides).toEqual({ sort: 99 });
    expect((await rows()).find((r) => r.nodeId === 'syn-a')).toMatchObject({ isHot: false, sort: 99 });
  });

  it('changes nothing on a malformed feed, and records why', async () => {
    const before = await rows();
    for (const feed of ['{"games": [{"code": ', { games: [game('syn-e', { type: 'NOPE' })] }]) {
      fake.state.feed = feed;
      const out = await syncNow();
      expect(out.value.error).toMatch(/JSON|Malformed feed at games\.0\.type/);
      expect(out.value.lastOkAt).not.toBe(out.value.lastRunAt);
      expect(await rows()).toEqual(before);
    }
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(inArray(auditLog.action, ['VENDOR_SYNC', 'VENDOR_SYNC_FAILED', 'GAME_OVERRIDE']));
    expect(audit.map((r) => r.action).sort()).toEqual([
      'GAME_OVERRIDE',
      'GAME_OVERRIDE',
      'VENDOR_SYNC',
      'VENDOR_SYNC',
      'VENDOR_SYNC_FAILED',
      'VENDOR_SYNC_FAILED',
    ]);
  });

  it('syncs due vendors on schedule; a code another vendor has is skipped and said', async () => {
    fake.state.feed = { games: [game('syn-a'), game('syx-only', { picture: null })] };
    await t.app.jobs.runNow('vendorSync');
    const res = await t.app.inject({ method: 'GET', url: '/ops/merchants/PORTICO/vendors', headers: ops });
    const syx = res.json().value.list.find((v: { vendor: string }) => v.vendor === 'SYX');
    expect(syx).toMatchObject({
      driver: 'http',
      added: 1,
      games: 1,
      problems: ['syn-a: already a game of SYN'],
    });
    // SYN syncs on demand only (syncHours 0): the schedule left it alone.
    expect((await rows()).map((r) => r.nodeId)).toEqual(['syn-a', 'syn-b', 'syn-c', 'syn-d']);
  });
});
