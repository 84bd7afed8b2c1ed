import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockFolder } from './folderLock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction of `Db` (what `db.transaction(fn)` hands `fn`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` while holding a cluster-wide lock, so several API processes do a piece of work once; close waits for it. */
  exclusive<T>(key: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball (tests start each file from one). */
  snapshot?(): Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseSource =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

/** DATABASE_URL selects PostgreSQL; otherwise PGlite in `dataDir` (or in memory when none is given). */
export function databaseSource(env: NodeJS.ProcessEnv, defaultDataDir?: string): DatabaseSource {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: env.PORTICO_DATA_DIR ?? defaultDataDir };
}

export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: source.url, max: 10 });
    // An idle connection ended by the server (restart, failover, a dropped database) is removed from the pool, which
    // opens a new one when needed; unhandled, its 'error' event would end the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const work = drained();
    return {
      db,
      kind: 'postgres',
      exclusive: (key, fn) =>
        work.run(async () => {
          const client = await pool.connect();
          try {
            await client.query('select pg_advisory_lock(hashtext($1))', [key]);
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
            client.release();
          }
        }),
      async close() {
        await work.drain();
        await pool.end();
      },
    };
  }
  // A folder has one writer (a second process exits with the owner's pid); in memory there is nothing to share.
  const lock =
    source.dataDir && !/^[a-z]+:\/\//.test(source.dataDir) ? lockFolder(source.dataDir) : undefined;
  try {
    const client = new PGlite({
      dataDir: source.dataDir,
      loadDataDir: source.loadDataDir,
      // Game name search's trigram index (migration 0038), as PostgreSQL's contrib has it.
      extensions: { pg_trgm },
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    const work = drained();
    // One PGlite data folder has one process (the folder lock): the lock is the process itself.
    return {
      db,
      kind: 'pglite',
      exclusive: (_key, fn) => work.run(fn),
      async close() {
        await work.drain();
        await client.close();
        lock?.release();
      },
      snapshot: async () => client.dumpDataDir('none'),
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/** Work in flight (jobs run through `exclusive`), so close waits for it instead of cutting a transaction. */
function drained() {
  const running = new Set<Promise<unknown>>();
  return {
    run<T>(fn: () => Promise<T>): Promise<T> {
      const p = fn();
      running.add(p);
      const done = () => running.delete(p);
      p.then(done, done);
      return p;
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled(running);
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  await database.exclusive('portico:migrate', async () => {
    if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder });
    else await migratePglite(database.db as never, { migrationsFolder });
  });
}

/** The embedded PGlite behind a Drizzle instance; undefined on PostgreSQL. */
export function embeddedClient(db: Db): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/** How many statement texts `executePrepared` names per process; any further text is sent unnamed. */
const PREPARED_KEPT = 64;
const dialect = new PgDialect();
const preparedNames = new Map<string, string>();

/**
 * A hand-written statement, on PostgreSQL as a named prepared statement: each pooled connection plans its text once,
 * not at every run (the transfer's one-statement posting spent as long in the planner as in the executor, bench of
 * 28 Nov). The name is the text's hash, so equal texts share it; its parameters' values vary freely. In a transaction
 * it runs on the transaction's connection. On PGlite, and for any text beyond the first PREPARED_KEPT, it runs as
 * `execute` does.
 */
export async function executePrepared<Row>(db: Db | Tx, query: SQL): Promise<{ rows: Row[] }> {
  // The connection Drizzle sends through: the pool, or inside a transaction the pool's client that holds it.
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client))
    return (await db.execute(query)) as unknown as { rows: Row[] };
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < PREPARED_KEPT) {
    name = `portico_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return client.query<Row & pg.QueryResultRow>({ name, text, values: params as unknown[] });
}

/** The PostgreSQL error code (SQLSTATE) of a failed query, also when the ORM wrapped the driver's error. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}
