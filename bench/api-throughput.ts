// Throughput of the game-list and balance APIs, and of the other public catalogue reads (menus, vendor lanes, hot
// games, winner board, notices; a revalidation answered 304), against a trivial route of the same server, on PGlite
// and on PostgreSQL. Prints a table: backend, route, req/s, p99 latency, and each route's req/s as a fraction of the
// trivial route's. The balance is a demo member's (player01), with a session token as the SPA sends it.
//
//   npm run bench:api [-- --duration 10 --warmup 2 --connections 10 --only pglite|postgres --summary file.json]
//
// The server runs in this process (buildApp + listen on port 0, rate limit off), on a fresh database migrated and
// seeded the way `npm start` does it. The load generator (autocannon) runs in a worker thread, so it does not share
// the server's event loop. PostgreSQL: DATABASE_URL when set (a fresh database portico_bench_<pid> is created in it
// and dropped after); otherwise a throwaway cluster started with initdb/pg_ctl when they are installed; else skipped.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { and, eq } from 'drizzle-orm';
import { MERCHANT_HEADER } from '../contract/merchant.ts';
import { buildApp } from '../server/app.ts';
import { type Database, type DatabaseSource, migrateDatabase, openDatabase } from '../server/db/client.ts';
import { members } from '../server/db/schema/index.ts';
import { seedDatabase } from '../server/db/seed/index.ts';
import { createSessionService } from '../server/modules/auth/sessions.ts';
import { adminUrl, cleanupStack, freshDatabase } from './postgres.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    summary: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(
    'Usage: npm run bench:api -- [--duration s] [--warmup s] [--connections n] [--only pglite|postgres] [--summary file.json]',
  );
  process.exit(0);
}
const positive = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got "${value}"`);
  return n;
};
const duration = positive('duration', args.duration);
const warmup = Number(args.warmup) || 0;
const connections = Math.round(positive('connections', args.connections));
if (args.only && args.only !== 'pglite' && args.only !== 'postgres')
  throw new Error(`--only must be pglite or postgres, got "${args.only}"`);

const MERCHANT = 'PORTICO';
const MEMBER = 'player01';
const TRIVIAL_PATH = '/__bench/ping';
const ROUTES = [
  { name: 'trivial', path: TRIVIAL_PATH, note: 'bench-only route, no DB' },
  { name: 'status', path: '/wps/system/status', note: 'merchant lookup only' },
  { name: 'game list', path: '/lgw/games/list?gameType=RNG&pageNo=1&pageSize=42', note: 'RNG, page 1 of 42' },
  { name: 'balance', path: '/wps/v2/wallets/balance', note: `${MEMBER}, session token`, member: true },
  // The other public catalogue reads every page makes (src/app/firstPage.ts), served by the reply cache.
  { name: 'menus', path: '/lgw/games/game_menus?language=en', note: 'game types and their vendors' },
  { name: 'vendors', path: '/lgw/games/vendor?platform=html5-desktop', note: 'vendor lanes' },
  { name: 'hot', path: '/lgw/games/hot?language=en', note: 'hot games' },
  {
    name: 'winners',
    path: '/wps/game/winners?gameCategory=ALL&limitNum=20&language=en',
    note: 'winner board, 5 s time to live',
  },
  { name: 'notices', path: '/wps/notice/index?language=en', note: 'notices and banners' },
  {
    name: 'game list 304',
    path: '/lgw/games/list?gameType=RNG&pageNo=1&pageSize=42',
    note: 'If-None-Match of its ETag',
    revalidate: true,
  },
] as const;
/** The routes with a ratio line: the targets. */
const TARGETS = ['game list', 'balance', 'menus', 'vendors', 'hot', 'winners', 'notices', 'game list 304'];

interface Row {
  backend: string;
  /** The route's short name (trivial, status, game list, balance). */
  name: string;
  route: string;
  reqPerSec: number;
  p99: number;
  ratio: number;
  errors: number;
}

// ---- Cleanup, also on Ctrl-C or a crash ----
const cleanups = cleanupStack();
const runCleanups = cleanups.run;

// ---- Measuring ----
async function measure(
  url: string,
  seconds: number,
  token?: string,
  etag?: string,
): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers: {
      [MERCHANT_HEADER]: MERCHANT,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(etag ? { 'if-none-match': etag } : {}),
    },
    workers: 1, // the load generator gets its own thread: the server's event loop is this one
  });
}

async function benchBackend(backend: string, source: DatabaseSource): Promise<Row[]> {
  const started = Date.now();
  const database: Database = await openDatabase(source);
  cleanups.push(() => database.close());
  await migrateDatabase(database);
  await seedDatabase(database);
  const app = await buildApp({ db: database.db, production: true, rateLimit: false });
  app.get(TRIVIAL_PATH, async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  console.log(`${backend}: migrated and seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // The game list must really be a page of games, or the figures mean nothing.
  const probe = await fetch(`${base}${ROUTES[2].path}`, { headers: { [MERCHANT_HEADER]: MERCHANT } });
  const body = (await probe.json()) as { data?: { games?: unknown[]; total?: number } };
  // What a browser that has the page sends back (the 304 row).
  const etag = probe.headers.get('etag') ?? undefined;
  const games = body.data?.games?.length ?? 0;
  if (probe.status !== 200 || games === 0)
    throw new Error(`${backend}: the game list answered ${probe.status} with ${games} games`);
  console.log(`${backend}: game list page has ${games} games of ${body.data?.total}`);

  const [member] = await database.db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, MERCHANT), eq(members.account, MEMBER)));
  if (!member) throw new Error(`${backend}: the seed has no member ${MEMBER}`);
  const token = await createSessionService(database.db).open(member);
  const balance = await fetch(`${base}${ROUTES[3].path}`, {
    headers: { [MERCHANT_HEADER]: MERCHANT, authorization: `Bearer ${token}` },
  });
  if (balance.status !== 200) throw new Error(`${backend}: the balance answered ${balance.status}`);

  const rows: Row[] = [];
  for (const route of ROUTES) {
    const auth = 'member' in route ? token : undefined;
    const ifNoneMatch = 'revalidate' in route ? etag : undefined;
    if (warmup > 0) await measure(`${base}${route.path}`, warmup, auth, ifNoneMatch);
    const r = await measure(`${base}${route.path}`, duration, auth, ifNoneMatch);
    // autocannon counts 304 as non-2xx: on the revalidating row it is the answer wanted.
    const notModified = ifNoneMatch ? r['3xx'] : 0;
    const errors = r.errors + r.timeouts + r.non2xx - notModified;
    rows.push({
      backend,
      name: route.name,
      route: `${route.name} (${route.note})`,
      // Completed requests over the run, not the mean of per-second samples (those are timed on this busy thread).
      reqPerSec: r.requests.total / r.duration,
      p99: r.latency.p99,
      ratio: 0,
      errors,
    });
    if (errors > 0) console.warn(`${backend} ${route.name}: ${errors} errors, timeouts or non-2xx replies`);
  }
  const trivial = rows[0]!.reqPerSec;
  for (const row of rows) row.ratio = row.reqPerSec / trivial;
  return rows;
}

