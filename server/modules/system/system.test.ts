import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMerchant, type TestApp, testApp } from '../../test/app.ts';

const OPS = 'test-ops-token';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
});
afterAll(() => t.close());

const status = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/wps/system/status', headers });
  return { code: res.statusCode, body: res.json() };
};
const setMerchant = (code: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/ops/merchants/${code}`,
    headers: { authorization: `Bearer ${OPS}` },
    payload,
  });

describe('merchant resolution', () => {
  it('resolves the merchant from the domain when no header is sent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'lotus.localhost:8080' },
    });
    expect(res.json().value.merchantCode).toBe('LOTUS');
    const local = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'localhost' },
    });
    expect(local.json().value.merchantCode).toBe('PORTICO');
  });

  it('prefers the Merchant header over the domain', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'localhost', merchant: 'LOTUS' },
    });
    expect(res.json().value.brand.name).toBe('Lotus Play');
  });

  it('answers an unknown merchant or domain with a 400 envelope, not a 500', async () => {
    expect(await status({ merchant: 'NOPE' })).toEqual({
      code: 400,
      body: { success: false, code: 'UNKNOWN_MERCHANT', message: 'Unknown merchant "NOPE"' },
    });
    expect(await status({ merchant: 'x; drop table merchants' })).toMatchObject({
      code: 400,
      body: { code: 'UNKNOWN_MERCHANT' },
    });
    const byDomain = await status({ host: 'evil.example' });
    expect(byDomain).toMatchObject({ code: 400, body: { success: false, code: 'UNKNOWN_MERCHANT' } });
    expect(byDomain.body.message).toContain('evil.example');
  });
});

describe('system status', () => {
  it('is 0 for a normal merchant and reports the visitor location', async () => {
    expect(await status(asMerchant('PORTICO', { 'x-forwarded-for': '192.0.2.7' }))).toEqual({
      code: 200,
      body: {
        success: true,
        value: { status: 0, maintenanceEnd: null, location: { ip: '192.0.2.7', country: 'VN' } },
      },
    });
  });

  it('is 2 when the visitor comes from a country the merchant restricts, and only for that merchant', async () => {
    const fromUs = { 'x-forwarded-for': '203.0.113.9' };
    const lotus = await status(asMerchant('LOTUS', fromUs));
    expect(lotus.body.value).toEqual({
      status: 2,
      maintenanceEnd: null,
      location: { ip: '203.0.113.9', country: 'US' },
    });
    expect((await status(asMerchant('PORTICO', fromUs))).body.value.status).toBe(0);
  });

  it('is 1 during maintenance with its end time, ends by itself after it, and wins over restriction', async () => {
    const end = new Date(Date.now() + 3_600_000).toISOString();
    expect((await setMerchant('LOTUS', { maintenance: true, maintenanceEnd: end })).statusCode).toBe(200);
    const during = await status(asMerchant('LOTUS', { 'x-forwarded-for': '203.0.113.9' }));
    expect(during.body.value).toMatchObject({ status: 1, maintenanceEnd: end });
    expect((await status(asMerchant('PORTICO'))).body.value.status).toBe(0);

    await setMerchant('LOTUS', { maintenanceEnd: new Date(Date.now() - 1000).toISOString() });
    expect((await status(asMerchant('LOTUS'))).body.value).toMatchObject({ status: 0, maintenanceEnd: null });

    await setMerchant('LOTUS', { maintenanceEnd: null });
    expect((await status(asMerchant('LOTUS'))).body.value).toMatchObject({ status: 1, maintenanceEnd: null });
    await setMerchant('LOTUS', { maintenance: false });
    expect((await status(asMerchant('LOTUS'))).body.value.status).toBe(0);
  });
});

describe('whitelabel permission info', () => {
  const info = async (code: string) =>
    (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: asMerchant(code) })).json()
      .value;

  it('gives each merchant its own brand, theme default and flags', async () => {
    const [portico, lotus] = [await info('PORTICO'), await info('LOTUS')];
    expect(portico.brand).toMatchObject({ name: 'Portico', defaultTheme: 'dark', currencySign: '$' });
    expect(lotus.brand).toMatchObject({ name: 'Lotus Play', defaultTheme: 'light' });
    expect(portico.features.MOBILEVERCODELOGIN3).toBe(true);
    expect(lotus.features.MOBILEVERCODELOGIN3).toBe(false);
  });

  it('publishes the module tree with 1/0 bits that follow the feature flags', async () => {
    const lotus = await info('LOTUS');
    const login = lotus.modules.find((m: { modId: string }) => m.modId === 'LOGIN');
    expect(login.childrenNodes).toContainEqual({
      modId: 'MOBILEVERCODELOGIN3',
      enabled: '0',
      childrenNodes: [],
    });
    const points = lotus.modules.find((m: { modId: string }) => m.modId === 'POINTS');
    expect(points).toEqual({
      modId: 'POINTS',
      enabled: '0',
      childrenNodes: [{ modId: 'PTSYS3', enabled: '0', childrenNodes: [] }],
    });
    const portico = await info('PORTICO');
    expect(portico.modules.find((m: { modId: string }) => m.modId === 'POINTS').enabled).toBe('1');
  });

  it('includes register rules, download packages, customer service desks and CDN lists', async () => {
    const p = await info('PORTICO');
    expect(p.registerFields.find((r: { field: string }) => r.field === 'username')).toMatchObject({
      enabled: true,
      required: true,
      minLength: 6,
      maxLength: 16,
      patternId: 1,
    });
    expect(p.downloadResources.MOBILECONFIG.url).toBe('/downloads/PORTICO.mobileconfig');
    expect(p.resources).toContainEqual({
      resourceType: 'MOBILECONFIG',
      url: '/downloads/PORTICO.mobileconfig',
      qrCodeUrl: '/downloads/PORTICO.mobileconfig',
    });
    expect(p.customerService.map((c: { csType: string }) => c.csType).sort()).toEqual(['LIVECHAT', 'VIP']);
    expect(p.imageCDNs.length).toBeGreaterThan(0);
    expect(p.location).toEqual({ ip: '127.0.0.1', country: 'LOCAL' });
  });

  it('reflects feature changes made by the operator', async () => {
    await setMerchant('PORTICO', { features: { LOGGED_IN_TO_HOME: true } });
    expect((await info('PORTICO')).features.LOGGED_IN_TO_HOME).toBe(true);
    await setMerchant('PORTICO', { features: { LOGGED_IN_TO_HOME: false } });
    expect((await info('PORTICO')).features.LOGGED_IN_TO_HOME).toBe(false);
  });
});

describe('domain route', () => {
  it('lists the merchant’s domains with speed 0', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/domainRoute',
      headers: asMerchant('PORTICO'),
    });
    expect(res.json().value).toEqual({
      merchantCode: 'PORTICO',
      routers: [
        { domain: '127.0.0.1', speed: 0 },
        { domain: 'localhost', speed: 0 },
        { domain: 'portico.localhost', speed: 0 },
      ],
    });
  });
});

describe('iOS profile download', () => {
  it('serves a web clip profile pointing at the portal', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/downloads/LOTUS.mobileconfig',
      headers: { host: 'lotus.localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-apple-aspen-config');
    expect(res.body).toContain('<string>Lotus Play</string>');
    expect(res.body).toContain('<string>http://lotus.localhost/</string>');
    const missing = await t.app.inject({ method: 'GET', url: '/downloads/NOPE.mobileconfig' });
    expect(missing.statusCode).toBe(404);
  });
});
