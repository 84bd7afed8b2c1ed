// `npm run bench` (after `npm run build`): every figure of issue 9's performance budget in one run, each bench with
// its own detailed output, then ONE table side by side: initial JS and CSS of `/`, Lighthouse mobile of `/`, the
// lobbies, the lottery centre, promotions and a member's home (on a phone of CPU index ≤ 1,300) against a bare Vite
// React page, home's main-thread work and TBT, the game list and balance APIs against a trivial route, wallet transfers
// against pgbench on the same PostgreSQL. Figures only: nothing here fails on a slow figure.
//
//   npm run bench [-- --runs 3 --duration 5 --pages /,/rng --cpu-index 1300 --dist dist]
//
// One PostgreSQL for the API and wallet benches: DATABASE_URL when set, else a throwaway cluster (bench/postgres.ts);
// with neither, those rows say "skipped (no PostgreSQL)".
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { PageScore } from './lighthouse.ts';
import { adminUrl, cleanupStack } from './postgres.ts';
import { ROOT } from './server.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    // Lighthouse's pages: its own list (home, the lobbies, the lottery centre, promotions, a member's home) unless
    // --pages, or --lobby for home and that lobby only.
    lobby: { type: 'string' },
    pages: { type: 'string' },
    'cpu-index': { type: 'string', default: '1300' },
    dist: { type: 'string', default: 'dist' },
    scale: { type: 'string', default: 'default' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(
    'Usage: npm run bench -- [--runs 3] [--duration s] [--pages /,/rng,@member/ | --lobby /rng] [--cpu-index 1300] [--dist dist]',
  );
  process.exit(0);
}

const JS_BUDGET = 150 * 1024;
const SCORE_TARGET = 0.95;
/** Home's load on the phone (issue 29): main-thread work and Total Blocking Time, ms. */
const HOME_MAIN_THREAD = 1500;
const HOME_TBT = 200;

const cleanups = cleanupStack();
const dir = mkdtempSync(join(tmpdir(), 'portico-bench-'));
cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

/** Runs one bench script in its own process (its output shown as it comes); returns its summary, if it wrote one. */
async function step<T>(script: string, argv: string[], env: NodeJS.ProcessEnv = {}): Promise<T | undefined> {
  const summary = join(dir, `${script}.json`);
  console.log(`\n=== ${script} ${argv.join(' ')}`);
  const code = await new Promise<number | null>((resolve) =>
    spawn(process.execPath, ['--import', 'tsx', `bench/${script}.ts`, ...argv, '--summary', summary], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    }).once('exit', resolve),
  );
  if (code !== 0) console.log(`${script} exited with ${code}`);
  try {
    return JSON.parse(readFileSync(summary, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

type Row = [name: string, figure: string, reference: string, verdict: string];
const rows: Row[] = [];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

console.log(
  `Portico bench: Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the start`,
);
try {
  // ---- Bundle ----
  const bundle = await step<{ js: number; css: number; files: number }>('bundle-size', ['--dist', args.dist]);
  if (bundle) {
    rows.push([
      'initial JS of / (gzip -9)',
      kb(bundle.js),
      `≤ ${kb(JS_BUDGET)} (${bundle.files} files with CSS)`,
      bundle.js <= JS_BUDGET ? 'ok' : 'MISS',
    ]);
    rows.push(['initial CSS of / (gzip -9)', kb(bundle.css), '—', '—']);
  } else rows.push(['initial JS of /', 'not measured', `≤ ${kb(JS_BUDGET)}`, 'MISS']);

  // ---- Lighthouse ----
  const pages = args.pages ?? (args.lobby ? `/,${args.lobby}` : undefined);
  const scores = await step<PageScore[]>('lighthouse', [
    '--dist',
    args.dist,
    '--runs',
    args.runs,
    '--cpu-index',
    args['cpu-index'],
    ...(pages ? ['--pages', pages] : []),
  ]);
  const bare = scores?.find((s) => s.name.startsWith('bare'));
  for (const s of scores ?? []) {
    const figure = `${s.median.toFixed(2)} (runs ${s.scores.map((x) => x.toFixed(2)).join(' ')}; LCP ${(s.metrics.LCP / 1000).toFixed(1)} s, TBT ${s.metrics.TBT.toFixed(0)} ms, main thread ${(s.mainThread.total / 1000).toFixed(1)} s, CPU index ${s.benchmarkIndex.toFixed(0)} as ${s.effectiveIndex.toFixed(0)})`;
    if (s === bare) rows.push([`Lighthouse mobile: ${s.name}`, figure, 'reference', '—']);
    else {
      const ok = s.median >= SCORE_TARGET && s.median >= (bare?.median ?? 0);
      rows.push([
        `Lighthouse mobile: ${s.name}`,
        figure,
        `≥ ${SCORE_TARGET} and ≥ bare ${bare?.median.toFixed(2) ?? '?'}`,
        ok ? 'ok' : 'MISS',
      ]);
    }
  }
  if (!scores) rows.push(['Lighthouse mobile', 'not measured', `≥ ${SCORE_TARGET}`, 'MISS']);
  const home = scores?.find((s) => s.name === 'portal /');
  if (home)
    rows.push([
      'Lighthouse mobile: / load',
      `main thread ${home.mainThread.total.toFixed(0)} ms, TBT ${home.metrics.TBT.toFixed(0)} ms (CPU index as ${home.effectiveIndex.toFixed(0)})`,
      `≤ ${HOME_MAIN_THREAD} ms, ≤ ${HOME_TBT} ms, CPU index ≤ ${args['cpu-index']}`,
      home.mainThread.total <= HOME_MAIN_THREAD &&
      home.metrics.TBT <= HOME_TBT &&
      home.effectiveIndex <= Number(args['cpu-index'])
        ? 'ok'
        : 'MISS',
    ]);

  // ---- One PostgreSQL for the API and wallet benches ----
  const admin = await adminUrl(cleanups, 100);
  const pgEnv = admin.url ? { DATABASE_URL: admin.url } : {};

  // ---- API ----
  interface ApiRow {
    backend: string;
    name: string;
    reqPerSec: number;
    p99: number;
    ratio: number;
    errors: number;
  }
  const api = await step<{ rows: ApiRow[]; skipped: string[] }>(
    'api-throughput',
    ['--duration', args.duration, '--warmup', '1', ...(admin.url ? [] : ['--only', 'pglite'])],
    pgEnv,
  );
  for (const backend of new Set(api?.rows.map((r) => r.backend))) {
    const of = (name: string) => api!.rows.find((r) => r.backend === backend && r.name === name);
    const trivial = of('trivial');
    for (const name of ['game list', 'balance']) {
      const r = of(name);
      if (!r || !trivial) continue;
      rows.push([
        `API ${name} (${backend})`,
        `${r.reqPerSec.toFixed(0)} req/s, p99 ${r.p99.toFixed(0)} ms${r.errors ? `, ${r.errors} errors` : ''}`,
        `trivial ${trivial.reqPerSec.toFixed(0)} req/s, p99 ${trivial.p99.toFixed(0)} ms`,
        `${r.ratio.toFixed(2)} × trivial`,
      ]);
    }
  }
  if (!api) rows.push(['API', 'not measured', 'trivial route', '—']);
  if (!admin.url) rows.push(['API (PostgreSQL)', 'skipped (no PostgreSQL)', admin.why ?? '', '—']);

  // ---- Wallet transfers vs pgbench ----
  if (admin.url) {
    interface WalletRun {
      name: string;
      txPerSec: number;
      p99: number;
      errors: number;
    }
    const wallet = await step<{ clients: number; runs: WalletRun[]; pgbench?: number; pgbenchWhy?: string }>(
      'wallet-transfer',
      ['--duration', args.duration, '--warmup', '1'],
      pgEnv,
    );
    const pgbench = wallet?.pgbench
      ? `pgbench tpcb-like ${wallet.pgbench.toFixed(0)} tps (${wallet.clients} clients)`
      : `pgbench: skipped (${wallet?.pgbenchWhy?.split('\n')[0] ?? 'not run'})`;
    for (const r of wallet?.runs ?? [])
      rows.push([
        r.name,
        `${r.txPerSec.toFixed(0)} tx/s, p99 ${r.p99.toFixed(0)} ms${r.errors ? `, ${r.errors} errors` : ''}`,
        pgbench,
        wallet?.pgbench ? `${(r.txPerSec / wallet.pgbench).toFixed(2)} × pgbench` : '—',
      ]);
    if (!wallet) rows.push(['wallet transfer', 'not measured', pgbench, '—']);
  } else rows.push(['wallet transfer', 'skipped', 'pgbench: skipped (no PostgreSQL)', '—']);

  // ---- Cost as work grows: large against default scale ----
  if (args.scale === 'large') {
    interface ScaleRow {
      backend: string;
      call: string;
      base: { warm: number };
      large?: { warm: number };
      ratio?: number;
    }
    const scale = await step<{ target: number; rows: ScaleRow[] }>(
      'scale',
      ['--scale', 'large', '--plans', '.tmp/scale-plans.md', ...(admin.url ? [] : ['--only', 'pglite'])],
      pgEnv,
    );
    for (const r of scale?.rows ?? [])
      rows.push([
        `scale: ${r.call} (${r.backend})`,
        `${r.large?.warm.toFixed(1) ?? '?'} ms at 20,000 games / 90 days`,
        `${r.base.warm.toFixed(1)} ms at the default scale`,
        r.ratio === undefined
          ? '—'
          : `${r.ratio.toFixed(2)} × (${r.ratio <= scale!.target ? 'ok' : 'MISS'} ≤ ${scale!.target}×)`,
      ]);
    if (!scale) rows.push(['scale', 'not measured', 'default scale', '—']);
  }

  // ---- Bets in the last seconds before a fast lottery's sale closes, then its draw's settlement ----
  interface BetsRun {
    backend: string;
    beforeClose: number;
    acceptedBeforeClose: number;
    inFlightRefused: number[];
    afterClose: number;
    refusedAfterClose: number;
    lost: number;
    doubled: number;
    acceptedAfterLock: number;
    p99: number;
    settleMs: number | null;
    breaches: number;
    conserved: boolean;
  }
  const bets = await step<{ results: BetsRun[] }>('bets-close', admin.url ? [] : ['--only', 'pglite'], pgEnv);
  for (const b of bets?.results ?? []) {
    const exact =
      // Only a slip sent in the close's last 20 ms may reach the server after it.
      b.acceptedBeforeClose === b.beforeClose - b.inFlightRefused.filter((ms) => ms <= 20).length &&
      b.refusedAfterClose === b.afterClose &&
      b.lost + b.doubled + b.acceptedAfterLock + b.breaches === 0 &&
      b.conserved;
    rows.push([
      `bets before the close (${b.backend})`,
      `${b.acceptedBeforeClose}/${b.beforeClose} taken, ${b.refusedAfterClose}/${b.afterClose} late refused, ` +
        `lost ${b.lost}, doubled ${b.doubled}; p99 ${b.p99.toFixed(0)} ms; settled ` +
        (b.settleMs === null ? 'not in 120 s' : `${(b.settleMs / 1000).toFixed(1)} s after the draw`),
      'all taken / refused, 0 lost, p99 ≤ 200 ms, settled ≤ 5 s',
      exact && b.p99 <= 200 && b.settleMs !== null && b.settleMs <= 5_000 ? 'ok' : 'MISS',
    ]);
  }
  if (!bets) rows.push(['bets before the close', 'not measured', 'p99 ≤ 200 ms, settled ≤ 5 s', 'MISS']);
} finally {
  await cleanups.run();
}

const header: Row = ['name', 'figure', 'reference / target', 'verdict'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((v, i) => v.padEnd(widths[i]!)).join('  ');
console.log(
  `\n=== Portico bench, side by side (${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)} at the end)`,
);
console.log(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const r of rows) console.log(line(r));
