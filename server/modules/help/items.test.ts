import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsHelpItem } from '../../../contract/help.ts';
import { auditLog } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';

/** Help-centre items edited in /ops (sanitised, ordered, audited) and what members read at their next request. */

const OPS = 'ops-secret-for-help-items';
let t: TestApp;
const auth = { authorization: `Bearer ${OPS}` };
const base = '/ops/merchants/LOTUS/help-items';

beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
}, 120_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const opsItems = async () => (await call('GET', base)).json().value.list as OpsHelpItem[];
const memberItems = async (language: string) =>
  (await client(t.app, 'LOTUS').send('GET', `/wps/system/helpCenter?language=${language}`)).body.value
    .list as {
    id: number;
    title: string;
    content: string;
  }[];

describe('help-centre items in /ops', () => {
  let created: OpsHelpItem;

  it('adds an item last, its HTML sanitised, read by members in their language', async () => {
    const before = await opsItems();
    const res = await call('POST', base, {
      titles: { en: 'Deposits', th: 'การฝากเงิน' },
      contents: {
        en: '<p onclick="steal()">Pay in <b>minutes</b><script>alert(1)</script></p>',
        th: '<p>ฝากเงิน</p>',
      },
      anchor: 'deposits',
    });
    expect(res.statusCode).toBe(200);
    created = res.json().value.item;
    expect(created.contents.en).toBe('<p>Pay in <b>minutes</b></p>');
    expect(created.sort).toBeGreaterThan(Math.max(-1, ...before.map((i) => i.sort)));
    const th = await memberItems('th');
    expect(th.at(-1)).toMatchObject({ id: created.id, title: 'การฝากเงิน', content: '<p>ฝากเงิน</p>' });
    expect((await memberItems('vi')).at(-1)).toMatchObject({ title: 'Deposits' });
  });

  it('changes an item, refuses an anchor another item has and content that is nothing but script', async () => {
    const res = await call('PATCH', `${base}/${created.id}`, { titles: { en: 'Deposits and withdrawals' } });
    expect(res.statusCode).toBe(200);
    expect((await memberItems('en')).find((i) => i.id === created.id)!.title).toBe(
      'Deposits and withdrawals',
    );

    const other = (await opsItems()).find((i) => i.id !== created.id)!;
    const clash = await call('PATCH', `${base}/${other.id}`, { anchor: 'deposits' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields.anchor).toBe('Another item has this anchor');
    const scripted = await call('PATCH', `${base}/${created.id}`, {
      contents: { en: '<script>x()</script>' },
    });
    expect(scripted.statusCode).toBe(400);
    expect(scripted.json().fields['contents.en']).toBeDefined();
    const noEnglish = await call('POST', base, { titles: { vi: 'x' }, contents: { vi: 'y' } });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json().fields).toHaveProperty('titles.en');
  });

  it('orders every item at once, and refuses an order made from a stale list', async () => {
    const ids = (await opsItems()).map((i) => i.id).reverse();
    const res = await call('PUT', `${base}/order`, { ids });
    expect(res.statusCode).toBe(200);
    expect((await memberItems('en')).map((i) => i.id)).toEqual(ids);
    const stale = await call('PUT', `${base}/order`, { ids: ids.slice(1) });
    expect(stale.statusCode).toBe(409);
    const twice = await call('PUT', `${base}/order`, { ids: [ids[0], ids[0]] });
    expect(twice.statusCode).toBe(400);
  });

  it('deletes an item, once, and audits every write', async () => {
    expect((await call('DELETE', `${base}/${created.id}`)).statusCode).toBe(200);
    expect((await memberItems('en')).map((i) => i.id)).not.toContain(created.id);
    expect((await call('DELETE', `${base}/${created.id}`)).statusCode).toBe(404);
    // Another merchant's id is not found under this one.
    const portico = (await call('GET', '/ops/merchants/PORTICO/help-items')).json().value
      .list as OpsHelpItem[];
    expect((await call('DELETE', `${base}/${portico[0]!.id}`)).statusCode).toBe(404);
    const actions = (
      await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.merchantCode, 'LOTUS'), like(auditLog.action, 'HELP_ITEM%')))
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'HELP_ITEM_ADDED',
        'HELP_ITEM_CHANGED',
        'HELP_ITEMS_ORDERED',
        'HELP_ITEM_DELETED',
      ]),
    );
  });
});
