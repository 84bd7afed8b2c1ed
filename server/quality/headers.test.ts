import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MerchantSettings, merchants } from '../db/schema/index.ts';
import { ANALYTICS_ORIGINS } from '../http/csp.ts';
import { FIREBASE_ORIGINS } from '../ports/firebase.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { report } from './report.ts';

/**
 * Security headers on what the production server sends: a page, an API reply, a built asset and an error. The
 * policy allows scripts from the site (and Firebase Auth's origins on a Firebase merchant's pages) only, no inline script or plugin, framing by
 * the site itself only (games play in its /game page); the dev tools are not there at all.
 */

const dist = mkdtempSync(join(tmpdir(), 'portico-headers-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>spa</title><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'report(1)');

let prod: TestApp;
let dev: TestApp;
beforeAll(async () => {
  prod = await testApp({ distDir: dist, production: true, opsToken: 'ops-token-for-headers' });
  dev = await testApp({});
});
afterAll(async () => {
  report(
    `headers: ${checked.responses} responses, ${checked.headers} headers read, ${checked.failures} failed checks`,
  );
  await prod?.close();
  await dev?.close();
});

const checked = { responses: 0, headers: 0, failures: 0 };
afterEach(({ task }) => {
  if (task.result?.errors?.length) checked.failures += 1;
});
const SAMPLES = {
  page: { url: '/' },
  'API call': { url: '/wps/system/status', headers: { merchant: 'PORTICO' } },
  'built asset': { url: '/assets/index-abc123.js' },
  'API error': { url: '/wps/v2/wallets/balance', headers: { merchant: 'PORTICO' } },
} as const;

/** The policy's directives by name. */
const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe.each(Object.entries(SAMPLES))('the %s', (_what, sample) => {
  let headers: Record<string, unknown>;
  beforeAll(async () => {
    const res = await prod.app.inject({ method: 'GET', ...sample });
    expect(res.statusCode).toBeLessThan(500);
    headers = res.headers;
    checked.responses += 1;
  });
  const header = (name: string) => {
    checked.headers += 1;
    return String(headers[name] ?? '');
  };

  it('has a content security policy without inline or remote-anything scripts, plugins or foreign framing', () => {
    const csp = directives(header('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:', 'blob:'])
      expect(scripts).not.toContain(loose);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('forbids foreign framing, sniffing and referrers; forces HTTPS; tells nothing of the server', () => {
    expect(header('x-frame-options')).toBe('SAMEORIGIN');
    expect(header('x-content-type-options')).toBe('nosniff');
    expect(header('referrer-policy')).toBe('no-referrer');
    const hsts = header('strict-transport-security');
    expect(Number(hsts.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
    expect(header('x-powered-by')).toBe('');
    expect(header('server')).toBe('');
    expect(header('x-permitted-cross-domain-policies')).toBe('none');
    expect(header('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('keeps the opener for the popups it opens (Firebase sign-in), isolates the rest', () => {
    expect(header('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});

describe("Google's hosts in the policy", () => {
  const FIREBASE = {
    apiKey: 'k',
    authDomain: 'lotus-demo.firebaseapp.com',
    projectId: 'lotus-demo',
    appId: 'a',
  };
  const policyOf = async (url: string, merchant: string) =>
    directives(
      String(
        (await prod.app.inject({ method: 'GET', url, headers: { merchant } })).headers[
          'content-security-policy'
        ],
      ),
    );
  const google = (csp: Map<string, string[]>) =>
    ['script-src', 'frame-src', 'connect-src']
      .flatMap((d) => csp.get(d) ?? [])
      .filter((v) => /google|firebase/.test(v));

  beforeAll(async () => {
    const { db } = prod.database;
    const [lotus] = await db.select().from(merchants).where(eq(merchants.code, 'LOTUS'));
    await db
      .update(merchants)
      .set({ settings: { ...lotus!.settings, firebase: FIREBASE } })
      .where(eq(merchants.code, 'LOTUS'));
  });

  it('are named only on the pages of a merchant with Firebase, and the boot script stays allowed', async () => {
    const lotus = await policyOf('/', 'LOTUS');
    expect(lotus.get('script-src')).toEqual([
      "'self'",
      expect.stringMatching(/^'sha256-/),
      ...FIREBASE_ORIGINS.scripts,
    ]);
    expect(lotus.get('frame-src')).toEqual(["'self'", ...FIREBASE_ORIGINS.frames]);
    expect(lotus.get('connect-src')).toEqual(["'self'", ...FIREBASE_ORIGINS.apis]);
    expect((await policyOf('/promotions?x=1', 'LOTUS')).get('connect-src')).toContain(
      FIREBASE_ORIGINS.apis[0],
    );

    const portico = await policyOf('/', 'PORTICO');
    expect(portico.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-/)]);
    expect(google(portico)).toEqual([]);
  });

  it('are not named on API replies, assets or the back office, whatever the merchant', async () => {
    for (const url of ['/wps/system/status', '/assets/index-abc123.js', '/ops'])
      expect(google(await policyOf(url, 'LOTUS')), url).toEqual([]);
  });
});

describe("a merchant's CDNs and analytics tag in the policy", () => {
  const policyOf = async (url: string) =>
    directives(
      String(
        (await prod.app.inject({ method: 'GET', url, headers: { merchant: 'PORTICO' } })).headers[
          'content-security-policy'
        ],
      ),
    );
  const setPortico = async (change: Partial<MerchantSettings>) => {
    const { db } = prod.database;
    const [portico] = await db.select().from(merchants).where(eq(merchants.code, 'PORTICO'));
    await db
      .update(merchants)
      .set({ settings: { ...portico!.settings, ...change } })
      .where(eq(merchants.code, 'PORTICO'));
  };
  afterAll(() => setPortico({ gtagId: '', imageCDNs: [''], launchGameCDNs: [''] }));

  it('names its image CDNs, launch CDNs and Google Analytics on its pages only, never a malformed entry', async () => {
    await setPortico({
      gtagId: 'G-ABC123XYZ',
      imageCDNs: [
        'https://img1.portico.example',
        'https://img2.portico.example/',
        'http://plain.example',
        "x 'unsafe-inline'",
      ],
      launchGameCDNs: ['https://play.portico.example', 'javascript:alert(1)'],
    });
    const page = await policyOf('/');
    expect(page.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://img1.portico.example',
      'https://img2.portico.example',
      ...ANALYTICS_ORIGINS.images,
    ]);
    expect(page.get('frame-src')).toEqual(["'self'", 'https://play.portico.example']);
    expect(page.get('script-src')).toEqual([
      "'self'",
      expect.stringMatching(/^'sha256-/),
      ...ANALYTICS_ORIGINS.scripts,
    ]);
    expect(page.get('connect-src')).toEqual(["'self'", ...ANALYTICS_ORIGINS.apis]);
    expect((await policyOf('/wps/system/status')).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('lets pictures be drawn from another origin (a CDN), and nothing else', async () => {
    const art = await prod.app.inject({ method: 'GET', url: '/art/PORTICO/logo.webp' });
    expect(art.statusCode).toBe(200);
    expect(art.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const call = await prod.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { merchant: 'PORTICO' },
    });
    expect(call.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('loads no analytics host for a tag that is not a GA4 measurement id', async () => {
    await setPortico({ gtagId: "G-1'; script-src *", imageCDNs: [''], launchGameCDNs: [''] });
    const page = await policyOf('/');
    expect(page.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-/)]);
    expect(page.get('connect-src')).toEqual(["'self'"]);
    expect(page.get('frame-src')).toEqual(["'self'"]);
  });
});

describe('dev tools', () => {
  const tools = ['/__dev/outbox', '/__dev/captcha/abc'];
  it.each(tools)('%s is not there in production (404 envelope)', async (url) => {
    const res = await prod.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    checked.responses += 1;
  });
  it('are there in development (so the check above sees their absence, not a wrong path)', async () => {
    expect((await dev.app.inject({ method: 'GET', url: '/__dev/outbox' })).statusCode).toBe(200);
    expect((await dev.app.inject({ method: 'GET', url: '/__dev/captcha/abc' })).statusCode).toBe(404);
    const captcha = await dev.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      headers: { merchant: 'PORTICO' },
    });
    const id = captcha.json().value.captchaId;
    expect((await dev.app.inject({ method: 'GET', url: `/__dev/captcha/${id}` })).statusCode).toBe(200);
  });
});
