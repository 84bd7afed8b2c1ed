import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { createInvalidation } from '../db/invalidation.ts';
import { domains, merchants, vendors } from '../db/schema/index.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { createMerchantCache } from './merchantCache.ts';

const OPS = 'ops-secret-for-tests';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
});
afterAll(() => t.close());

const get = async (url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
};
const status = async (merchant: string) => (await get('/wps/system/status', { merchant })).body.value.status;
const brandName = async (host: string) => {
  const res = await get('/wps/system/whitelabel', { host });
  return res.status === 200 ? res.body.value.brand.name : res.body.code;
};
const ops = (method: 'PATCH' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${OPS}` }, payload });

describe('merchant cache', () => {
  it('serves an operator’s change to merchant settings on the very next request', async () => {
    expect(await status('LOTUS')).toBe(0);
    expect((await ops('PATCH', '/ops/merchants/LOTUS', { maintenance: true })).statusCode).toBe(200);
    expect(await status('LOTUS')).toBe(1);
    expect((await ops('PATCH', '/ops/merchants/LOTUS', { maintenance: false })).statusCode).toBe(200);
    expect(await status('LOTUS')).toBe(0);

    const features = async () =>
      (await get('/wps/system/whitelabel', { merchant: 'LOTUS' })).body.value.features;
    const before = (await features()).SINGLE_WALLET;
    await ops('PATCH', '/ops/merchants/LOTUS', { features: { SINGLE_WALLET: !before } });
    expect((await features()).SINGLE_WALLET).toBe(!before);
  });

  it('serves a new merchant on its domains as soon as the operator has added it', async () => {
    expect(await brandName('opal.example')).toBe('UNKNOWN_MERCHANT');
    const added = await ops('POST', '/ops/merchants', {
      code: 'OPAL',
      name: 'Opal Club',
      domains: ['opal.example'],
      primary: '#0a7d3b',
      accent: '#ffd166',
      defaultTheme: 'light',
      copyCatalogueFrom: 'LOTUS',
    });
    expect(added.statusCode).toBe(200);
    expect(await brandName('opal.example')).toBe('Opal Club');
    expect(await status('OPAL')).toBe(0);
  });

  it('sees writes that bypass the server (another process, a tool, psql) on the next request', async () => {
    const { db } = t.database;
    expect(await status('PORTICO')).toBe(0);
    await db.update(merchants).set({ maintenance: true }).where(eq(merchants.code, 'PORTICO'));
    expect(await status('PORTICO')).toBe(1);
    await db.update(merchants).set({ maintenance: false }).where(eq(merchants.code, 'PORTICO'));
    expect(await status('PORTICO')).toBe(0);

    await db.insert(domains).values({ domain: 'moved.example', merchantCode: 'LOTUS' });
    expect(await brandName('moved.example')).not.toBe('UNKNOWN_MERCHANT');
    await db.delete(domains).where(eq(domains.domain, 'moved.example'));
    expect(await brandName('moved.example')).toBe('UNKNOWN_MERCHANT');
  });

  it('ignores a change that rolled back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(merchants).set({ maintenance: true }).where(eq(merchants.code, 'LOTUS'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await status('LOTUS')).toBe(0);
  });
});

describe.runIf(process.env.DATABASE_URL)('merchant cache on PostgreSQL with a live listener', () => {
  const url = () =>
    (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
  /** Version reads sent while `fn` runs (the prepared `merchant_config_version`). */
  async function versionReads(fn: () => Promise<unknown>): Promise<number> {
    let n = 0;
    // Every statement of the app's database goes through its pool's query (drizzle's node-postgres session).
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const query = pool.query;
    pool.query = function (this: pg.Pool, ...args: unknown[]) {
      const first = args[0] as { name?: string } | undefined;
      if (first?.name === 'merchant_config_version') n += 1;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await fn();
    } finally {
      pool.query = query;
    }
    return n;
  }

  it('reads the versions again only after a write, its own at once', async () => {
    const { db } = t.database;
    const invalidation = createInvalidation(db);
    const cache = createMerchantCache(db, invalidation);
    try {
      // Cold (nothing listened to yet): every lookup reads the versions.
      expect(await versionReads(() => cache.byCode('LOTUS').then(() => cache.byCode('LOTUS')))).toBe(2);
      await invalidation.start();
      await cache.byCode('LOTUS');
      expect(await versionReads(() => cache.byCode('LOTUS'))).toBe(0);
      // A write of this process through its pool: the next lookup reads again and sees it.
      await db.update(merchants).set({ maintenance: true }).where(eq(merchants.code, 'LOTUS'));
      let seen: boolean | undefined;
      expect(await versionReads(async () => (seen = (await cache.byCode('LOTUS'))?.maintenance))).toBe(1);
      expect(seen).toBe(true);
      await db.update(merchants).set({ maintenance: false }).where(eq(merchants.code, 'LOTUS'));
      expect((await cache.byCode('LOTUS'))?.maintenance).toBe(false);
      // A catalogue write raises the catalogue version the next lookup answers with.
      const before = (await cache.find.code('LOTUS')).catalogue;
      await db
        .update(vendors)
        .set({ sort: sql`${vendors.sort}` })
        .where(eq(vendors.merchantCode, 'LOTUS'));
      expect((await cache.find.code('LOTUS')).catalogue).toBeGreaterThan(before);
    } finally {
      await invalidation.close();
    }
  });

  it('sees a write of another process once its notification arrives', async () => {
    const second = await openDatabase({ kind: 'postgres', url: url() });
    const b = await buildApp({ db: second.db });
    try {
      await b.invalidation.start();
      const statusInB = async () =>
        (await b.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'LOTUS' } })).json()
          .value.status;
      expect(await statusInB()).toBe(0);
      await t.database.db.update(merchants).set({ maintenance: true }).where(eq(merchants.code, 'LOTUS'));
      await vi.waitFor(async () => expect(await statusInB()).toBe(1), { timeout: 5_000 });
      await t.database.db.update(merchants).set({ maintenance: false }).where(eq(merchants.code, 'LOTUS'));
      await vi.waitFor(async () => expect(await statusInB()).toBe(0), { timeout: 5_000 });
    } finally {
      await b.close();
      await second.close();
    }
  });
});
