import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, merchants } from '../db/schema/index.ts';
import { type TestApp, testApp } from '../test/app.ts';

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
