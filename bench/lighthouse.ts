// Lighthouse performance (mobile, the default form factor: simulated slow 4G and a 4× slower CPU) of `/`, the
// lobbies, the lottery centre, promotions and a member's first page after login (`@member/`: home with a demo
// member's kept session) on the real server (`@drawn/`: the server's drawn page alone, the app's scripts blocked: what
// a page costs before the app runs), against a bare Vite + React page built in the same run and served by the
// same static server code (server/http/spa.ts). Each page runs `runs` times, in rounds (bare, /, lobby, bare, …) so
// that the load of a shared machine falls on all of them alike; the median score counts.
//
// The phone: Lighthouse's CPU index (benchmarkIndex) of a mid or low-end Android phone is ≤ 1,300 (issue 29). The
// host's speed changes with its load from one run to the next, so each run sets its own CPU slowdown from the index
// Lighthouse measured in that run, just before it loaded the page: on a faster host the slowdown grows by
// runIndex / target (--cpu-index), so every run's simulated phone is as slow as one at the target. This holds
// because the throttling is simulated: the page loads at the host's full speed and the slowdown only enters the
// audits, which run after the gathering (navigationGather, then Runner.audit with the run's slowdown). Every run
// keeps its report and Chrome trace (--reports, default .tmp/lighthouse) and the median run's main-thread work is
// printed by category with its longest tasks.
//
//   npm run bench:lighthouse [-- --runs 3 --pages /,/rng,@member/ --cpu-index 1300 --dist dist --summary file.json
//                               --reports dir --base http://127.0.0.1:8080]
//
// Needs a built SPA (npm run build). Browser: Playwright's when installed, else Debian's /usr/bin/chromium
// (playwright.config.ts `browserLaunchOptions`), launched with a CDP port that Lighthouse drives.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import type lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { Runner } from 'lighthouse/core/runner.js';
import { build } from 'vite';
import { browserLaunchOptions } from '../playwright.config.ts';
import { precompress } from '../scripts/precompress.ts';
import { registerSpa } from '../server/http/spa.ts';
import { type MainThreadWork, mainThreadWork, printMainThread } from './mainThread.ts';
import { type Cleanups, cleanupStack, freePort } from './postgres.ts';
import { ROOT, startPortal } from './server.ts';

export interface PageScore {
  name: string;
  url: string;
  /** Every run's score, 0–1, in the order run. */
  scores: number[];
  median: number;
  /** The median run's metrics, ms (CLS unitless). */
  metrics: Record<'FCP' | 'LCP' | 'TBT' | 'CLS' | 'SI', number>;
  /** The median run's opportunities and diagnostics that did not pass, worst first. */
  findings: string[];
  /**
   * Lighthouse's CPU benchmark of the median run (a typical desktop scores ~1,000–2,000): the 4× CPU slowdown it
   * simulates comes on top of this machine's speed at the time, so a busy machine inflates TBT.
   */
  benchmarkIndex: number;
  /** The CPU slowdown Lighthouse simulated in the median run (its default 4, times runIndex / target on a faster host). */
  cpuSlowdown: number;
  /** The phone the median run stands for: its index scaled down by the extra slowdown (≤ the target). */
  effectiveIndex: number;
  /** The median run's main-thread work during load, as the simulated phone takes it. */
  mainThread: MainThreadWork;
}

/** The pages of issue 29's budget: home, the lobbies, the lottery centre, promotions, a member's home after login. */
export const DEFAULT_PAGES = ['/', '/rng', '/live', '/sports', '/lotteryCenter', '/promotions', '@member/'];
/** Lighthouse's default mobile CPU slowdown, for a host of index `target`. */
const PHONE_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;
/** The demo member of the seed (server/db/seed) whose first page after login is measured. */
const MEMBER = { username: 'player01', password: 'Player123' };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** A minimal Vite + React app (one component, one stylesheet), built with Vite into a folder of the project. */
async function buildBarePage(cleanups: Cleanups): Promise<string> {
  // Inside the project, so that `react` resolves from its node_modules.
  const dir = join(ROOT, '.tmp', `bench-bare-${process.pid}`);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A bare Vite React page" />
    <title>Bare</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`,
  );
  writeFileSync(join(dir, 'src', 'main.css'), 'body { font-family: system-ui, sans-serif; margin: 2rem; }\n');
  writeFileSync(
    join(dir, 'src', 'main.jsx'),
    `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './main.css';

function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Bare Vite + React</h1>
      <button type="button" onClick={() => setCount((c) => c + 1)}>count is {count}</button>
    </main>
  );
}

createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);
`,
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    // The same precompression as the portal's build: both are served by the same static server code.
    plugins: [react(), precompress()],
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, target: 'es2022' },
  });
  return join(dir, 'dist');
}

/** The static half of the real server (server/http/spa.ts) on `dist`; its page, with nothing to hint, as a file. */
async function serveStatic(cleanups: Cleanups, dist: string): Promise<string> {
  const app = Fastify();
  await registerSpa(app, dist);
  app.setNotFoundHandler((_req, reply) => reply.type('text/html').sendFile('index.html'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

interface Run {
  score: number;
  metrics: PageScore['metrics'];
  findings: string[];
  benchmarkIndex: number;
  cpuSlowdown: number;
  mainThread: MainThreadWork;
}

/** The CPU slowdown that makes a host of CPU index `index` as slow as a phone of index `target`: 4 × index / target. */
const slowdownFor = (index: number, target: number) => PHONE_SLOWDOWN * Math.max(1, index / target);
/** The phone a run stands for: its host's index divided by the slowdown beyond Lighthouse's default 4×. */
const effectiveIndexOf = (run: Pick<Run, 'benchmarkIndex' | 'cpuSlowdown'>) =>
  (run.benchmarkIndex * PHONE_SLOWDOWN) / run.cpuSlowdown;

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** What Lighthouse would have us fix: failing opportunities (with their savings) and diagnostics. */
function findingsOf(lhr: Lhr): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => {
      const ms = (a.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs;
      const bytes = (a.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes;
      const saving = [ms ? `${Math.round(ms)} ms` : '', bytes ? `${Math.round(bytes / 1024)} KiB` : '']
        .filter(Boolean)
        .join(', ');
      return {
        text: `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}${saving ? ` — saves ${saving}` : ''}`,
        ms: ms ?? 0,
      };
    })
    .sort((a, b) => b.ms - a.ms)
    .map((f) => f.text);
}

/**
 * One Lighthouse run of `url`. The page loads unthrottled (simulated throttling); the CPU slowdown of its audits is
 * `slowdownFor` the CPU index Lighthouse measured in this run just before loading the page (`cpuIndex`: the phone).
 * `expectedSlowdown` (the last run's) only sizes the requestIdleCallback deadlines Lighthouse's shim gives the page
 * while it loads.
 */
async function audit(
  url: string,
  port: number,
  cpuIndex: number,
  expectedSlowdown: number,
  report?: string,
  keepStorage = false,
  blockScripts = false,
): Promise<Run> {
  const { artifacts, runnerOptions } = await navigationGather(undefined, url, {
    flags: {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: expectedSlowdown },
      // A member's run keeps the session put in the browser's storage before it (memberSession).
      disableStorageReset: keepStorage,
      // A drawn page's run: the app's module scripts are not fetched (the boot script, inline, still runs).
      ...(blockScripts ? { blockedUrlPatterns: ['*.js'] } : {}),
    },
  });
  const cpuSlowdown = slowdownFor(artifacts.BenchmarkIndex, cpuIndex);
  // The gathering's settings are the audits' (Runner refuses a difference): both get this run's slowdown.
  const settings = runnerOptions.resolvedConfig.settings;
  settings.throttling = { ...settings.throttling, cpuSlowdownMultiplier: cpuSlowdown };
  artifacts.settings = settings;
  const result = (await Runner.audit(artifacts, runnerOptions)) as Awaited<ReturnType<typeof lighthouse>>;
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (report) {
    writeFileSync(report, JSON.stringify(lhr));
    // The trace beside it: DevTools' Performance panel opens it (what ran on the main thread, and when).
    writeFileSync(report.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError)
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as PageScore['metrics'];
  const breakdown = (
    lhr.audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] }
  )?.items;
  return {
    score: lhr.categories.performance?.score ?? 0,
    metrics,
    findings: findingsOf(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown,
    mainThread: mainThreadWork(result.artifacts.Trace as never, breakdown ?? [], cpuSlowdown),
  };
}

/**
 * Logs the demo member in through the API and keeps the session in the browser's default context the way the SPA
 * does after a remember-me login (src/api/session.ts: `rememberedSession` in local storage, taken into the tab's
 * session storage at start), so the next Lighthouse run (storage not reset) opens the portal as that member.
 */
async function memberSession(base: string, port: number): Promise<void> {
  const res = await fetch(`${base}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'username', ...MEMBER, remember: true }),
  });
  const reply = (await res.json()) as { success: boolean; value?: { token: string } };
  if (!reply.success || !reply.value)
    throw new Error(`login of ${MEMBER.username}: ${JSON.stringify(reply)}`);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    // Any page of the origin will do; the status call answers without drawing anything.
    await page.goto(`${base}/wps/system/status`);
    await page.evaluate(
      (token) =>
        localStorage.setItem('rememberedSession', JSON.stringify({ token, until: Date.now() + 86_400_000 })),
      reply.value.token,
    );
    await page.close();
  } finally {
    // Only the connection: the browser is the bench's.
    await browser.close();
  }
}

