import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../test/app.ts';

const dist = mkdtempSync(join(tmpdir(), 'portico-health-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>spa</title><div id="root"></div>');

describe('health', () => {
  let t: TestApp;
  let clock = Date.parse('2030-01-01T00:00:00Z');
  beforeAll(async () => {
    t = await testApp({ distDir: dist, clock: () => clock });
  });
  afterAll(() => t.close());

  it('livez answers JSON while the process runs, never the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('readyz (and /health) is ready on a migrated database with no late job', async () => {
    for (const url of ['/readyz', '/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({
        status: 'ok',
        checks: { database: 'ok', migrations: 'ok', jobs: {} },
      });
    }
  });

  it('readyz names a migration the database lacks', async () => {
    // As if this build carried two migrations the database has not had yet.
    const rows = await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at >= (select created_at from drizzle.__drizzle_migrations order by created_at desc offset 1 limit 1) returning hash, created_at`,
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'fail',
        checks: { database: 'ok', migrations: 'behind: 2' },
      });
    } finally {
      for (const r of (rows as unknown as { rows: { hash: string; created_at: string }[] }).rows)
        await t.database.db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${r.hash}, ${r.created_at})`,
        );
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('readyz names a job that stopped ticking, and is ready again once it ticks', async () => {
    let runs = 0;
    t.app.jobs.register({
      name: 'lottery',
      everyMs: 5_000,
      run: async () => {
        runs += 1;
      },
    });
    t.app.jobs.start();
    clock += 10_000;
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    clock += 4_000;
    const late = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(late.statusCode).toBe(503);
    expect(late.json()).toEqual({
      status: 'fail',
      checks: {
        database: 'ok',
        migrations: 'ok',
        jobs: { lottery: 'late by 9 s: no tick in 14 s since start (every 5 s)' },
      },
    });
    await t.app.jobs.runNow('lottery');
    expect(runs).toBe(1);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.jobs).toEqual({ lottery: 'ok' });
  });
});

describe('health without a database', () => {
  it('readyz answers 503 naming the database once it is gone, livez still 200', async () => {
    const t = await testApp();
    try {
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'fail',
        checks: { database: 'unreachable', migrations: 'unknown', jobs: {} },
      });
      expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});
