import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { seedDatabase } from '../db/seed/index.ts';
import { dropDatabase } from './dropDatabase.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of a migrated, seeded data folder. PostgreSQL: the template database name. */
    dbTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/** Migrate and seed once; every test file then starts from a copy (cheap) instead of migrating again. */
export default async function setup(project: TestProject) {
  // The project's `env` (vite.config.ts) reaches the test workers, not this process: the seed hashes at the same cost.
  process.env.PORTICO_SCRYPT_N ??= project.config.env.PORTICO_SCRYPT_N;
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `portico_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = await openDatabase({ kind: 'postgres', url: templateUrl.href });
    await migrateDatabase(database);
    await seedDatabase(database);
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', url, template });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'portico_t%_${process.pid}%' or datname = $1`,
        [template],
      );
      for (const { datname } of rows) await dropDatabase(admin, datname);
      await admin.end();
    };
  }
  const database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  await seedDatabase(database);
  const dir = join(process.cwd(), '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `db-template-${process.pid}.tar`);
  const snapshot = await database.snapshot!();
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', file });
  // ~45 MB a run: left behind, they filled .tmp with gigabytes.
  return () => rmSync(file, { force: true });
}
