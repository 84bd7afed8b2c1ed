import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, members, merchants } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { approveChange, asOps, opsLogin } from '../../test/changes.ts';
import { newMember } from '../../test/play.ts';
import { createSessionService } from '../auth/sessions.ts';

/**
 * A merchant's settings from the back office: CONTENT edits what players see, ADMIN the domains, FINANCE drafts the
 * house bank account; bad input is a 400 with field messages and stores nothing; each write is audited before and
 * after, and players see it at their next request.
 */

const ENV = 'settings-env-token';
const SETTINGS = '/ops/merchants/PORTICO/settings';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await testApp({ opsToken: ENV });
  db = t.database.db;
}, 120_000);
afterAll(() => t?.close());

let ip = 0;
async function send(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who: string,
  payload?: object,
) {
  ip += 1;
  const token = who === 'env' ? ENV : await opsLogin(t.app, who);
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `10.77.${ip >> 8}.${ip & 255}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

const player = (merchant = 'PORTICO') => client(t.app, merchant);
const whitelabel = async (merchant = 'PORTICO') =>
  (await player(merchant).send('GET', '/wps/system/whitelabel')).body.value;

async function lastAudit(action: string) {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.merchantCode, 'PORTICO'), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('brand and player-facing settings', () => {
  it('reads a merchant’s settings for every role, the read-only brand parts included', async () => {
    for (const who of ['editor', 'finance', 'support', 'admin']) {
      const res = await send('GET', SETTINGS, who);
      expect([who, res.status]).toEqual([who, 200]);
    }
    const { settings } = (await send('GET', SETTINGS, 'editor')).body.value;
    expect(settings.code).toBe('PORTICO');
    expect(settings.brand.currencySign).toBe('$');
    expect(settings.domains).toContain('localhost');
    expect(settings.registerFields.map((r: { field: string }) => r.field)).toContain('username');
    // The seed's [''] ("no CDN") reads as an empty list.
    expect(settings.imageCDNs).toEqual([]);
  });

  it('changes the brand: audited before and after by name, seen by players at their next request', async () => {
    expect((await whitelabel()).brand.name).toBe('Portico');
    const brand = { name: '  Portico Royale ', primary: '#112233', accent: '#445566', defaultTheme: 'light' };
    const res = await send('PATCH', SETTINGS, 'editor', { brand });
    expect(res.status).toBe(200);
    expect(res.body.value.settings.brand).toMatchObject({ name: 'Portico Royale', primary: '#112233' });
    const seen = (await whitelabel()).brand;
    expect(seen).toMatchObject({ name: 'Portico Royale', primary: '#112233', accent: '#445566' });
    expect(seen.defaultTheme).toBe('light');
    expect((await whitelabel()).defaultTheme).toBe('light');
    // The currency and pictures are not edited here.
    expect(seen.currencySign).toBe('$');
    const row = await lastAudit('MERCHANT_SETTINGS_CHANGED');
    expect(row!.actor).toBe('ops:editor');
    expect(row!.subject).toMatchObject({
      sections: ['brand'],
      before: { brand: { name: 'Portico', primary: '#6142bf' } },
      after: { brand: { name: 'Portico Royale', primary: '#112233' } },
    });
  });

  it('leaves the currency as it is and refuses an empty change', async () => {
    const res = await send('PATCH', SETTINGS, 'editor', {
      brand: {
        name: 'X Brand',
        primary: '#000000',
        accent: '#000000',
        defaultTheme: 'dark',
        currencySign: '€',
      },
    });
    // Unknown keys are dropped by the schema: the currency stays.
    expect(res.status).toBe(200);
    expect(res.body.value.settings.brand.currencySign).toBe('$');
    expect((await send('PATCH', SETTINGS, 'editor', {})).status).toBe(400);
  });

  it('offers an Android package: the download dialog’s setting carries it from the next request', async () => {
    const before = (await whitelabel()).downloadResources;
    expect(before.Android).toBeUndefined();
    const downloadResources = {
      ...before,
      Android: { name: 'Portico for Android', url: 'https://cdn.portico.example/app.apk' },
    };
    expect((await send('PATCH', SETTINGS, 'editor', { downloadResources })).status).toBe(200);
    const after = (await whitelabel()).downloadResources;
    expect(after.Android).toEqual({
      name: 'Portico for Android',
      url: 'https://cdn.portico.example/app.apk',
    });
    // The iOS profile the server makes keeps its site path.
    expect(after.MOBILECONFIG.url).toBe('/downloads/PORTICO.mobileconfig');
  });

  it('changes links, the analytics tag and the CDNs', async () => {
    const body = {
      customerService: [{ csType: 'LIVECHAT', path: 'https://chat.portico.example/room' }],
      social: { facebook: '', telegram: 'https://t.me/portico_news' },
      gtagId: 'g-abc1234',
      imageCDNs: ['https://img.portico.example'],
      launchGameCDNs: ['https://launch.portico.example:8443'],
    };
    expect((await send('PATCH', SETTINGS, 'editor', body)).status).toBe(200);
    const seen = await whitelabel();
    expect(seen.customerService).toEqual(body.customerService);
    expect(seen.social).toEqual(body.social);
    expect(seen.analytics).toEqual({ gtagId: 'G-ABC1234' });
    expect(seen.imageCDNs).toEqual(['https://img.portico.example']);
    expect(seen.launchGameCDNs).toEqual(['https://launch.portico.example:8443']);
  });

  it('changes registration rules and the age limit: the register page reads them next', async () => {
    const { settings } = (await send('GET', SETTINGS, 'editor')).body.value;
    const registerFields = settings.registerFields.map((r: { field: string }) =>
      r.field === 'email' ? { ...r, enabled: true, required: true, minLength: 6, maxLength: 60 } : r,
    );
    const res = await send('PATCH', SETTINGS, 'editor', { registerFields, ageLimit: 21 });
    expect(res.status).toBe(200);
    const seen = (await player().send('GET', '/wps/system/setting/register')).body.value;
    expect(seen.ageLimit).toBe(21);
    expect(seen.fields.find((r: { field: string }) => r.field === 'email')).toMatchObject({
      enabled: true,
      required: true,
      minLength: 6,
      maxLength: 60,
    });
  });

  it('answers bad input with field messages and stores nothing', async () => {
    const [before] = await db.select().from(merchants).where(eq(merchants.code, 'PORTICO'));
    const { settings } = (await send('GET', SETTINGS, 'editor')).body.value;
    const withPassword = (change: object) =>
      settings.registerFields.map((r: { field: string }) =>
        r.field === 'password' ? { ...r, ...change } : r,
      );
    const cases: [object, string][] = [
      [{ customerService: [{ csType: 'VIP', path: 'javascript:alert(1)' }] }, 'customerService.0.path'],
      [{ customerService: [{ csType: 'VIP', path: 'http://chat.example' }] }, 'customerService.0.path'],
      [{ social: { facebook: 'https://fb.example/x y', telegram: '' } }, 'social.facebook'],
      [{ gtagId: 'UA-1234-1' }, 'gtagId'],
      [{ imageCDNs: ['https://img.example/path'] }, 'imageCDNs.0'],
      [
        { brand: { name: 'Bad\u202Ename', primary: '#000000', accent: '#000000', defaultTheme: 'dark' } },
        'brand.name',
      ],
      [{ brand: { name: 'Fine', primary: 'red', accent: '#000000', defaultTheme: 'dark' } }, 'brand.primary'],
      [
        { downloadResources: { Android: { name: 'App', url: 'javascript:void(0)' } } },
        'downloadResources.Android.url',
      ],
      [{ registerFields: withPassword({ enabled: false }) }, 'registerFields'],
      [{ registerFields: withPassword({ acceptedPattern: '([a-z' }) }, 'registerFields'],
      [{ registerFields: withPassword({ minLength: 20, maxLength: 8 }) }, 'registerFields'],
      [{ ageLimit: 16 }, 'ageLimit'],
    ];
    for (const [body, field] of cases) {
      const res = await send('PATCH', SETTINGS, 'editor', body);
      expect([field, res.status, res.body.code]).toEqual([field, 400, 'VALIDATION']);
      const named = Object.keys(res.body.fields ?? {});
      expect([field, named.some((k) => k.startsWith(field))]).toEqual([field, true]);
    }
    const [after] = await db.select().from(merchants).where(eq(merchants.code, 'PORTICO'));
    expect(after).toEqual(before);
  });

  it('is CONTENT’s and ADMIN’s to change; another merchant’s operator is told it does not exist', async () => {
    const body = { gtagId: '' };
    expect((await send('PATCH', SETTINGS, 'finance', body)).status).toBe(403);
    expect((await send('PATCH', SETTINGS, 'support', body)).status).toBe(403);
    expect((await send('PATCH', SETTINGS, 'admin', body)).status).toBe(200);
    const made = await send('POST', '/ops/operators', 'env', {
      username: 'lotus_editor',
      password: 'Lotus-editor-1',
      role: 'CONTENT',
      merchants: ['LOTUS'],
    });
    expect(made.status).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/ops/login',
      headers: { 'x-forwarded-for': '10.79.0.1' },
      payload: { username: 'lotus_editor', password: 'Lotus-editor-1' },
    });
    const lotusEditor = {
      authorization: `Bearer ${login.json().value.token}`,
      'x-forwarded-for': '10.79.0.2',
    };
    const as = async (method: 'GET' | 'PATCH', url: string) =>
      (
        await t.app.inject({
          method,
          url,
          headers: lotusEditor,
          ...(method === 'PATCH' ? { payload: body } : {}),
        })
      ).statusCode;
    expect(await as('GET', SETTINGS)).toBe(404);
    expect(await as('PATCH', SETTINGS)).toBe(404);
    expect(await as('GET', '/ops/merchants/LOTUS/settings')).toBe(200);
    expect((await send('GET', '/ops/merchants/NOPE/settings', 'admin')).status).toBe(404);
  });
});

describe('domains', () => {
  const DOMAINS = '/ops/merchants/PORTICO/domains';

  it('adds a domain: players on it are served as the merchant from the next request', async () => {
    const res = await send('POST', DOMAINS, 'admin', { domain: ' Play.Portico.Example ' });
    expect(res.status).toBe(200);
    expect(res.body.value.domains).toContain('play.portico.example');
    const served = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'play.portico.example', 'x-forwarded-for': '10.78.0.1' },
    });
    expect(served.json().value.merchantCode).toBe('PORTICO');
    expect((await lastAudit('DOMAIN_ADDED'))!.subject).toEqual({ domain: 'play.portico.example' });
  });

  it('refuses a domain another merchant has (409 under the field), a bad host (400) and non-admins (403)', async () => {
    const lotus = (await send('GET', '/ops/merchants/LOTUS/settings', 'admin')).body.value.settings.domains;
    const taken = await send('POST', DOMAINS, 'admin', { domain: lotus[0] });
    expect([taken.status, taken.body.fields]).toEqual([
      409,
      { domain: 'Another merchant is served on this domain' },
    ]);
    const again = await send('POST', DOMAINS, 'admin', { domain: 'play.portico.example' });
    expect(again.status).toBe(409);
    for (const domain of ['https://x.example', 'x.example/path', 'bad host', 'a..b'])
      expect([domain, (await send('POST', DOMAINS, 'admin', { domain })).status]).toEqual([domain, 400]);
    expect((await send('POST', DOMAINS, 'editor', { domain: 'e.portico.example' })).status).toBe(403);
  });

  it('removes a domain but keeps the last one', async () => {
    const gone = await send('DELETE', `${DOMAINS}/play.portico.example`, 'admin');
    expect(gone.status).toBe(200);
    expect(gone.body.value.domains).not.toContain('play.portico.example');
    const lotus = (await send('GET', '/ops/merchants/LOTUS/settings', 'admin')).body.value.settings.domains;
    // Another merchant's domain is not this merchant's to remove.
    expect((await send('DELETE', `${DOMAINS}/${lotus[0]}`, 'admin')).status).toBe(404);
    const mine: string[] = (await send('GET', SETTINGS, 'admin')).body.value.settings.domains;
    for (const d of mine.slice(1))
      expect((await send('DELETE', `${DOMAINS}/${d}`, 'admin')).status).toBe(200);
    const last = await send('DELETE', `${DOMAINS}/${mine[0]}`, 'admin');
    expect([last.status, last.body.fields]).toEqual([
      409,
      { domain: 'The last domain stays: add another first' },
    ]);
    expect((await send('GET', SETTINGS, 'admin')).body.value.settings.domains).toEqual([mine[0]]);
  });
});

describe('domains at once', () => {
  it('removing every domain of a merchant at once leaves exactly one', async () => {
    const LOTUS = '/ops/merchants/LOTUS/domains';
    await send('POST', LOTUS, 'admin', { domain: 'race.lotus.example' });
    const all: string[] = (await send('GET', '/ops/merchants/LOTUS/settings', 'admin')).body.value.settings
      .domains;
    expect(all.length).toBeGreaterThan(1);
    const replies = await Promise.all(all.map((d) => send('DELETE', `${LOTUS}/${d}`, 'admin')));
    expect(replies.map((r) => r.status).sort()).toEqual([...Array(all.length - 1).fill(200), 409]);
    const left = (await send('GET', '/ops/merchants/LOTUS/settings', 'admin')).body.value.settings.domains;
    expect(left).toHaveLength(1);
    expect(replies.find((r) => r.status === 409)!.body.fields).toEqual({
      domain: 'The last domain stays: add another first',
    });
  });
});

describe('payment details', () => {
  const DETAILS = '/ops/merchants/PORTICO/payment-details';
  const bank = { bankName: 'Vietcombank', accountName: 'PORTICO ENTERTAINMENT', accountNo: '0071 0009 9999' };

  async function memberToken() {
    const m = await newMember(db, `bank_${Date.now()}`, 0n);
    const [row] = await db.select().from(members).where(eq(members.id, m.id));
    return createSessionService(db).open(row!);
  }

  it('drafts a new house account that players see once another operator approves it', async () => {
    const token = await memberToken();
    const settings = async () =>
      (await player().send('GET', '/wps/payment/settings', undefined, token)).body.value;
    const shown = await send('GET', DETAILS, 'finance');
    expect(shown.status).toBe(200);
    expect(shown.body.value).toMatchObject({ bank: (await settings()).bank, pending: null });

    const drafted = await send('PUT', DETAILS, 'finance', bank);
    expect(drafted.status).toBe(200);
    const change = drafted.body.value.change;
    expect(change).toMatchObject({ kind: 'RULES', ref: 'payments', status: 'DRAFT' });
    expect(change.proposed.bank).toEqual(bank);
    // Only the account differs from the rules in force.
    expect({ ...change.proposed, bank: null }).toEqual({ ...change.current, bank: null });
    expect((await settings()).bank).not.toEqual(bank);
    expect((await send('GET', DETAILS, 'finance')).body.value.pending.id).toBe(change.id);

    await approveChange(t.app, change.id, 'admin');
    expect((await settings()).bank).toEqual(bank);
    expect((await send('GET', DETAILS, 'finance')).body.value).toMatchObject({ bank, pending: null });
  });

  it('refuses empty or control-character fields, and operators outside FINANCE and ADMIN', async () => {
    const bad = await send('PUT', DETAILS, 'finance', { ...bank, accountName: '  ', accountNo: '12\n34' });
    expect([bad.status, Object.keys(bad.body.fields).sort()]).toEqual([400, ['accountName', 'accountNo']]);
    expect((await send('PUT', DETAILS, 'editor', bank)).status).toBe(403);
    expect((await send('GET', DETAILS, 'support')).status).toBe(403);
    expect((await asOps(t.app, 'admin', 'GET', DETAILS)).status).toBe(200);
  });
});
