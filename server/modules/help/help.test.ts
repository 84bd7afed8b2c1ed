import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, helpItems } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';

const OPS = 'ops-secret-for-help-tests';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
});
afterAll(() => t.close());

type Item = { id: number; title: string; content: string; anchor: string | null };
const help = async (merchant = 'PORTICO', query = '') =>
  (await client(t.app, merchant).send('GET', `/wps/system/helpCenter?device=WEB${query}`)).body.value
    .list as Item[];

const storedFeedback = (merchantCode: string) =>
  t.database.db.select().from(feedback).where(eq(feedback.merchantCode, merchantCode));

const opsList = (code: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/ops/merchants/${code}/feedback${query}`,
    headers: { authorization: `Bearer ${OPS}` },
  });

describe('help centre', () => {
  it('lists the merchant’s items in order, in the language, with the terms and about anchors', async () => {
    const en = await help();
    expect(en.length).toBeGreaterThanOrEqual(12);
    expect(en.slice(0, 3).map((i) => i.title)).toEqual([
      'How do I deposit?',
      'How do I withdraw?',
      'I forgot my password',
    ]);
    expect(en.find((i) => i.anchor === 'term')?.title).toBe('Terms and conditions');
    expect(en.find((i) => i.anchor === 'about')?.title).toBe('About Portico');
    const vi = await help('PORTICO', '&language=vi');
    expect(vi.map((i) => i.id)).toEqual(en.map((i) => i.id));
    expect(vi[0]!.title).toBe('Làm thế nào để nạp tiền?');
    const lotus = await help('LOTUS');
    expect(lotus.find((i) => i.anchor === 'about')?.title).toMatch(/^About (?!Portico)/);
    expect(lotus.map((i) => i.id)).not.toContain(en[0]!.id);
  });

  it('falls back to English for a text missing in the language, and keeps the sort order', async () => {
    const [first, second] = await t.database.db
      .insert(helpItems)
      .values([
        { merchantCode: 'LOTUS', titles: { en: 'Late item' }, contents: { en: '<p>later</p>' }, sort: -1 },
        { merchantCode: 'LOTUS', titles: { en: 'Early item' }, contents: { en: '<p>first</p>' }, sort: -2 },
      ])
      .returning();
    const th = await help('LOTUS', '&language=th');
    expect(th.slice(0, 2).map((i) => [i.id, i.title, i.content])).toEqual([
      [second!.id, 'Early item', '<p>first</p>'],
      [first!.id, 'Late item', '<p>later</p>'],
    ]);
    expect(th[2]!.title).toBe('ฝากเงินอย่างไร?');
  });

  it('serves contents cleaned even when a stored row holds a script', async () => {
    await t.database.db.insert(helpItems).values({
      merchantCode: 'LOTUS',
      titles: { en: 'Dirty' },
      contents: {
        en: '<p onclick="steal()">Hi<script>alert(1)</script><img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>',
      },
      anchor: 'dirty',
      sort: 99,
    });
    const dirty = (await help('LOTUS')).find((i) => i.anchor === 'dirty')!;
    expect(dirty.content).not.toMatch(/script|onerror|onclick|javascript:|alert/);
    expect(dirty.content).toContain('Hi');
  });

  it('refuses a device other than WEB', async () => {
    const res = await client(t.app).send('GET', '/wps/system/helpCenter?device=APP');
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('device');
  });
});

describe('feedback', () => {
  it('refuses empty and over-long feedback with a field message and stores nothing', async () => {
    const before = (await storedFeedback('PORTICO')).length;
    const visitor = client(t.app);
    for (const content of ['', '   \n ', 'x'.repeat(141)]) {
      const res = await visitor.send('PUT', '/wps/feedback', { content });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(res.body.fields.content).toBe(
        content.length > 140 ? 'At most 140 characters' : 'Input must not be empty',
      );
    }
    expect((await visitor.send('PUT', '/wps/feedback', {})).status).toBe(400);
    expect(await storedFeedback('PORTICO')).toHaveLength(before);
  });

  it('counts characters, not code units: 140 emoji fit', async () => {
    const res = await client(t.app, 'LOTUS').send('PUT', '/wps/feedback', { content: '🎲'.repeat(140) });
    expect(res.status).toBe(200);
  });

  it('keeps a visitor’s feedback without a member and a member’s with theirs, trimmed', async () => {
    const visitor = client(t.app);
    const sent = await visitor.send('PUT', '/wps/feedback', { content: '  Love the lottery page  ' });
    expect(sent).toMatchObject({ status: 200, body: { success: true, value: { id: expect.any(Number) } } });

    const member = client(t.app);
    const token = (await member.login('player01', 'Player123')).body.value.token as string;
    const mine = await member.send('PUT', '/wps/feedback', { content: 'Withdrawals are fast' }, token);
    expect(mine.status).toBe(200);

    const rows = await storedFeedback('PORTICO');
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(sent.body.value.id)).toMatchObject({ memberId: null, content: 'Love the lottery page' });
    expect(byId.get(mine.body.value.id)?.memberId).toEqual(expect.any(Number));

    const listed = (await opsList('PORTICO')).json().value.list as { id: number; account: string | null }[];
    expect(listed.find((f) => f.id === mine.body.value.id)?.account).toBe('player01');
    expect(listed.find((f) => f.id === sent.body.value.id)?.account).toBeNull();
  });

  it('refuses a token that is no live session, storing nothing', async () => {
    const before = (await storedFeedback('PORTICO')).length;
    const res = await client(t.app).send('PUT', '/wps/feedback', { content: 'hello' }, 'not-a-token');
    expect(res.status).toBe(401);
    expect(await storedFeedback('PORTICO')).toHaveLength(before);
  });

  it('limits feedback per address', async () => {
    const sameVisitor = client(t.app, 'LOTUS', '10.250.0.9');
    for (let i = 1; i <= 5; i++)
      expect((await sameVisitor.send('PUT', '/wps/feedback', { content: `note ${i}` })).status).toBe(200);
    const refused = await sameVisitor.send('PUT', '/wps/feedback', { content: 'note 6' });
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect((await client(t.app, 'LOTUS').send('PUT', '/wps/feedback', { content: 'other' })).status).toBe(
      200,
    );
    const notes = (await storedFeedback('LOTUS')).map((r) => r.content);
    expect(notes).not.toContain('note 6');
  });
});

describe('operator feedback list', () => {
  it('pages a merchant’s feedback newest first, and only that merchant’s', async () => {
    const sender = client(t.app, 'LOTUS');
    for (const content of ['page a', 'page b', 'page c'])
      await sender.send('PUT', '/wps/feedback', { content });
    const first = (await opsList('LOTUS', '?pageSize=2')).json().value;
    expect(first.list.map((f: { content: string }) => f.content)).toEqual(['page c', 'page b']);
    const total = (await storedFeedback('LOTUS')).length;
    expect(first.totalPages).toBe(Math.ceil(total / 2));
    const second = (await opsList('LOTUS', '?pageSize=2&pageNo=2')).json().value;
    expect(second.list[0].content).toBe('page a');
    const portico = (await opsList('PORTICO')).json().value.list.map((f: { content: string }) => f.content);
    expect(portico).not.toContain('page a');
  });

  it('answers only to the operator token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ops/merchants/LOTUS/feedback' });
    expect(res.statusCode).toBe(401);
    const member = await client(t.app).send('GET', '/ops/merchants/LOTUS/feedback');
    expect(member.status).toBe(401);
  });
});