// ---- PostgreSQL: DATABASE_URL, else a throwaway cluster, else skipped ----
async function benchPostgres(): Promise<Row[] | string> {
  const admin = await adminUrl(cleanups);
  if (!admin.url) return admin.why!;
  const url = await freshDatabase(admin.url, `portico_bench_${process.pid}`, cleanups);
  const rows = await benchBackend('PostgreSQL', { kind: 'postgres', url });
  await runCleanups();
  return rows;
}

async function benchPglite(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-bench-pglite-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const rows = await benchBackend('PGlite', { kind: 'pglite', dataDir: dir });
  await runCleanups();
  return rows;
}

// ---- Main ----
console.log(
  `API throughput: autocannon, ${connections} connections, ${duration} s per route after ${warmup} s warm-up; ` +
    `merchant ${MERCHANT}; Node ${process.version}, ${cpus().length} CPUs`,
);
const rows: Row[] = [];
const skipped: string[] = [];
try {
  if (args.only !== 'postgres') rows.push(...(await benchPglite()));
  if (args.only !== 'pglite') {
    const pgRows = await benchPostgres();
    if (typeof pgRows === 'string') skipped.push(`PostgreSQL skipped: ${pgRows}`);
    else rows.push(...pgRows);
  }
} finally {
  await runCleanups();
}

const header = ['backend', 'route', 'req/s', 'p99 ms', '÷ trivial'];
const cells = rows.map((r) => [
  r.backend,
  r.route,
  r.reqPerSec.toFixed(0),
  r.p99.toFixed(1),
  r.ratio.toFixed(3) + (r.errors > 0 ? ` (${r.errors} errors)` : ''),
]);
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
const line = (c: string[]) =>
  c.map((v, i) => (i >= 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const c of cells) console.log(line(c));
for (const backend of new Set(rows.map((r) => r.backend))) {
  for (const name of TARGETS) {
    const row = rows.find((r) => r.backend === backend && r.name === name);
    if (row) console.log(`${backend}: ${name} / trivial = ${row.ratio.toFixed(3)}`);
  }
}
for (const s of skipped) console.log(s);
if (args.summary) writeFileSync(args.summary, JSON.stringify({ rows, skipped }, null, 2));
