import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { testDatabase } from '../test/app.ts';
import { client } from '../test/auth.ts';
import { databaseRateLimitStore } from './rateLimitStore.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

const lines: string[] = [];
/** Two apps on one database, as two processes would be: each its own memory, one `rate_limits` table. */
const twoApps = async (store: 'memory' | 'database') => {
  const logger = { level: 'error', stream: { write: (l: string) => lines.push(l) } };
  const opts = { db: database.db, trustProxy: 1, rateLimitStore: store, logger } as const;
  return [await buildApp(opts), await buildApp(opts)] as const;
};

type Counted = { current: number; ttl: number };
const incr = (
  store: ReturnType<ReturnType<typeof storeOn>['child']>,
  key: string,
  window = 60_000,
  max = 2,
) =>
  new Promise<Counted>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), window, max),
  );
const storeOn = (opts: Partial<Parameters<typeof databaseRateLimitStore>[1]> = {}) => {
  const Store = databaseRateLimitStore(database.db, { onError: () => undefined, ...opts });
  return new Store({});
};
const rows = async () =>
  (
    (await database.db.execute(sql`select key, hits from rate_limits order by key`)) as unknown as {
      rows: { key: string; hits: number }[];
    }
  ).rows;

describe('rate limits in the database', () => {
  let apps: readonly [FastifyInstance, FastifyInstance];
  beforeAll(async () => {
    apps = await twoApps('database');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('holds a login limit across two apps: the 21st attempt in total is refused, not the 41st', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await client(apps[i % 2]!, 'PORTICO', '198.51.100.21').login(`nobody${i}`, 'x1')).status,
      );
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    const hitsOf = async (key: string) => (await rows()).find((r) => r.key === key)?.hits;
    const login = 'POST /wps/session/login 198.51.100.21';
    expect(await hitsOf(login)).toBe(21);
    // Refused once, a process refuses the rest of the window by itself: a flood does not queue on the row.
    for (const app of [apps[0], apps[0], apps[1], apps[1], apps[0]])
      expect((await client(app, 'PORTICO', '198.51.100.21').login('nobody', 'x1')).status).toBe(429);
    expect(await hitsOf(login)).toBe(22);
    // The same visitor's other calls count against other limits: a route's own, and the global budget.
    const other = client(apps[1], 'PORTICO', '198.51.100.21');
    expect((await other.send('GET', '/wps/captcha')).status).toBe(200);
    expect((await other.send('GET', '/wps/system/setting/register')).status).toBe(200);
    expect(await rows()).toEqual(
      expect.arrayContaining([
        { key: login, hits: 22 },
        { key: 'GET /wps/captcha 198.51.100.21', hits: 1 },
        { key: '* 198.51.100.21', hits: 1 },
      ]),
    );
  });

  it('counts concurrent hits once each (one atomic upsert)', async () => {
    const store = storeOn().child({ routeInfo: { method: 'POST', url: '/race' } });
    const counts = await Promise.all(Array.from({ length: 40 }, () => incr(store, 'racer', 60_000, 100)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    for (const c of counts) expect(c.ttl).toBeGreaterThan(0);
  });

  it('starts a new window once the last one ended, and sweeps ended windows', async () => {
    let clock = 0;
    const store = storeOn({ now: () => clock, sweepEveryMs: 1000 }).child({
      routeInfo: { method: 'POST', url: '/window' },
    });
    expect((await incr(store, 'a')).current).toBe(1);
    expect((await incr(store, 'a')).current).toBe(2);
    await incr(store, 'b');
    await database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second' where key like 'POST /window %'`,
    );
    expect(await incr(store, 'a')).toMatchObject({ current: 1, ttl: expect.any(Number) });
    clock = 1000;
    await incr(store, 'c');
    await vi.waitFor(async () =>
      expect((await rows()).filter((r) => r.key.startsWith('POST /window'))).toEqual([
        { key: 'POST /window a', hits: 1 },
        { key: 'POST /window c', hits: 1 },
      ]),
    );
  });

  it('keeps continueExceeding and exponentialBackoff: a refused hit restarts or doubles the window', async () => {
    const root = storeOn();
    const keep = root.child({ continueExceeding: true, routeInfo: { method: 'POST', url: '/keep' } });
    const back = root.child({ exponentialBackoff: true, routeInfo: { method: 'POST', url: '/back' } });
    for (const s of [keep, back]) for (let i = 0; i < 2; i++) await incr(s, 'k', 10_000, 2);
    await database.db.execute(
      sql`update rate_limits set reset_at = now() + interval '1 second' where key in ('POST /keep k', 'POST /back k')`,
    );
    const kept = await incr(keep, 'k', 10_000, 2);
    expect(kept.current).toBe(3);
    expect(kept.ttl).toBeGreaterThan(5_000);
    expect((await incr(back, 'k', 10_000, 2)).ttl).toBeGreaterThan(5_000);
    expect((await incr(back, 'k', 10_000, 2)).ttl).toBeGreaterThan(15_000);
  });
});

describe('a failing rate-limit store', () => {
  it('lets the global budget through and refuses a route of its own with a logged 503', async () => {
    const apps = await twoApps('database');
    const errors: boolean[] = [];
    const store = storeOn({ onError: (_err, failOpen) => errors.push(failOpen) });
    await database.db.execute(sql`alter table rate_limits rename to rate_limits_gone`);
    try {
      const visitor = client(apps[0], 'PORTICO', '198.51.100.99');
      expect((await visitor.send('GET', '/wps/system/setting/register')).status).toBe(200);
      const login = await visitor.login('nobody', 'x1');
      expect(login.status).toBe(503);
      expect(login.body).toMatchObject({ success: false, code: 'INTERNAL' });
      expect(lines.filter((l) => l.includes('rate-limit store failed'))).toHaveLength(2);
      expect(lines.some((l) => l.includes('let through'))).toBe(true);
      expect(lines.some((l) => l.includes('refused'))).toBe(true);
      expect(await incr(store, 'k')).toEqual({ current: 0, ttl: 60_000 });
      await expect(incr(store.child({ routeInfo: { method: 'POST', url: '/x' } }), 'k')).rejects.toThrow(
        'Temporarily unavailable',
      );
      expect(errors).toEqual([true, false]);
    } finally {
      await database.db.execute(sql`alter table rate_limits_gone rename to rate_limits`);
      for (const app of apps) await app.close();
    }
  });
});

describe('rate limits in memory (PGlite: one process)', () => {
  it('counts in each app alone, and writes nothing to the database', async () => {
    await database.db.execute(sql`delete from rate_limits`);
    const apps = await twoApps('memory');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++)
        statuses.push(
          (await client(apps[i % 2]!, 'PORTICO', '198.51.100.22').login(`nobody${i}`, 'x1')).status,
        );
      expect(statuses.filter((s) => s === 429)).toHaveLength(0);
      expect(await rows()).toEqual([]);
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
