// Wallet transfer throughput under concurrency, against pgbench's TPC-B-like transaction on the same PostgreSQL in
// the same run; the ledger invariant is checked after the run.
//
//   npm run bench:wallet [-- --duration 10 --warmup 2 --clients 20 --via both|service|http --scale 10 --summary f.json]
//
// Each of `clients` concurrent clients is its own member (so clients do not queue on one member's wallets) and moves
// money main → vendor and back, a random 0.01–10.00 at a time, for `duration` seconds: through the wallet service
// (`service`: the transfer as the route runs it, no HTTP) and through the HTTP API (`http`: POST
// /wps/relay/GCS_walletTransfer on a listening server, rate limit off, production mode with AG as the demo vendor;
// the client runs in a process of its own, bench/wallet-transfer-client.ts, as pgbench's does). One transfer = one
// ledger statement (idempotency key, two wallet rows locked, two entries, audit record) plus the reads around it and
// the wallet list of its reply. Per run it prints the statements sent per transfer (a count the machine's load does
// not change), this process's CPU per transfer (over HTTP the server's alone) and PostgreSQL's (when it runs on this
// machine: its processes' CPU from /proc; clean on the bench's own cluster), and pgbench's PostgreSQL CPU beside it;
// and each load's client's CPU (the HTTP client process; pgbench itself), which takes from the same CPUs.
// Then `pgbench -b tpcb-like` with as many clients, for as long, on a database of the same server. PostgreSQL:
// DATABASE_URL when set (fresh databases are created in it and dropped after), else a throwaway cluster
// (initdb/pg_ctl), else nothing runs and the reason is printed.
import { execFile, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { type Database, migrateDatabase, openDatabase } from '../server/db/client.ts';
import { auditLog, members, merchants, wallets } from '../server/db/schema/index.ts';
import { seedDatabase } from '../server/db/seed/index.ts';
import type { Merchant } from '../server/http/merchant.ts';
import { createAuditLog } from '../server/modules/audit/log.ts';
import { createSessionService } from '../server/modules/auth/sessions.ts';
import { createPaymentPasswords } from '../server/modules/payments/paymentPassword.ts';
import { createLedger } from '../server/modules/wallet/ledger.ts';
import { createWalletService } from '../server/modules/wallet/service.ts';
import { demoVendorDriver, vendorDrivers } from '../server/ports/gameVendor.ts';
import { adminUrl, cleanupStack, freshDatabase, postgresBin } from './postgres.ts';
import { amountFor, type HttpLoad, type Loops, loops } from './wallet-transfer-client.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    clients: { type: 'string', default: '20' },
    via: { type: 'string', default: 'both' },
    scale: { type: 'string', default: '10' },
    summary: { type: 'string' },
    profile: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(
    'Usage: npm run bench:wallet -- [--duration s] [--warmup s] [--clients n] [--via both|service|http] [--scale n] [--summary file.json] [--profile prefix]',
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
const clients = Math.round(positive('clients', args.clients));
const scale = Math.round(positive('scale', args.scale));
if (!['both', 'service', 'http'].includes(args.via))
  throw new Error(`--via must be both, service or http, got "${args.via}"`);

const MERCHANT = 'PORTICO';
const VENDOR = 'AG';
const CREDIT = 10_000_000n; // 100,000.00 each: no client ever runs dry
const cleanups = cleanupStack();

/**
 * Statements sent to PostgreSQL (BEGIN and COMMIT included): every query of node-postgres, pooled or in a
 * transaction, goes through Client#query. Round trips per transfer do not change with the machine's load.
 */
let statements = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...rest: unknown[]) {
  statements += 1;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, rest);
} as typeof clientQuery;

/**
 * CPU seconds PostgreSQL has spent so far, when it runs on this machine: its postmaster's own and its reaped
 * children's (cutime, cstime: backends that exited), plus every live child's. The difference over a run is the
 * database's CPU for it, pgbench's exited backends included; a shared server's other users count too, so the
 * figure is clean on the bench's own cluster. Undefined where /proc cannot be read.
 */
