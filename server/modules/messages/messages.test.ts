import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { messageStates, messages } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { send } from './service.ts';

const OPS = 'ops-secret-for-messages';
let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
let lotus: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  db = t.database.db;
  api = client(t.app);
  lotus = client(t.app, 'LOTUS');
});
afterAll(() => t.close());

const LIST = '/wps/relay/messageList';
const UNREAD = '/wps/relay/unreadCount';
const READ = '/wps/relay/readMessages';
const DELETE = '/wps/relay/deleteMessages';

type Listed = { id: number; title: string; read: boolean };
const titles = (list: Listed[]) => list.map((m) => m.title);
const personal = (merchantCode: string, memberId: number, title: string) =>
  send(db, { merchantCode, memberId, category: 'ACCOUNT', title, body: `${title} body` });
const broadcast = (merchantCode: string, title: string) =>
  send(db, { merchantCode, memberId: null, category: 'PROMOTION', title, body: `${title} body` });
const statesOf = (ids: number[]) =>
  db.select().from(messageStates).where(inArray(messageStates.messageId, ids));

describe('inbox', () => {
  it('lists the member’s own messages and the merchant’s broadcasts, newest first, with the unread count', async () => {
    const me = await memberWithToken(db, 'msg_list', 0n);
    const other = await memberWithToken(db, 'msg_list_other', 0n);
    const first = await personal('PORTICO', me.id, 'First');
    await personal('PORTICO', other.id, 'Not mine');
    await broadcast('LOTUS', 'Lotus news');
    const second = await send(db, {
      merchantCode: 'PORTICO',
      memberId: me.id,
      category: 'SYSTEM',
      template: 'DEPOSIT_CREDITED',
      params: { amount: 12_345n },
      title: 'Deposit credited',
      body: 'Your deposit of 123.45 has been credited.',
    });

    const res = await api.send('GET', `${LIST}?pageSize=10`, undefined, me.token);
    expect(res.status).toBe(200);
    // The seeded welcome broadcast is there too, oldest.
    expect(titles(res.body.value.list)).toEqual(['Deposit credited', 'First', 'Welcome to Portico']);
    expect(res.body.value).toMatchObject({ totalPages: 1, unread: 3 });
    expect(res.body.value.list[0]).toMatchObject({
      id: second,
      category: 'SYSTEM',
      template: 'DEPOSIT_CREDITED',
      params: { amount: '12345' },
      read: false,
    });
    expect(res.body.value.list[1]).toMatchObject({
      id: first,
      template: null,
      params: {},
      body: 'First body',
    });
    expect((await api.send('GET', UNREAD, undefined, me.token)).body.value).toEqual({ count: 3 });

    const paged = await api.send('GET', `${LIST}?pageNo=2&pageSize=2`, undefined, me.token);
    expect(titles(paged.body.value.list)).toEqual(['Welcome to Portico']);
    expect(paged.body.value.totalPages).toBe(2);
    const system = await api.send('GET', `${LIST}?category=SYSTEM`, undefined, me.token);
    expect(titles(system.body.value.list)).toEqual(['Deposit credited']);
    expect(system.body.value.unread).toBe(3);
  });

  it('marks messages read by id (the first read time stays) and all at once', async () => {
    const me = await memberWithToken(db, 'msg_read', 0n);
    const a = await personal('PORTICO', me.id, 'A');
    const b = await personal('PORTICO', me.id, 'B');
    await personal('PORTICO', me.id, 'C');

    const one = await api.send('POST', READ, { ids: [a, a] }, me.token);
    expect(one.status).toBe(200);
    expect(one.body.value).toEqual({ unread: 3 });
    const [firstRead] = await statesOf([a]);
    expect(firstRead!.readAt).not.toBeNull();
    await api.send('POST', READ, { ids: [a, b] }, me.token);
    const [again] = await statesOf([a]);
    expect(again!.readAt).toEqual(firstRead!.readAt);

    const list = (await api.send('GET', LIST, undefined, me.token)).body.value;
    expect(list.list.map((m: Listed) => [m.title, m.read])).toEqual([
      ['C', false],
      ['B', true],
      ['A', true],
      ['Welcome to Portico', false],
    ]);

    const all = await api.send('POST', READ, { all: true }, me.token);
    expect(all.body.value).toEqual({ unread: 0 });
    expect((await api.send('GET', UNREAD, undefined, me.token)).body.value).toEqual({ count: 0 });
    // Nothing left to read: no error.
    expect((await api.send('POST', READ, { all: true }, me.token)).body.value).toEqual({ unread: 0 });
  });

  it('deletes messages from the member’s inbox only; a broadcast stays for the others', async () => {
    const me = await memberWithToken(db, 'msg_delete', 0n, { merchantCode: 'LOTUS' });
    const you = await memberWithToken(db, 'msg_delete_you', 0n, { merchantCode: 'LOTUS' });
    const mine = await personal('LOTUS', me.id, 'Mine');
    const news = await broadcast('LOTUS', 'Broadcast');
    const before = (await lotus.send('GET', UNREAD, undefined, me.token)).body.value.count;
    const res = await lotus.send('POST', DELETE, { ids: [mine, news] }, me.token);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ unread: before - 2 });
    const left = titles((await lotus.send('GET', LIST, undefined, me.token)).body.value.list);
    expect(left).not.toContain('Mine');
    expect(left).not.toContain('Broadcast');
    expect(titles((await lotus.send('GET', LIST, undefined, you.token)).body.value.list)).toContain(
      'Broadcast',
    );
    // Gone for me: reading or deleting it again is a 404.
    expect((await lotus.send('POST', READ, { ids: [mine] }, me.token)).status).toBe(404);
    expect((await lotus.send('POST', DELETE, { ids: [news] }, me.token)).status).toBe(404);
  });

  it('shows a broadcast to a member who joined after it was sent', async () => {
    await broadcast('LOTUS', 'Before you came');
    const late = await memberWithToken(db, 'msg_late', 0n, { merchantCode: 'LOTUS' });
    const list = (await lotus.send('GET', LIST, undefined, late.token)).body.value.list;
    expect(titles(list)).toContain('Before you came');
  });

  it('answers 404 for a message that is not the member’s, and changes nothing', async () => {
    const me = await memberWithToken(db, 'msg_404', 0n);
    const other = await memberWithToken(db, 'msg_404_other', 0n);
    const mine = await personal('PORTICO', me.id, 'Mine');
    const theirs = await personal('PORTICO', other.id, 'Theirs');
    const lotusNews = await broadcast('LOTUS', 'Other merchant');
    for (const ids of [[theirs], [mine, theirs], [lotusNews], [mine, 999_999_999]])
      for (const path of [READ, DELETE]) {
        const res = await api.send('POST', path, { ids }, me.token);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    expect(await statesOf([mine, theirs, lotusNews])).toEqual([]);
    expect((await api.send('GET', UNREAD, undefined, other.token)).body.value.count).toBeGreaterThanOrEqual(
      1,
    );
    const [still] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.id, theirs), eq(messages.memberId, other.id)));
    expect(still?.title).toBe('Theirs');
  });

  it('refuses bad input with 400 and field messages', async () => {
    const me = await memberWithToken(db, 'msg_bad', 0n);
    const bad = [
      [READ, {}],
      [READ, { ids: [] }],
      [READ, { ids: [1], all: true }],
      [READ, { all: false }],
      [READ, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
      [DELETE, { ids: ['1'] }],
      [DELETE, { ids: [1.5] }],
      [DELETE, { ids: [-1] }],
      [DELETE, { all: true }],
    ] as const;
    for (const [path, body] of bad) {
      const res = await api.send('POST', path, body, me.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(Object.keys(res.body.fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    for (const query of ['pageSize=51', 'pageNo=0', 'category=SPAM', 'pageSize=abc']) {
      const res = await api.send('GET', `${LIST}?${query}`, undefined, me.token);
      expect(res.status, query).toBe(400);
    }
  });

  it('refuses visitors (401) and trial accounts (403)', async () => {
    for (const [method, path, body] of [
      ['GET', LIST, undefined],
      ['GET', UNREAD, undefined],
      ['POST', READ, { all: true }],
      ['POST', DELETE, { ids: [1] }],
    ] as const) {
      const visitor = await api.send(method, path, body);
      expect(visitor.status).toBe(401);
      expect(visitor.body.code).toBe('UNAUTHORIZED');
      const trial = (await api.send('POST', '/wps/session/login/freeplay', {})).body.value.token;
      const refused = await api.send(method, path, body, trial);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'Please Register An Account First' });
    }
  });
});

describe('operator messages', () => {
  const ops = (code: string, payload: object, token = OPS) =>
    t.app.inject({
      method: 'POST',
      url: `/ops/merchants/${code}/messages`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });

  it('sends to one account or to every member of the merchant', async () => {
    const me = await memberWithToken(db, 'msg_ops', 0n, { merchantCode: 'LOTUS' });
    const one = await ops('LOTUS', { account: 'msg_ops', title: ' Hello ', body: 'Line 1\n<b>not html</b>' });
    expect(one.statusCode).toBe(200);
    const all = await ops('LOTUS', { account: null, category: 'PROMOTION', title: 'To all', body: 'x' });
    expect(all.statusCode).toBe(200);
    const list = (await lotus.send('GET', LIST, undefined, me.token)).body.value.list;
    expect(list.slice(0, 2)).toMatchObject([
      { id: all.json().value.id, title: 'To all', category: 'PROMOTION' },
      { id: one.json().value.id, title: 'Hello', body: 'Line 1\n<b>not html</b>', category: 'SYSTEM' },
    ]);
    const [row] = await db.select().from(messages).where(eq(messages.id, all.json().value.id));
    expect(row!.memberId).toBeNull();
  });

  it('refuses an unknown account or merchant, bad text and a missing token', async () => {
    const unknown = await ops('LOTUS', { account: 'nobody_here', title: 'x', body: 'y' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fields).toEqual({ account: 'No such account' });
    expect((await ops('NOPE', { account: null, title: 'x', body: 'y' })).statusCode).toBe(404);
    const badText = await ops('LOTUS', { account: null, title: '  ', body: 'y'.repeat(2001) });
    expect(badText.statusCode).toBe(400);
    expect(Object.keys(badText.json().fields).sort()).toEqual(['body', 'title']);
    expect((await ops('LOTUS', { account: null, title: 'x', body: 'y' }, 'wrong')).statusCode).toBe(401);
  });
});
