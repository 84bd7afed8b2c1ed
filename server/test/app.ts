import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { dropDatabase } from './dropDatabase.ts';

/** A fresh copy of the migrated, seeded test database (PGlite in memory, or PostgreSQL when DATABASE_URL is set). */
export async function testDatabase(): Promise<Database> {
  const tpl = inject('dbTemplate');
  if (tpl.kind === 'pglite') {
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(tpl.file)]) });
  }
  return scratchPostgres(tpl.url, tpl.template);
}

/**
 * A PostgreSQL database of its own for one test file, copied from `template` (or empty), dropped on close.
 */
export async function scratchPostgres(adminUrl: string, template?: string): Promise<Database> {
  const name = `portico_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.href });
  return {
    ...database,
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await dropDatabase(drop, name);
      await drop.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function testApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const database = await testDatabase();
  // The production setting behind one reverse proxy: a test's X-Forwarded-For is what that proxy would add.
  const app = await buildApp({ db: database.db, trustProxy: 1, ...options });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Headers of a request made to a merchant's site. */
export const asMerchant = (code: string, extra: Record<string, string> = {}) => ({
  merchant: code,
  ...extra,
});