const TICKS = 100; // USER_HZ on Linux
const statOf = (pid: string | number) => {
  // The fields after the command name (which may hold spaces): state is [0], ppid [1], utime [11] … cstime [14].
  const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return raw.slice(raw.lastIndexOf(')') + 2).split(' ');
};
function postgresCpu(postmaster: number | undefined): number | undefined {
  if (postmaster === undefined) return undefined;
  try {
    const own = statOf(postmaster);
    let ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(own[i]), 0);
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const f = statOf(pid);
        if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
      } catch {
        // Gone meanwhile: its time is now in the postmaster's cutime.
      }
    }
    return ticks / TICKS;
  } catch {
    return undefined;
  }
}
/** CPU seconds of a live process of this machine (the HTTP client), undefined where /proc cannot be read. */
function processCpu(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const f = statOf(pid);
    return (Number(f[11]) + Number(f[12])) / TICKS;
  } catch {
    return undefined;
  }
}
/** CPU seconds of this process's children that exited and were waited for (pgbench, once it returned). */
function reapedCpu(): number | undefined {
  try {
    const f = statOf('self');
    return (Number(f[13]) + Number(f[14])) / TICKS;
  } catch {
    return undefined;
  }
}
/** `after - before` per transaction, in ms, when both were read. */
const perTx = (before: number | undefined, after: number | undefined, done: number) =>
  before === undefined || after === undefined || done === 0 ? undefined : ((after - before) * 1000) / done;
let postmasterPid: number | undefined;
/**
 * The server's WAL position in bytes (cluster-wide: the bench holds its machine, so it is the run's own writes),
 * read on a connection of its own; undefined when it cannot be read. Unlike CPU time, a machine's load does not move
 * the WAL a transaction writes.
 */
