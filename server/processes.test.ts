import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app.ts';
import { testDatabase } from './test/app.ts';
import { client } from './test/auth.ts';
import { dropDatabase } from './test/dropDatabase.ts';
import { answering, freePort, type ServerProcess, startServer } from './test/processes.ts';

/*
 * Several API processes on one database. On PostgreSQL two real server processes share one copy of the test
 * database, and a login limit holds across both. PGlite cannot be shared by two processes at all (the second
 * exits: server/main.test.ts), so the two-process case exists only in the PostgreSQL run (CI runs the server suite
 * on both); what both runs check is that the server counts where all its processes see the counts.
 */

const template = inject('dbTemplate');

describe('where the server counts rate limits by default', () => {
  it(`counts in ${template.kind === 'postgres' ? 'the database (every process sees it)' : 'memory (PGlite has one process)'}`, async () => {
    const database = await testDatabase();
    const app = await buildApp({ db: database.db, trustProxy: 1 });
    try {
      await client(app, 'PORTICO', '198.51.100.31').login('nobody', 'x1');
      const { rows } = (await database.db.execute(sql`select key from rate_limits`)) as unknown as {
        rows: { key: string }[];
      };
      expect(rows).toEqual(
        template.kind === 'postgres' ? [{ key: 'POST /wps/session/login 198.51.100.31' }] : [],
      );
    } finally {
      await app.close();
      await database.close();
    }
  });
});

if (template.kind === 'postgres') {
  const tpl = template;
  const name = `portico_t_${process.pid}_procs_${randomBytes(3).toString('hex')}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: tpl.url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const url = new URL(tpl.url);
  url.pathname = `/${name}`;

  /** A second replica as an operator starts it: same DATABASE_URL, its own port. */
  const start = async () => startServer(await freePort(), { DATABASE_URL: url.href });
  type Server = ServerProcess;

  const servers: Server[] = [];
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name} template ${tpl.template}`));
    for (const _ of [1, 2]) {
      const s = await start();
      servers.push(s);
      children.push(s.child);
    }
    // tsx, the migration check, the seed check and listen: a few seconds each, both at once.
  }, 10_000);
  beforeAll(async () => {
    await Promise.all(servers.map((s) => answering(s, '/readyz')));
  }, 90_000);
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const exited = once(child, 'exit');
        const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(late);
      }
    await admin((c) => dropDatabase(c, name));
  }, 30_000);

  describe('two server processes on one PostgreSQL', () => {
    it('hold the login limit together: of 21 attempts alternating between them, the 21st is refused', async () => {
      const login = async (s: Server, i: number) => {
        const res = await fetch(`http://127.0.0.1:${s.port}/wps/session/login`, {
          method: 'POST',
          headers: { merchant: 'PORTICO', 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'username', username: `nobody${i}`, password: 'wrong-pass1' }),
        });
        return { status: res.status, body: (await res.json()) as { code?: string } };
      };
      const replies = [];
      for (let i = 0; i < 21; i++) replies.push(await login(servers[i % 2]!, i));
      // The limit is 20 a minute (server/modules/auth/routes.ts): each process alone would allow 20 more.
      expect(replies.slice(0, 20).map((r) => r.status)).toEqual(Array(20).fill(401));
      expect(replies[20]).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
      expect((await login(servers[1]!, 21)).status).toBe(429);
      const copy = new pg.Client({ connectionString: url.href });
      await copy.connect();
      const { rows } = await copy.query(
        `select hits from rate_limits where key = 'POST /wps/session/login 127.0.0.1'`,
      );
      await copy.end();
      expect(rows).toEqual([{ hits: 22 }]);
    });
  });
}
