import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notices } from '../../db/schema/index.ts';
import { asMerchant, type TestApp, testApp } from '../../test/app.ts';

const OPS = 'ops-secret-for-notices';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
});
afterAll(() => t.close());

const auth = { authorization: `Bearer ${OPS}` };
const post = (code: string, payload: object, headers: Record<string, string> = auth) =>
  t.app.inject({ method: 'POST', url: `/ops/merchants/${code}/notices`, headers, payload });
const index = (code: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/wps/notice/index${query}`, headers: asMerchant(code) });

const hostile = [
  '<p>Big <b>news</b></p>',
  '<script>window.__xss=1</script>',
  '<img src="/art/x.png" onerror="window.__xss=2">',
  '<a href="javascript:window.__xss=3">click</a>',
  '<a href="https://example.com/promo">promo</a>',
].join('');

describe('operator announcements', () => {
  it('answer only to the operator token', async () => {
    const res = await post('PORTICO', { type: 'PU', titles: { en: 'x' }, contents: { en: 'x' } }, {});
    expect(res.statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/ops/merchants/PORTICO/notices' });
    expect(list.statusCode).toBe(401);
  });

  it('store a popup with its HTML cleaned, and the notice index serves it cleaned', async () => {
    const res = await post('PORTICO', {
      type: 'PU',
      titles: { en: 'Weekend bonus', vi: 'Thưởng cuối tuần' },
      contents: { en: hostile, vi: `<p>Tin <i>mới</i></p><script>alert(1)</script>` },
    });
    expect(res.statusCode).toBe(200);
    const { notice } = res.json().value;
    expect(notice).toMatchObject({ type: 'PU', titles: { en: 'Weekend bonus', vi: 'Thưởng cuối tuần' } });
    expect(notice.contents.vi).toBe('<p>Tin <i>mới</i></p>');

    for (const [query, title] of [
      ['', 'Weekend bonus'],
      ['?language=vi', 'Thưởng cuối tuần'],
    ] as const) {
      const { popup, notices: marquee } = (await index('PORTICO', query)).json().value;
      const served = popup.find((n: { id: number }) => n.id === notice.id);
      expect(served).toMatchObject({ type: 'PU', title });
      expect(marquee.map((n: { id: number }) => n.id)).not.toContain(notice.id);
      expect(served.content).not.toMatch(/script|onerror|javascript:|__xss/i);
    }
    const { popup } = (await index('PORTICO')).json().value;
    const en = popup.find((n: { id: number }) => n.id === notice.id).content;
    expect(en).toContain('<p>Big <b>news</b></p>');
    expect(en).toContain('<img src="/art/x.png" />');
    expect(en).toContain('<a target="_blank" rel="noopener noreferrer">click</a>');
    expect(en).toContain('href="https://example.com/promo" target="_blank" rel="noopener noreferrer"');

    // Another merchant does not see it.
    const lotus = (await index('LOTUS')).json().value;
    expect(lotus.popup.map((n: { id: number }) => n.id)).not.toContain(notice.id);
  });

  it('are listed in order, audited and removed', async () => {
    const created = (
      await post('LOTUS', { type: 'PL', titles: { en: 'Keno news' }, contents: { en: '<p>Keno</p>' } })
    ).json().value.notice;
    const list = (
      await t.app.inject({ method: 'GET', url: '/ops/merchants/LOTUS/notices', headers: auth })
    ).json().value.list;
    expect(list.at(-1)).toEqual(created);
    expect(created.sort).toBeGreaterThan(list.at(-2).sort);
    expect(list.filter((n: { type: string }) => n.type === 'B')).toHaveLength(2);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/ops/merchants/LOTUS/notices/${created.id}`,
      headers: auth,
    });
    expect(del.json()).toEqual({ success: true, value: { id: created.id } });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/ops/merchants/LOTUS/notices/${created.id}`,
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
    expect((await index('LOTUS')).json().value.notices.map((n: { id: number }) => n.id)).not.toContain(
      created.id,
    );

    const trail = await t.database.db
      .select({ action: auditLog.action, subject: auditLog.subject })
      .from(auditLog)
      .where(and(eq(auditLog.merchantCode, 'LOTUS'), eq(auditLog.actor, 'ops')));
    expect(trail).toEqual(
      expect.arrayContaining([
        { action: 'notice.create', subject: { id: created.id, type: 'PL', title: 'Keno news' } },
        { action: 'notice.delete', subject: { id: created.id, type: 'PL', title: 'Keno news' } },
      ]),
    );
  });

  it('refuse bad input field by field and store nothing', async () => {
    const before = await t.database.db.$count(notices);
    const bad = await post('PORTICO', {
      type: 'XX',
      titles: { vi: '', fr: 'Bonjour' },
      contents: {},
      sort: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(Object.keys(bad.json().fields)).toEqual(
      expect.arrayContaining(['type', 'titles.vi', 'contents.en', 'sort']),
    );

    const onlyScript = await post('PORTICO', {
      type: 'PU',
      titles: { en: 'Nothing' },
      contents: { en: '<script>window.__xss=1</script>' },
    });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().fields).toEqual({ 'contents.en': 'Nothing left once unsafe markup is removed' });
    expect(await t.database.db.$count(notices)).toBe(before);
  });

  it('answer 404 for an unknown merchant', async () => {
    const res = await post('NOPE', { type: 'B', titles: { en: 'x' }, contents: { en: 'x' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const list = await t.app.inject({ method: 'GET', url: '/ops/merchants/NOPE/notices', headers: auth });
    expect(list.statusCode).toBe(404);
  });
});