let walUrl: string | undefined;
async function walBytes(): Promise<bigint | undefined> {
  if (!walUrl) return undefined;
  const client = new pg.Client({ connectionString: walUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ b: string }>(
      "select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as b",
    );
    statements -= 1; // the bench's own read, not the app's
    return BigInt(rows[0]!.b);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const walPerTx = (before: bigint | undefined, after: bigint | undefined, done: number) =>
  before === undefined || after === undefined || done === 0 ? undefined : Number(after - before) / done;
async function findPostmaster(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    postmasterPid = Number(statOf(rows[0]!.pid)[1]);
  } catch {
    postmasterPid = undefined; // not on this machine
  } finally {
    await client.end();
  }
}

interface Run {
  name: string;
  txPerSec: number;
  /** Statements sent per successful transfer. */
  roundTrips: number;
  /** CPU time of this process (the server; over HTTP its client runs in another process) per transfer, ms. */
  cpuMs: number;
  /** PostgreSQL's CPU per transfer, ms (see `postgresCpu`). */
  pgCpuMs?: number;
  /** The load's client's CPU per transfer, ms, when it runs in a process of its own (HTTP). */
  clientCpuMs?: number;
  /** WAL bytes written per transfer (see `walBytes`). */
  walBytes?: number;
  done: number;
  errors: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * One timed run: `work` drives the load (here or in the client process) and returns its loops; around it, this
 * process's statements and CPU (over HTTP: the server's alone) and, with --profile, a CPU profile.
 */
async function drive(name: string, work: () => Promise<Loops>, clientPid?: number): Promise<Run> {
  const statementsBefore = statements;
  const cpuBefore = process.cpuUsage();
  const pgBefore = postgresCpu(postmasterPid);
  const clientBefore = processCpu(clientPid);
  const walBefore = await walBytes();
  const profiler = args.profile && name !== 'warm-up' ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const { latencies, elapsed, errors, firstError } = await work();
  const sent = statements - statementsBefore;
  const cpu = process.cpuUsage(cpuBefore);
  const pgAfter = postgresCpu(postmasterPid);
  const clientAfter = processCpu(clientPid);
  const walAfter = await walBytes();
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    const file = `${args.profile}-${name.replace(/\W+/g, '-')}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    profiler.disconnect();
    console.log(`CPU profile of ${name}: ${file}`);
  }
  if (firstError) console.warn(`${name}: ${errors} failed transfers; first: ${firstError}`);
  latencies.sort((a, b) => a - b);
  return {
    name,
    txPerSec: latencies.length / elapsed,
    roundTrips: latencies.length === 0 ? 0 : sent / latencies.length,
    cpuMs: latencies.length === 0 ? 0 : (cpu.user + cpu.system) / 1000 / latencies.length,
    pgCpuMs: perTx(pgBefore, pgAfter, latencies.length),
    clientCpuMs: perTx(clientBefore, clientAfter, latencies.length),
    walBytes: walPerTx(walBefore, walAfter, latencies.length),
    done: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** The HTTP client process (bench/wallet-transfer-client.ts), started once and given one load per run. */
function httpClient() {
  const child = fork(fileURLToPath(new URL('./wallet-transfer-client.ts', import.meta.url)), [], {
    env: { ...process.env, WALLET_BENCH_CLIENT: '1' },
  });
  cleanups.push(() => {
    child.disconnect();
  });
  const run = (load: HttpLoad) =>
    new Promise<Loops>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Loops));
      child.once('exit', (code) => reject(new Error(`the HTTP client exited with ${code}`)));
      child.send(load);
    });
  return { run, pid: child.pid };
}

async function walletRuns(database: Database): Promise<Run[]> {
  const { db } = database;
  const [merchant] = (await db.select().from(merchants).where(eq(merchants.code, MERCHANT))) as Merchant[];
  const ledger = createLedger(db);
  const audit = createAuditLog(db);
  const drivers = vendorDrivers(ledger);
  const service = createWalletService(db, {
    ledger,
    drivers,
    audit,
    paymentPasswords: createPaymentPasswords(db, audit),
  });
  const sessions = createSessionService(db);
  const promo = await ledger.wallet(MERCHANT, null, 'HOUSE_PROMO');
  const players: { member: typeof members.$inferSelect; token: string }[] = [];
  for (let i = 0; i < clients; i++) {
    const [m] = await db
      .insert(members)
      .values({ merchantCode: MERCHANT, account: `bench${i}`, nickname: `bench${i}`, passwordHash: '-' })
      .returning();
    const main = await ledger.wallet(MERCHANT, m!.id, 'MAIN');
    await ledger.wallet(MERCHANT, m!.id, VENDOR);
    await ledger.post(MERCHANT, `bench:credit:${m!.id}`, 'TEST_CREDIT', [
      { walletId: promo, amount: -CREDIT },
      { walletId: main, amount: CREDIT },
    ]);
    players.push({ member: m!, token: await sessions.open(m!) });
  }
  const ids = players.map((p) => p.member.id);
  const totalHeld = async () => {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${wallets.balance}), 0)::text` })
      .from(wallets)
      .where(inArray(wallets.memberId, ids));
    return BigInt(row!.sum);
  };
  const before = await totalHeld();

  const runs: Run[] = [];
  const pending = new Map<number, number>();
  const viaService = (client: number, direction: 'in' | 'out') =>
    service
      .transfer(merchant!, players[client]!.member, {
        requestId: randomUUID(),
        direction,
        vendor: VENDOR,
        amount: amountFor(pending, client, direction),
      })
      .then(() => undefined);

  if (args.via !== 'http') {
    if (warmup > 0) await drive('warm-up', () => loops(clients, warmup, viaService));
    runs.push(await drive('wallet transfer (service)', () => loops(clients, duration, viaService)));
  }
  if (args.via !== 'service') {
    // Production mode, with AG as the demo vendor (production leaves a vendor without settings unconnected).
    const app = await buildApp({
      db,
      production: true,
      rateLimit: false,
      vendorDrivers: { [VENDOR]: demoVendorDriver(createLedger(db)) },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => app.close());
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const client = httpClient();
    const load = (seconds: number): HttpLoad => ({
      base,
      merchant: MERCHANT,
      vendor: VENDOR,
      tokens: players.map((p) => p.token),
      seconds,
    });
    if (warmup > 0) await drive('warm-up', () => client.run(load(warmup)));
    runs.push(await drive('wallet transfer (HTTP API)', () => client.run(load(duration)), client.pid));
  }

  // ---- Drift: after the run, the ledger invariant, in three checks that each print their verdict.
  const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
  // 1. Every wallet's balance is the sum of its entries, and no member wallet is below zero.
  const breaches = rowsOf(
    await db.execute(sql`
      select w.id from wallets w left join ledger_entries e on e.wallet_id = w.id
      group by w.id, w.balance having w.balance <> coalesce(sum(e.amount), 0)`),
  ).length;
  const negative = rowsOf(
    await db.execute(sql`select id from wallets where member_id is not null and balance < 0`),
  ).length;
  // 2. Money conserved: the bench members hold what they held before (transfers move between a member's own
  // wallets), every ledger transaction's entries sum to zero, and so do all balances together.
  const after = await totalHeld();
  const unbalanced = rowsOf(
    await db.execute(sql`
      select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`),
  ).length;
  const [all] = rowsOf(await db.execute(sql`select coalesce(sum(balance), 0)::text as total from wallets`));
  const total = BigInt(String(all?.total ?? '0'));
  // 3. The audit chain: every row linked, each hash covering the previous one; one record per transfer.
  const [audited] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  const chain = await audit.verify();
  const conserved = after === before && unbalanced === 0 && total === 0n;
  const balanced = breaches === 0 && negative === 0;
  console.log(
    `\nLedger invariant after the run:\n` +
      `  balances = entries: ${balanced ? 'ok' : 'DRIFT'} (${breaches} wallets whose balance ≠ sum of entries, ` +
      `${negative} negative member wallets)\n` +
      `  money conserved:    ${conserved ? 'ok' : 'DRIFT'} (bench members hold ${after}, before ${before}; ` +
      `${unbalanced} transactions whose entries do not sum to 0; all balances sum to ${total})\n` +
      `  audit chain:        ${chain.ok ? 'intact' : `BROKEN at row ${chain.brokenAt} (${chain.why})`} ` +
      `(${chain.rows} of ${audited?.n} rows verified)`,
  );
  if (!balanced || !conserved || !chain.ok) process.exitCode = 1;
  return runs;
}