/**
 * Clears what the portal keeps in the bench's browser: its cookies and local storage. Lighthouse's own reset leaves
 * them (they may hold a login): after a member's run, a visitor's page would open as that member, whose page the app
 * does not take over from the server's first screen.
 */
async function clearPortal(port: number, base: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    const page = await context.newPage();
    // Any page of the origin will do; the status call answers without drawing anything.
    await page.goto(`${base}/wps/system/status`);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  } finally {
    // Only the connection: the browser is the bench's.
    await browser.close();
  }
}

/** Runs Lighthouse on the bare page and on `pages` of the portal built in `dist`. */
export async function lighthouseScores(opts: {
  dist: string;
  pages: string[];
  runs: number;
  cleanups: Cleanups;
  /** A folder to keep every run's full Lighthouse report (JSON, for the Lighthouse viewer) and its trace in. */
  reports?: string;
  /** The CPU index of the phone to simulate (Lighthouse's benchmarkIndex); a faster host is slowed down to it. */
  cpuIndex: number;
  /** A portal already running (its own data folder), instead of starting one on `dist`. */
  base?: string;
  log?: (line: string) => void;
}): Promise<PageScore[]> {
  const log = opts.log ?? console.log;
  if (opts.reports) mkdirSync(opts.reports, { recursive: true });
  const started = Date.now();
  const bare = await serveStatic(opts.cleanups, await buildBarePage(opts.cleanups));
  const base = opts.base ?? (await startPortal(opts.cleanups, opts.dist)).base;
  log(`Lighthouse: bare page built and both servers up in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const port = await freePort();
  const browser = await chromium.launch({
    ...browserLaunchOptions,
    args: [...(browserLaunchOptions.args ?? []), `--remote-debugging-port=${port}`],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  opts.cleanups.push(() => browser.close());

  // The host's CPU index at the start (a throwaway run of the bare page, which also warms the browser up); each run
  // then sets its own slowdown from its own index, printed beside its scores.
  const hostIndex = (await audit(`${bare}/`, port, opts.cpuIndex, PHONE_SLOWDOWN)).benchmarkIndex;
  const extra = Math.max(1, hostIndex / opts.cpuIndex);
  let expectedSlowdown = PHONE_SLOWDOWN * extra;
  log(
    `Lighthouse: host CPU index ${hostIndex.toFixed(0)}, target ≤ ${opts.cpuIndex}: CPU slowdown ${PHONE_SLOWDOWN} × ${extra.toFixed(2)} = ${expectedSlowdown.toFixed(2)} (a phone of index ${(hostIndex / extra).toFixed(0)}); each run sets its own from its own index`,
  );

  const targets = [
    { name: 'bare Vite React page', url: `${bare}/`, member: false, drawn: false },
    ...opts.pages.map((p) => {
      const member = p.startsWith('@member');
      const drawn = p.startsWith('@drawn');
      const path = member || drawn ? p.replace(/^@\w+/, '') || '/' : p;
      const name = `portal ${path}${member ? ' (member)' : drawn ? ' (drawn, no app)' : ''}`;
      return { name, url: `${base}${path}`, member, drawn };
    }),
  ];
  const runs = new Map<string, Run[]>(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= opts.runs; round++)
    for (const t of targets) {
      const slug = t.name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '');
      const report = opts.reports && join(opts.reports, `${slug}-${round}.json`);
      const once = async () => {
        if (t.member) await memberSession(base, port);
        else if (t.url.startsWith(base)) await clearPortal(port, base);
        return audit(t.url, port, opts.cpuIndex, expectedSlowdown, report, t.member, t.drawn);
      };
      // A trace that came out broken (NO_NAVSTART, NO_FCP on a busy machine) is run again, twice at most.
      const run = await once().catch((e: Error) => {
        log(`  ${t.name}: ${e.message.split('\n')[0]}; running it again`);
        return once().catch(once);
      });
      runs.get(t.name)!.push(run);
      expectedSlowdown = run.cpuSlowdown;
      log(
        `  run ${round}/${opts.runs} ${t.name.padEnd(26)} score ${run.score.toFixed(2)}  TBT ${run.metrics.TBT.toFixed(0).padStart(5)} ms  main thread ${run.mainThread.total.toFixed(0).padStart(5)} ms  CPU index ${run.benchmarkIndex.toFixed(0)} (as ${effectiveIndexOf(run).toFixed(0)})  slowdown ${PHONE_SLOWDOWN} × ${(run.cpuSlowdown / PHONE_SLOWDOWN).toFixed(2)} = ${run.cpuSlowdown.toFixed(2)}`,
      );
    }
  if (opts.reports) log(`Lighthouse: reports and Chrome traces in ${opts.reports}`);
  return targets.map((t) => {
    const list = runs.get(t.name)!;
    const m = median(list.map((r) => r.score));
    const mid = list.find((r) => r.score === m) ?? list[0]!;
    return {
      name: t.name,
      url: t.url,
      scores: list.map((r) => r.score),
      median: m,
      metrics: mid.metrics,
      findings: mid.findings,
      benchmarkIndex: mid.benchmarkIndex,
      cpuSlowdown: mid.cpuSlowdown,
      effectiveIndex: effectiveIndexOf(mid),
      mainThread: mid.mainThread,
    };
  });
}

export function printScores(scores: PageScore[]) {
  const header = [
    'page',
    'median',
    'runs',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'CLS',
    'SI ms',
    'main thread ms',
    'CPU index',
  ];
  const cells = scores.map((s) => [
    s.name,
    s.median.toFixed(2),
    s.scores.map((x) => x.toFixed(2)).join(' '),
    s.metrics.FCP.toFixed(0),
    s.metrics.LCP.toFixed(0),
    s.metrics.TBT.toFixed(0),
    s.metrics.CLS.toFixed(3),
    s.metrics.SI.toFixed(0),
    s.mainThread.total.toFixed(0),
    `${s.benchmarkIndex.toFixed(0)} as ${s.effectiveIndex.toFixed(0)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(line(c));
  const slowdowns = scores.map((s) => s.cpuSlowdown);
  console.log(
    `(CPU index: the host's in the median run, "as" the phone it stands for after the extra slowdown, ×${Math.min(...slowdowns).toFixed(2)}–${Math.max(...slowdowns).toFixed(2)} in all: each run's own)`,
  );
  for (const s of scores) printMainThread(s.name, s.mainThread);
  for (const s of scores)
    if (s.findings.length > 0)
      console.log(`\n${s.name}, what Lighthouse flags:\n${s.findings.map((f) => `  - ${f}`).join('\n')}`);
}

if (import.meta.filename === process.argv[1]) {
  const { values: args } = parseArgs({
    options: {
      dist: { type: 'string', default: 'dist' },
      pages: { type: 'string', default: DEFAULT_PAGES.join(',') },
      runs: { type: 'string', default: '3' },
      'cpu-index': { type: 'string', default: '1300' },
      summary: { type: 'string' },
      reports: { type: 'string', default: join(ROOT, '.tmp', 'lighthouse') },
      base: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (args.help) {
    console.log(
      `Usage: npm run bench:lighthouse -- [--runs 3] [--pages ${DEFAULT_PAGES.join(',')}] [--cpu-index 1300] [--dist dist] [--summary file.json] [--reports dir] [--base url]\n  @member/ is home as a logged-in demo member; @drawn/ is home as the server draws it, the app's scripts blocked; --base uses a portal already running instead of starting one on --dist.`,
    );
    process.exit(0);
  }
  const runs = Math.round(Number(args.runs));
  if (!(runs >= 1)) throw new Error(`--runs must be a positive number, got "${args.runs}"`);
  const cpuIndex = Number(args['cpu-index']);
  if (!(cpuIndex > 0)) throw new Error(`--cpu-index must be a positive number, got "${args['cpu-index']}"`);
  const cleanups = cleanupStack();
  console.log(
    `Lighthouse mobile (simulated throttling), ${runs} runs per page; Node ${process.version}, ${cpus().length} CPUs`,
  );
  try {
    const scores = await lighthouseScores({
      dist: args.dist,
      pages: args.pages.split(','),
      runs,
      cleanups,
      reports: args.reports,
      cpuIndex,
      base: args.base,
    });
    printScores(scores);
    if (args.summary) writeFileSync(args.summary, JSON.stringify(scores, null, 2));
  } finally {
    await cleanups.run();
  }
}
