import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';

/**
 * Issue 30 item 3: an operator lists the languages a merchant offers and maps its TY entry to one of them; with
 * LANGUAGE_LIST on the switch lists them all. A language the merchant does not offer gives way to English in every
 * reply, in the page the server draws, and the whitelabel reply tells the change at the next request.
 */

const OPS = 'ops-languages-token';
const auth = { authorization: `Bearer ${OPS}` };
const dist = mkdtempSync(join(tmpdir(), 'portico-languages-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>spa</title></head><body></body></html>',
);

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS, distDir: dist });
});
afterAll(() => t.close());

const patch = (payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/ops/merchants/LOTUS', headers: auth, payload });
const whitelabel = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { host: 'lotus.localhost' } })
  ).json().value;
/** LOTUS's first notice as a player asking in `language` reads it. */
const notice = async (language: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/wps/notice/index?language=${language}`,
      headers: { host: 'lotus.localhost' },
    })
  ).json().value.notices[0].content as string;
/** The language LOTUS's home page is drawn in for a visitor who saved `lang`. */
const pageLanguage = async (lang: string) => {
  const html = (
    await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'lotus.localhost', cookie: `lang=${lang}` },
    })
  ).body;
  return JSON.parse(/<script type="application\/json" id="first-replies">(.*?)<\/script>/s.exec(html)![1]!)
    .language;
};

describe('languages a merchant offers', () => {
  it('are its TY language alone until an operator lists more, and follow the TY language then', async () => {
    expect(await whitelabel()).toMatchObject({ tyLanguage: 'th', languages: ['th'] });
    expect((await whitelabel()).features.LANGUAGE_LIST).toBe(false);
    expect((await patch({ tyLanguage: 'vi' })).statusCode).toBe(200);
    expect(await whitelabel()).toMatchObject({ tyLanguage: 'vi', languages: ['vi'] });
    expect((await patch({ tyLanguage: 'th' })).statusCode).toBe(200);
  });

  it('refuse bad input with field messages and store nothing', async () => {
    const refused = async (payload: object, field: string) => {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(Object.keys(body.fields).some((k) => k === field || k.startsWith(`${field}.`))).toBe(true);
    };
    await refused({ languages: ['th', 'fr'] }, 'languages');
    await refused({ languages: ['en', 'th'] }, 'languages');
    await refused({ languages: [] }, 'languages');
    await refused({ languages: ['th', 'th'] }, 'languages');
    // The TY entry must speak one of them: the field the operator changed says so.
    await refused({ languages: ['ja', 'ko'] }, 'languages');
    await refused({ languages: ['ja', 'ko'], tyLanguage: 'vi' }, 'tyLanguage');
    await refused({ languages: ['ja', 'ko'], features: { LANGUAGE_LIST: true } }, 'languages');
    expect(await whitelabel()).toMatchObject({ tyLanguage: 'th', languages: ['th'] });
    expect((await whitelabel()).features.LANGUAGE_LIST).toBe(false);
  });

  it('fall back to English in replies and the drawn page; the full list offers each listed language', async () => {
    expect((await patch({ languages: ['th', 'vi'] })).statusCode).toBe(200);
    const english = await notice('en');
    const thai = await notice('th');
    expect(thai).not.toBe(english);
    // Listed but the switch offers EN/TY only: Vietnamese is not offered yet, whatever the client asks.
    expect(await notice('vi')).toBe(english);
    expect(
      await t.app
        .inject({
          method: 'GET',
          url: '/wps/notice/index',
          headers: { host: 'lotus.localhost', language: 'vi' },
        })
        .then((r) => r.json().value.notices[0].content),
    ).toBe(english);
    expect([await pageLanguage('th'), await pageLanguage('vi'), await pageLanguage('ja')]).toEqual([
      'th',
      'en',
      'en',
    ]);

    expect((await patch({ features: { LANGUAGE_LIST: true } })).statusCode).toBe(200);
    expect(await whitelabel()).toMatchObject({ tyLanguage: 'th', languages: ['th', 'vi'] });
    const vietnamese = await notice('vi');
    expect(vietnamese).not.toBe(english);
    expect(vietnamese).not.toBe(thai);
    expect(await notice('ja')).toBe(english);
    expect([await pageLanguage('th'), await pageLanguage('vi'), await pageLanguage('ja')]).toEqual([
      'th',
      'vi',
      'en',
    ]);

    // Taken off the list: the next request already answers in English (no reply or page kept in it).
    expect((await patch({ languages: ['th'] })).statusCode).toBe(200);
    expect(await notice('vi')).toBe(english);
    expect(await pageLanguage('vi')).toBe('en');
    expect((await patch({ features: { LANGUAGE_LIST: false } })).statusCode).toBe(200);
  });

  it('audit each change before and after, with the operator', async () => {
    expect((await patch({ languages: ['th', 'ja'], tyLanguage: 'ja' })).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantCode, 'LOTUS'), eq(auditLog.action, 'MERCHANT_SETTINGS_CHANGED')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.subject).toEqual({
      sections: ['tyLanguage', 'languages'],
      before: { languages: ['th'], tyLanguage: 'th' },
      after: { languages: ['th', 'ja'], tyLanguage: 'ja' },
    });
    expect(row?.actor).toMatch(/^ops/);
    expect((await patch({ tyLanguage: 'th' })).statusCode).toBe(200);
  });
});
