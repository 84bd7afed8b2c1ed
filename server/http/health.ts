import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Scheduler } from '../jobs/scheduler.ts';

/** How long readiness waits for the database before calling it down (a probe must answer before its own timeout). */
const DATABASE_TIMEOUT_MS = 2_000;

/** The migrations this build carries: drizzle-kit's journal, `when` being what drizzle records as `created_at`. */
const journal = (
  JSON.parse(readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: { tag: string; when: number }[];
  }
).entries;

const withTimeout = <T>(work: Promise<T>, ms: number) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

/**
 * How many of this build's migrations the database lacks. Drizzle's migrator applies the journal's entries newer
 * than the last one it recorded, so that is the count; a database migrated by a newer build is not behind.
 */
async function migrationsBehind(db: Db): Promise<number> {
  const rows = await db.execute<{ last: string | null }>(
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const last = Number((rows as unknown as { rows?: { last: string | null }[] }).rows?.[0]?.last ?? 0);
  return journal.filter((m) => m.when > last).length;
}

export interface Readiness {
  status: 'ok' | 'fail';
  checks: { database: string; migrations: string; jobs: Record<string, string> };
}

/** Database up, schema at this build's head, background jobs ticking. */
export async function readiness(db: Db, jobs: Scheduler): Promise<Readiness> {
  let database = 'ok';
  let migrations = 'unknown';
  try {
    await withTimeout(db.execute(sql`select 1`), DATABASE_TIMEOUT_MS);
    const behind = await withTimeout(migrationsBehind(db), DATABASE_TIMEOUT_MS);
    migrations = behind === 0 ? 'ok' : `behind: ${behind}`;
  } catch (err) {
    // What failed stays in the log: the probe's answer may be public and names no host or address.
    database = (err as Error).message === 'timeout' ? 'timeout' : 'unreachable';
  }
  const late = jobs.lateness();
  const ok = database === 'ok' && migrations === 'ok' && Object.values(late).every((v) => v === 'ok');
  return { status: ok ? 'ok' : 'fail', checks: { database, migrations, jobs: late } };
}

/**
 * `GET /livez`: the process answers (restart it when it does not). `GET /readyz` (and `/health`, the path load
 * balancers try by default): send it traffic, 200, or not, 503 naming the failing part. Both are quiet at the info
 * level and outside the API's rate limit (they are not call paths).
 */
export function healthRoutes(app: FastifyInstance, { db, jobs }: { db: Db; jobs: Scheduler }): void {
  const quiet = { logLevel: 'warn', schema: { hide: true } } as const;
  let wasReady = true;
  const ready = async (_req: unknown, reply: FastifyReply) => {
    const report = await readiness(db, jobs);
    const isReady = report.status === 'ok';
    if (isReady !== wasReady) {
      wasReady = isReady;
      if (isReady) app.log.info('ready again');
      else app.log.warn({ checks: report.checks }, 'not ready');
    }
    return reply
      .code(isReady ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  };
  app.get('/livez', quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', quiet, ready);
  app.get('/health', quiet, ready);
}
