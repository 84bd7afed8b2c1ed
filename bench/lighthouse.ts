// Lighthouse performance (mobile, the default form factor: simulated slow 4G and a 4× slower CPU) of `/` and a
// lobby on the real server, against a bare Vite + React page built in the same run and served by the same static
// server code (server/http/spa.ts). Each page runs `runs` times, in rounds (bare, /, lobby, bare, …) so that the
// load of a shared machine falls on all of them alike; the median score counts.
//
//   npm run bench:lighthouse [-- --runs 3 --pages /,/rng --dist dist --summary file.json --reports dir]
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
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { browserLaunchOptions } from '../playwright.config.ts';
import { precompress } from '../scripts/precompress.ts';
import { registerSpa } from '../server/http/spa.ts';
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
}

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
}

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

async function audit(url: string, port: number, report?: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
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
  return {
    score: lhr.categories.performance?.score ?? 0,
    metrics,
    findings: findingsOf(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Runs Lighthouse on the bare page and on `pages` of the portal built in `dist`. */
export async function lighthouseScores(opts: {
  dist: string;
  pages: string[];
  runs: number;
  cleanups: Cleanups;
  /** A folder to keep every run's full Lighthouse report (JSON, for the Lighthouse viewer) and its trace in. */
  reports?: string;
  log?: (line: string) => void;
}): Promise<PageScore[]> {
  const log = opts.log ?? console.log;
  if (opts.reports) mkdirSync(opts.reports, { recursive: true });
  const started = Date.now();
  const bare = await serveStatic(opts.cleanups, await buildBarePage(opts.cleanups));
  const { base } = await startPortal(opts.cleanups, opts.dist);
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

  const targets = [
    { name: 'bare Vite React page', url: `${bare}/` },
    ...opts.pages.map((p) => ({ name: `portal ${p}`, url: `${base}${p}` })),
  ];
  const runs = new Map<string, Run[]>(targets.map((t) => [t.url, []]));
  for (let round = 1; round <= opts.runs; round++)
    for (const t of targets) {
      const slug = t.name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '');
      const report = opts.reports && join(opts.reports, `${slug}-${round}.json`);
      // A trace that came out broken (NO_NAVSTART, NO_FCP on a busy machine) is run again, twice at most.
      const run = await audit(t.url, port, report).catch((e: Error) => {
        log(`  ${t.name}: ${e.message.split('\n')[0]}; running it again`);
        return audit(t.url, port, report).catch(() => audit(t.url, port, report));
      });
      runs.get(t.url)!.push(run);
      log(`  run ${round}/${opts.runs} ${t.name.padEnd(22)} score ${run.score.toFixed(2)}`);
    }
  return targets.map((t) => {
    const list = runs.get(t.url)!;
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
    };
  });
}

export function printScores(scores: PageScore[]) {
  const header = ['page', 'median', 'runs', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms', 'CPU index'];
  const cells = scores.map((s) => [
    s.name,
    s.median.toFixed(2),
    s.scores.map((x) => x.toFixed(2)).join(' '),
    s.metrics.FCP.toFixed(0),
    s.metrics.LCP.toFixed(0),
    s.metrics.TBT.toFixed(0),
    s.metrics.CLS.toFixed(3),
    s.metrics.SI.toFixed(0),
    s.benchmarkIndex.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(line(c));
  for (const s of scores)
    if (s.findings.length > 0)
      console.log(`\n${s.name}, what Lighthouse flags:\n${s.findings.map((f) => `  - ${f}`).join('\n')}`);
}

if (import.meta.filename === process.argv[1]) {
  const { values: args } = parseArgs({
    options: {
      dist: { type: 'string', default: 'dist' },
      pages: { type: 'string', default: '/,/rng' },
      runs: { type: 'string', default: '3' },
      summary: { type: 'string' },
      reports: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (args.help) {
    console.log(
      'Usage: npm run bench:lighthouse -- [--runs 3] [--pages /,/rng] [--dist dist] [--summary file.json] [--reports dir]',
    );
    process.exit(0);
  }
  const runs = Math.round(Number(args.runs));
  if (!(runs >= 1)) throw new Error(`--runs must be a positive number, got "${args.runs}"`);
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
    });
    printScores(scores);
    if (args.summary) writeFileSync(args.summary, JSON.stringify(scores, null, 2));
  } finally {
    await cleanups.run();
  }
}