function pgbench(
  url: string,
  seconds: number,
): Promise<{ tps?: number; pgCpuMs?: number; clientCpuMs?: number; walBytes?: number; why?: string }> {
  const bin = postgresBin('pgbench');
  if (!bin) return Promise.resolve({ why: 'pgbench is not installed (Debian: apt-get install postgresql)' });
  const run = (argv: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile(bin, argv, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) =>
        err ? reject(new Error(`${bin} ${argv.join(' ')}: ${stderr || err.message}`)) : resolve(stdout),
      ),
    );
  const threads = Math.max(1, Math.min(clients, cpus().length));
  return (async () => {
    try {
      await run(['-i', '-q', '-s', String(scale), url]);
      const before = postgresCpu(postmasterPid);
      const clientBefore = reapedCpu();
      const walBefore = await walBytes();
      const out = await run([
        '-b',
        'tpcb-like',
        '-c',
        String(clients),
        '-j',
        String(threads),
        '-T',
        String(Math.max(1, Math.round(seconds))),
        '-n',
        url,
      ]);
      const after = postgresCpu(postmasterPid);
      const clientAfter = reapedCpu();
      const walAfter = await walBytes();
      const tps = out.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1];
      if (!tps) return { why: `could not read tps from pgbench's output:\n${out}` };
      const done = Number(out.match(/number of transactions actually processed: (\d+)/)?.[1]);
      return {
        tps: Number(tps),
        pgCpuMs: perTx(before, after, done || 0),
        clientCpuMs: perTx(clientBefore, clientAfter, done || 0),
        walBytes: walPerTx(walBefore, walAfter, done || 0),
      };
    } catch (e) {
      return { why: e instanceof Error ? e.message : String(e) };
    }
  })();
}

