import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_STREAMS_PER_OPERATOR } from '../../../contract/opsEvents.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { paymentOrders } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { newMember } from '../../test/play.ts';

const OPS = 'events-ops-token';
let t: TestApp;
let base: string;
let memberId: number;

/** An open stream: what it has said so far, and a wait for a line. */
async function stream(query = '', token = OPS) {
  const abort = new AbortController();
  const res = await fetch(`${base}/ops/events${query}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  let text = '';
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const until = async (wanted: (text: string) => boolean, ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (!wanted(text)) {
      if (Date.now() > deadline) throw new Error(`stream said only: ${text}`);
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended after: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    return text;
  };
  return { res, until, close: () => abort.abort(), text: () => text };
}

const events = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as { merchant: string; queues: string[] });

const deposit = (db: Database['db'], merchantCode = 'LOTUS', id = memberId) =>
  db
    .insert(paymentOrders)
    .values({
      merchantCode,
      memberId: id,
      kind: 'DEPOSIT',
      channel: 'BANK',
      amount: 1_000n,
      status: 'PENDING',
      requestId: randomUUID(),
    })
    .returning();

const settled = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 25));
  return check();
};

beforeAll(async () => {
  t = await testApp({ opsToken: OPS, opsEvents: { heartbeatMs: 100 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  memberId = (await newMember(t.database.db, 'events_member', 0n, 'LOTUS')).id;
}, 120_000);
afterAll(() => t?.close());

describe('GET /ops/events', () => {
  it('tells an open stream that payments changed, with heartbeats, and leaves nothing behind when closed', async () => {
    const s = await stream();
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await s.until((x) => x.includes(': listening'));
    const [order] = await deposit(t.database.db);
    await s.until((x) => events(x).length > 0);
    expect(events(s.text())[0]).toEqual({ merchant: 'LOTUS', queues: ['payments', 'dashboard'] });
    // An operator's decision is a write like any other.
    const approve = await t.app.inject({
      method: 'POST',
      url: `/ops/payments/${order!.id}/reject`,
      headers: { authorization: `Bearer ${OPS}` },
    });
    expect(approve.statusCode).toBe(200);
    await s.until((x) => events(x).length > 1);
    await s.until((x) => x.includes(': ping'));
    expect(t.app.opsEventBus!.size()).toBe(1);
    s.close();
    expect(await settled(() => t.app.opsEventBus!.size() === 0)).toBe(true);
    expect(t.app.opsEventBus!.listening()).toBe(false);
  });

  it('sends only the merchant asked for, and refuses a merchant outside the grant', async () => {
    const s = await stream('?merchant=PORTICO');
    await s.until((x) => x.includes(': listening'));
    await deposit(t.database.db, 'LOTUS');
    const other = await newMember(t.database.db, 'events_portico', 0n, 'PORTICO');
    await deposit(t.database.db, 'PORTICO', other.id);
    await s.until((x) => events(x).length > 0);
    expect(events(s.text()).map((e) => e.merchant)).toEqual(['PORTICO']);
    s.close();

    const made = await t.app.inject({
      method: 'POST',
      url: '/ops/operators',
      headers: { authorization: `Bearer ${OPS}` },
      payload: {
        username: 'events_lotus',
        password: 'Events-lotus-1',
        role: 'SUPPORT',
        merchants: ['LOTUS'],
      },
    });
    expect(made.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/ops/login',
      payload: { username: 'events_lotus', password: 'Events-lotus-1' },
    });
    const token = login.json().value.token as string;
    const bad = await fetch(`${base}/ops/events?merchant=${encodeURIComponent('no such!')}`, {
      headers: { authorization: `Bearer ${OPS}` },
    });
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([400, 'VALIDATION']);
    expect((await fetch(`${base}/ops/events`)).status).toBe(401);
    const refused = await fetch(`${base}/ops/events?merchant=PORTICO`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([
      404,
      'Not found',
    ]);
    // Without a filter, only its merchants' events.
    const mine = await stream('', token);
    await mine.until((x) => x.includes(': listening'));
    await deposit(t.database.db, 'PORTICO', other.id);
    await deposit(t.database.db, 'LOTUS');
    await mine.until((x) => events(x).length > 0);
    expect(events(mine.text()).map((e) => e.merchant)).toEqual(['LOTUS']);
    mine.close();
    expect(await settled(() => t.app.opsEventBus!.size() === 0)).toBe(true);
  });

  it(`holds at most ${OPS_STREAMS_PER_OPERATOR} streams per operator`, async () => {
    const open = [];
    for (let i = 0; i < OPS_STREAMS_PER_OPERATOR; i += 1) {
      const s = await stream();
      await s.until((x) => x.includes(': listening'));
      open.push(s);
    }
    const extra = await fetch(`${base}/ops/events`, { headers: { authorization: `Bearer ${OPS}` } });
    expect([extra.status, ((await extra.json()) as { code: string }).code]).toEqual([429, 'RATE_LIMITED']);
    open.pop()!.close();
    expect(await settled(() => t.app.opsEventBus!.size() === OPS_STREAMS_PER_OPERATOR - 1)).toBe(true);
    const again = await stream();
    await again.until((x) => x.includes(': listening'));
    for (const s of [...open, again]) s.close();
    expect(await settled(() => t.app.opsEventBus!.size() === 0)).toBe(true);
  });

  it('hears a write of another app instance on the same database', async () => {
    // PostgreSQL: a second app with its own connections (another API process); PGlite has one process, whose
    // writes outside any request (a job, a script) are what it hears.
    const pool = (t.database.db as unknown as { $client: pg.Pool | object }).$client;
    const url = 'options' in pool ? (pool as pg.Pool).options.connectionString : undefined;
    const second = url ? await openDatabase({ kind: 'postgres', url }) : undefined;
    const other = second ? await buildApp({ db: second.db, opsToken: OPS }) : undefined;
    try {
      const s = await stream();
      await s.until((x) => x.includes(': listening'));
      const [order] = await deposit(second?.db ?? t.database.db);
      if (other) {
        const res = await other.inject({
          method: 'POST',
          url: `/ops/payments/${order!.id}/approve`,
          headers: { authorization: `Bearer ${OPS}` },
        });
        expect(res.statusCode).toBe(200);
      }
      await s.until((x) => events(x).length >= (other ? 2 : 1));
      const [row] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, order!.id));
      expect(row!.status).toBe(other ? 'CREDITED' : 'PENDING');
      s.close();
    } finally {
      await other?.close();
      await second?.close();
    }
    expect(await settled(() => t.app.opsEventBus!.size() === 0)).toBe(true);
  });
});