// ---- Main ----
console.log(
  `Wallet transfer bench: ${clients} concurrent clients (one member each, main ↔ ${VENDOR}), ${duration} s after ` +
    `${warmup} s warm-up; pgbench -b tpcb-like -c ${clients} -s ${scale}; Node ${process.version}, ${cpus().length} CPUs`,
);
try {
  const admin = await adminUrl(cleanups, Math.max(50, clients * 2 + 20));
  if (!admin.url) {
    console.log(`Not run: ${admin.why}`);
    if (args.summary) writeFileSync(args.summary, JSON.stringify({ skipped: admin.why }));
  } else {
    const started = Date.now();
    const url = await freshDatabase(admin.url, `portico_bench_wallet_${process.pid}`, cleanups);
    const database = await openDatabase({ kind: 'postgres', url });
    cleanups.push(() => database.close());
    await migrateDatabase(database);
    await findPostmaster(url);
    walUrl = url;
    await seedDatabase(database);
    console.log(`Portico database migrated and seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const runs = await walletRuns(database);

    const pgbenchUrl = await freshDatabase(admin.url, `portico_bench_pgbench_${process.pid}`, cleanups);
    const bench = await pgbench(pgbenchUrl, duration);

    const rows = runs.map((r) => [
      r.name,
      r.txPerSec.toFixed(0),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.roundTrips.toFixed(1),
      r.cpuMs.toFixed(2),
      r.pgCpuMs === undefined ? '—' : r.pgCpuMs.toFixed(2),
      r.clientCpuMs === undefined ? '—' : r.clientCpuMs.toFixed(2),
      r.walBytes === undefined ? '—' : r.walBytes.toFixed(0),
      bench.tps ? (r.txPerSec / bench.tps).toFixed(3) : '—',
      r.errors > 0 ? `${r.done} ok, ${r.errors} errors` : `${r.done} ok`,
    ]);
    if (bench.tps)
      // BEGIN, three updates, a select, an insert, END.
      rows.push([
        `pgbench tpcb-like (${clients} clients)`,
        bench.tps.toFixed(0),
        '',
        '',
        '7.0',
        '',
        bench.pgCpuMs === undefined ? '—' : bench.pgCpuMs.toFixed(2),
        bench.clientCpuMs === undefined ? '—' : bench.clientCpuMs.toFixed(2),
        bench.walBytes === undefined ? '—' : bench.walBytes.toFixed(0),
        '1.000',
        '',
      ]);
    const header = [
      'run',
      'tx/s',
      'p50 ms',
      'p99 ms',
      'statements/tx',
      'node CPU ms/tx',
      'PG CPU ms/tx',
      'client CPU ms/tx',
      'WAL B/tx',
      '÷ pgbench',
      'transfers',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((c) => c[i]!.length)));
    const line = (c: string[]) =>
      c.map((v, i) => (i >= 1 && i <= 9 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
    console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    for (const c of rows) console.log(line(c));
    if (!bench.tps) console.log(`pgbench not run: ${bench.why}`);
    else
      for (const r of runs)
        console.log(`${r.name} / pgbench tpcb-like = ${(r.txPerSec / bench.tps).toFixed(3)}`);
    for (const r of runs)
      if (r.pgCpuMs !== undefined && bench.pgCpuMs !== undefined)
        console.log(
          `${r.name}: CPU a transfer, node ${r.cpuMs.toFixed(2)} + PostgreSQL ${r.pgCpuMs.toFixed(2)} ms ` +
            `(+ its client ${r.clientCpuMs?.toFixed(2) ?? '?'}); pgbench's PostgreSQL ${bench.pgCpuMs.toFixed(2)} ms ` +
            `a transaction (+ pgbench ${bench.clientCpuMs?.toFixed(2) ?? '?'})`,
        );
    console.log(
      'Note: the app uses a pool of 10 connections (server/db/client.ts); pgbench opens one per client.',
    );
    if (args.summary)
      writeFileSync(
        args.summary,
        JSON.stringify({ clients, runs, pgbench: bench.tps, pgbenchWhy: bench.why }),
      );
  }
} finally {
  await cleanups.run();
}
