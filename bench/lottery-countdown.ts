// Countdown drift of the lottery widget against the server's draw times, in a headless browser (issue 6), and how
// soon each draw's numbers are on screen (issue 24: target 5 s after the draw time).
// Prints a table per lottery: second edges seen, mean / p95 / max |drift| ms, mean signed drift, seconds shown
// backwards or skipped, draws crossed; then the menu refreshes the page made and their interval (spec: 7–30 s); then,
// per draw crossed, "result on screen after draw" in the widget and on the lottery's betting page, with mean / max.
//
//   npm run bench:lottery [-- --minutes 10 --games VN1P,VN5P --dist dist]
//
// Needs a built SPA: run `npm run build` first (this script does not build; without dist/index.html it exits 1).
// It starts the real server (`node --import tsx server/main.ts`, i.e. `tsx server/main.ts` in one process) on a
// throwaway PGlite folder, a free port and 127.0.0.1, waits for /wps/system/status, and opens /lotteryCenter in
// headless Chromium (Playwright's own browser when installed, else /usr/bin/chromium, as playwright.config.ts does),
// on the E-lottery category. The fast lotteries VN1P/VN3P/VN5P draw every 1/3/5 minutes, sales closing 10 s before.
//
// What is measured: the widget shows floor(remaining / 1000) s as hh:mm:ss while ≥ 1 s of the sale remains, and
// `-- : -- : --` below that (machines/lotteryRefresh.connect.ts `countdown`). So the display should change to v
// seconds (v = 0: closed) exactly when the remaining time drops below (v + 1) s, i.e. at local time
// lockTime − offset − (v + 1) s, where lockTime is the sale close of `GET /lgw/vn/draws/next` (re-read after each
// draw) and offset = the server's clock − the local one, measured as `serverTime` of `GET /lgw/vn/games/game_menu`
// minus the local midpoint of the call (the lowest-round-trip of a few calls, again every minute). In the page, a
// MutationObserver stamps (Date.now()) every change of each watched row's countdown text the moment React commits
// it, with a 100 ms poll as a safety net. drift = the displayed change − the expected edge (positive: late).
// Menu refreshes are the page's requests to game_menu (prizeMode=Elott) after the first; the interval between two
// requests is the machine's refresh timer plus the previous call's round trip.
// Results: besides the lottery centre, each game's betting page (/lottery?gameCode=…) is open in its own tab. The
// pages stamp every change of the widget row's previous numbers, the page header's "Previous result" and the newest
// entry of its Results list; the bench polls `GET /lgw/vn/numeros/opened/game` every 200 ms to see when the server
// revealed each draw. After the run, for each draw whose time fell in the window (up to 15 s before its end), the
// delay is the first moment a probe showed that issue's numbers minus the draw time (server clock, offset removed).
// Exit code 0 whatever the figures.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, devices, type Page } from '@playwright/test';
import { MERCHANT_HEADER } from '../contract/merchant.ts';
import { CLOSED_TEXT, countdown } from '../machines/lotteryRefresh.connect.ts';
import { MAX_REFRESH_MS, MIN_REFRESH_MS } from '../machines/lotteryRefresh.machine.ts';
import { browserLaunchOptions } from '../playwright.config.ts';
import { parseWinningNumbers } from '../src/features/lottery/numbers.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    games: { type: 'string', default: 'VN1P,VN5P' },
    dist: { type: 'string', default: 'dist' },
    // A PGlite folder already seeded (a stopped server's PORTICO_DATA_DIR), copied rather than seeding a fresh one:
    // seeding takes minutes on a busy machine.
    seeded: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(
    'Usage: npm run bench:lottery -- [--minutes n] [--games VN1P,VN5P] [--dist dir] [--seeded data-dir]  ' +
      '(npm run build first)',
  );
  process.exit(0);
}
const minutes = Number(args.minutes);
if (!Number.isFinite(minutes) || minutes <= 0)
  throw new Error(`--minutes must be a positive number, got "${args.minutes}"`);
const games = args.games
  .split(',')
  .map((g) => g.trim())
  .filter(Boolean);
if (games.length === 0 || games.some((g) => !/^[A-Z0-9_]+$/.test(g)))
  throw new Error(`--games must be lottery codes separated by commas, got "${args.games}"`);

const ROOT = resolve(import.meta.dirname, '..');
const DIST = resolve(ROOT, args.dist);
const MERCHANT = 'PORTICO';
const HEADERS = { [MERCHANT_HEADER]: MERCHANT };
const MENU_PATH = '/lgw/vn/games/game_menu';
/** The interval between two menu requests also holds the previous call's round trip and a render. */
const REFRESH_SLACK_MS = 1000;
/** Issue 24: a draw's numbers on screen within this long of its draw time. */
const RESULT_TARGET_S = 5;
/** Draws this close to the end of the window are not counted (their numbers may come after it). */
const RESULT_TAIL_MS = 15_000;
const OPENED_PATH = '/lgw/vn/numeros/opened/game';

if (!existsSync(join(DIST, 'index.html'))) {
  console.error(`No built SPA in ${DIST}: run \`npm run build\` first.`);
  process.exit(1);
}
/** The newest modification time under a folder, ms. */
const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
    const p = join(dir, e.name);
    return Math.max(m, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);
if (newest(join(ROOT, 'src')) > statSync(join(DIST, 'index.html')).mtimeMs)
  console.warn(
    `Note: src/ changed after ${args.dist}/ was built; \`npm run build\` to measure the current widget.`,
  );

// ---- Cleanup, also on Ctrl-C, SIGTERM or a crash ----
type Cleanup = () => unknown;
const cleanups: Cleanup[] = [];
let server: ChildProcess | undefined;
let dataDir: string | undefined;
const runCleanups = async () => {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!();
    } catch (e) {
      console.error('cleanup failed:', e instanceof Error ? e.message : e);
    }
  }
};
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const)
  process.on(signal, () => {
    void runCleanups().then(() => process.exit(code));
  });
process.on('uncaughtException', (err) => {
  console.error(err);
  void runCleanups().then(() => process.exit(1));
});
// Last resort when the process ends without the cleanups having run.
process.on('exit', () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

// ---- The server ----
async function startServer(): Promise<string> {
  dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-lottery-'));
  const dir = dataDir;
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (args.seeded) cpSync(resolve(args.seeded), dir, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PORTICO_DATA_DIR: dir,
      PORTICO_DIST_DIR: DIST,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server = child;
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM'); // the server closes its database on SIGTERM
    if (await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])) return;
    child.kill('SIGKILL');
    await exited;
  });

  const base = `http://127.0.0.1:${port}`;
  // A busy machine (tests beside it) can take minutes to open and migrate a fresh PGlite folder.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${stderr}`);
    try {
      const res = await fetch(`${base}/wps/system/status`, { headers: HEADERS });
      if (res.ok) return base;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer /wps/system/status within 300 s:\n${stderr}`);
}

// ---- The server's clock and draws ----
interface OffsetSample {
  offset: number;
  rtt: number;
}
async function measureOffset(base: string, calls = 3): Promise<OffsetSample> {
  let best: OffsetSample | undefined;
  for (let i = 0; i < calls; i++) {
    const sent = Date.now();
    const res = await fetch(`${base}${MENU_PATH}?prizeMode=Elott`, { headers: HEADERS });
    const body = (await res.json()) as { data?: { serverTime?: string } };
    const received = Date.now();
    const server = Date.parse(body.data?.serverTime ?? '');
    if (!Number.isFinite(server)) throw new Error(`game_menu answered ${res.status} without serverTime`);
    const sample = { offset: server - (sent + received) / 2, rtt: received - sent };
    if (!best || sample.rtt < best.rtt) best = sample;
  }
  return best!;
}

interface Draw {
  issue: string;
  /** Server clock, ms. */
  lockAt: number;
  drawAt: number;
}
async function nextDraw(base: string, gameCode: string): Promise<Draw> {
  const res = await fetch(`${base}/lgw/vn/draws/next?gameCode=${gameCode}`, { headers: HEADERS });
  const body = (await res.json()) as { data?: { issue: string; lockTime: string; drawTime: string } };
  if (!res.ok || !body.data) throw new Error(`draws/next?gameCode=${gameCode} answered ${res.status}`);
  return {
    issue: body.data.issue,
    lockAt: Date.parse(body.data.lockTime),
    drawAt: Date.parse(body.data.drawTime),
  };
}

// ---- The page ----
interface Change {
  code: string;
  /** Local clock (Date.now() in the page), ms. */
  t: number;
  text: string | null;
  via: 'observer' | 'poll';
}
interface MenuRequest {
  t: number;
  prizeMode: string | null;
}

function launchBrowser(): Promise<Browser> {
  // The bench handles its own signals (it stops the server and cleans up first).
  return chromium.launch({
    ...browserLaunchOptions,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/**
 * Installed in the page: records every change of the watched rows' countdown text. Plain JavaScript in a string:
 * a function handed to page.evaluate would carry tsx's `__name` helper, which the page does not have.
 */
const watchCountdowns = (codes: string[]) => `(() => {
  const codes = ${JSON.stringify(codes)};
  const log = [];
  const last = new Map();
  const read = (via) => {
    const t = Date.now();
    for (const code of codes) {
      const row = document.querySelector('a[href*="gameCode=' + code + '"]')?.closest('li');
      const text = row?.querySelector('[data-testid="countdown"]')?.textContent ?? null;
      if (last.has(code) && last.get(code) === text) continue;
      last.set(code, text);
      log.push({ code, t, text, via });
    }
  };
  read('observer');
  new MutationObserver(() => read('observer')).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
  });
  setInterval(() => read('poll'), 100);
  window.__countdownLog = log;
})()`;

/** A text the pages watch for the results: a game's row in the widget, its page's header or its Results list. */
type ProbeKind = 'widget' | 'header' | 'results';
interface ProbeChange {
  kind: ProbeKind;
  code: string;
  /** Local clock, ms. */
  t: number;
  text: string | null;
}
const PROBE_NAMES: Record<ProbeKind, string> = {
  widget: 'widget',
  header: 'page header',
  results: 'page results',
};

/**
 * Installed in a page: stamps every change of the given probes' text (the widget row's name and previous numbers,
 * without its countdown; the header's "Previous result"; the newest Results entry's title). Plain JavaScript.
 */
const watchProbes = (probes: { kind: ProbeKind; code: string }[]) => `(() => {
  const probes = ${JSON.stringify(probes)};
  const log = [];
  const last = new Map();
  const textOf = (p) => {
    if (p.kind === 'widget') {
      const row = document.querySelector('a[href*="gameCode=' + p.code + '"]')?.closest('li');
      return row?.querySelector('div')?.textContent ?? null;
    }
    if (p.kind === 'header') {
      const dt = [...document.querySelectorAll('header dt')].find((d) => d.textContent === 'Previous result');
      return dt?.nextElementSibling?.textContent ?? null;
    }
    const h2 = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Results');
    return h2?.closest('section')?.querySelector('li summary')?.textContent ?? null;
  };
  const read = () => {
    const t = Date.now();
    for (const p of probes) {
      const key = p.kind + ':' + p.code;
      const text = textOf(p);
      if (last.has(key) && last.get(key) === text) continue;
      last.set(key, text);
      log.push({ kind: p.kind, code: p.code, t, text });
    }
  };
  read();
  new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  setInterval(read, 100);
  window.__probeLog = log;
})()`;

/** Whether a probe's text shows the numbers (widget, header: DB and G1 as the row shows them) or the issue. */
function showsResult(kind: ProbeKind, text: string | null, r: { issue: string; winningNumber: string }) {
  if (text === null) return false;
  if (kind === 'results') return text.includes(`Issue ${r.issue} `);
  const shown = parseWinningNumbers(r.winningNumber)
    .slice(0, 2)
    .map((p) => `${p.label}${p.numbers.join(' ')}`)
    .join('');
  return shown !== '' && text.replace(/\s+/g, ' ').includes(shown);
}

// ---- Figures ----
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

/** Seconds shown (hh:mm:ss), 0 for the closed text (under 1 s left), null for anything else. */
function shownSeconds(text: string | null): number | null {
  if (text === CLOSED_TEXT) return 0;
  const m = text ? /^(\d{2}):(\d{2}):(\d{2})$/.exec(text) : null;
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

interface GameFigures {
  code: string;
  drifts: number[];
  /** When each drift was seen (local ms). */
  at: number[];
  backwards: number;
  skipped: number;
  wrongValue: number;
  saleStarts: number;
  drawsCrossed: number;
  byPoll: number;
}

function analyse(code: string, changes: Change[], draws: Draw[], offset: number, from: number, to: number) {
  const f: GameFigures = {
    code,
    drifts: [],
    at: [],
    backwards: 0,
    skipped: 0,
    wrongValue: 0,
    saleStarts: 0,
    drawsCrossed: draws.filter((d) => d.drawAt - offset > from && d.drawAt - offset <= to).length,
    byPoll: changes.filter((c) => c.via === 'poll').length,
  };
  const local = draws
    .map((d) => ({ lock: d.lockAt - offset, draw: d.drawAt - offset }))
    .sort((a, b) => a.draw - b.draw);
  /** What the widget should show at local time t, on the server's draws. */
  const truth = (t: number) => {
    const d = local.find((x) => x.draw > t);
    if (!d) return null;
    const c = countdown(d.lock - t, t < d.lock);
    return c.kind === 'clock' ? c.text : c.kind === 'closed' ? CLOSED_TEXT : null;
  };
  let prev: number | null = null;
  let prevClosed = false;
  for (const c of changes) {
    const v = shownSeconds(c.text);
    const closed = c.text === CLOSED_TEXT;
    const expectedText = truth(c.t);
    if (v !== null && expectedText !== null && expectedText !== c.text) f.wrongValue += 1;
    if (v !== null && prev !== null && !prevClosed) {
      if (v < prev) {
        // A tick to v seconds: due when the remaining time drops below (v + 1) s, on the nearest draw's close.
        f.skipped += prev - v - 1;
        const due = local.map((d) => d.lock - (v + 1) * 1000);
        const nearest = due.sort((a, b) => Math.abs(a - c.t) - Math.abs(b - c.t))[0];
        if (nearest !== undefined) {
          f.drifts.push(c.t - nearest);
          f.at.push(c.t);
        }
      } else if (v > prev) f.backwards += 1;
    } else if (v !== null && !closed && prevClosed) f.saleStarts += 1;
    prev = v;
    prevClosed = closed;
  }
  return f;
}

// ---- Main ----
console.log(
  `Lottery countdown drift: /lotteryCenter (E-lottery), ${games.join(', ')}, ${minutes} min; ` +
    `Node ${process.version}, ${cpus().length} CPUs`,
);
try {
  const startedAt = Date.now();
  const base = await startServer();
  console.log(
    `Server on ${base} (${args.seeded ? `a copy of ${args.seeded}` : 'fresh PGlite'} in ${dataDir}) up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
  );

  const offsets: OffsetSample[] = [await measureOffset(base, 5)];
  const draws = new Map<string, Map<string, Draw>>(games.map((g) => [g, new Map()]));
  const offsetNow = () => median(offsets.map((o) => o.offset));
  const refreshDraws = async () => {
    for (const g of games) {
      const known = draws.get(g)!;
      const latest = Math.max(0, ...[...known.values()].map((d) => d.drawAt));
      if (latest > Date.now() + offsetNow()) continue; // still before that draw
      const d = await nextDraw(base, g);
      known.set(d.issue, d);
    }
  };
  await refreshDraws();

  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const context = await browser.newContext({ ...devices['Desktop Chrome'], locale: 'en-US' });
  const page = await context.newPage();
  const menuRequests: MenuRequest[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === MENU_PATH)
      menuRequests.push({ t: Date.now(), prizeMode: url.searchParams.get('prizeMode') });
  });
  await page.goto(`${base}/lotteryCenter`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'E-lottery', exact: true }).click({ timeout: 30_000 });
  for (const g of games)
    await page
      .locator(`a[href*="gameCode=${g}"]`)
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => {
        throw new Error(`the E-lottery list shows no row for ${g}`);
      });
  await page.evaluate(watchCountdowns(games));
  await page.evaluate(watchProbes(games.map((code) => ({ kind: 'widget' as const, code }))));
  // Each game's betting page in its own tab (Playwright's pages all count as visible).
  const gamePages: Page[] = [];
  for (const g of games) {
    const p = await context.newPage();
    await p.goto(`${base}/lottery?gameCode=${g}`, { waitUntil: 'domcontentloaded' });
    await p.getByRole('heading', { name: 'Results', exact: true }).waitFor({ timeout: 30_000 });
    await p.evaluate(
      watchProbes([
        { kind: 'header', code: g },
        { kind: 'results', code: g },
      ]),
    );
    gamePages.push(p);
  }
  // When the server revealed each draw (local ms), polled every 200 ms.
  const revealed = new Map<string, number>();
  const results = new Map<string, { code: string; issue: string; drawAt: number; winningNumber: string }>();
  let polling = true;
  const pollOpened = async () => {
    while (polling) {
      const t0 = Date.now();
      for (const g of games) {
        const res = await fetch(`${base}${OPENED_PATH}?gameCode=${g}&count=1`, { headers: HEADERS }).catch(
          () => null,
        );
        const body = (await res?.json().catch(() => null)) as {
          data?: { list: { issue: string; drawTime: string; winningNumber: string }[] };
        } | null;
        const r = body?.data?.list[0];
        if (!r || revealed.has(`${g}|${r.issue}`)) continue;
        revealed.set(`${g}|${r.issue}`, Date.now());
        results.set(`${g}|${r.issue}`, {
          code: g,
          issue: r.issue,
          drawAt: Date.parse(r.drawTime),
          winningNumber: r.winningNumber,
        });
      }
      await sleep(Math.max(0, 200 - (Date.now() - t0)));
    }
  };
  const poller = pollOpened();
  const from = Date.now();
  const to = from + minutes * 60_000;
  console.log(
    `Watching from ${new Date(from).toISOString()}; clock offset ${offsets[0]!.offset.toFixed(1)} ms ` +
      `(round trip ${offsets[0]!.rtt} ms)`,
  );

  const changes: Change[] = [];
  const probeChanges: ProbeChange[] = [];
  const pull = async () => {
    changes.push(
      ...(await page.evaluate(() =>
        (window as unknown as { __countdownLog: Change[] }).__countdownLog.splice(0),
      )),
    );
    for (const p of [page, ...gamePages])
      probeChanges.push(
        ...(await p.evaluate(() =>
          (window as unknown as { __probeLog: ProbeChange[] }).__probeLog.splice(0),
        )),
      );
  };
  let tick = 0;
  while (Date.now() < to) {
    await sleep(Math.min(1000, to - Date.now()));
    tick += 1;
    await refreshDraws();
    if (tick % 10 === 0) await pull();
    if (tick % 60 === 0) {
      offsets.push(await measureOffset(base));
      console.log(
        `  ${Math.round((Date.now() - from) / 60_000)} min: ${changes.length} countdown changes, ` +
          `${menuRequests.length} menu requests`,
      );
    }
  }
  await pull();
  polling = false;
  await poller;
  // The draw that was on sale at the end, for the last edges.
  await refreshDraws();

  const offset = offsetNow();
  const figures = games.map((g) =>
    analyse(
      g,
      changes.filter((c) => c.code === g),
      [...draws.get(g)!.values()],
      offset,
      from,
      to,
    ),
  );

  // Menu refreshes: the Elott requests after the first one (the category change loads it; the timer the rest).
  const elott = menuRequests.filter((r) => r.prizeMode === 'Elott' && r.t >= from - 60_000);
  const intervals = elott.slice(1).map((r, i) => (r.t - elott[i]!.t) / 1000);
  const minInterval = Math.min(...intervals);
  const maxInterval = Math.max(...intervals);

  const header = [
    'game',
    'edges',
    'mean |drift| ms',
    'p95 |drift| ms',
    'max |drift| ms',
    'mean drift ms',
    'first→last min ms',
    'backwards',
    'skipped s',
    'wrong value',
    'draws crossed',
  ];
  const mean = (xs: number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
  const rows = figures.map((f) => {
    const abs = f.drifts.map(Math.abs).sort((a, b) => a - b);
    return [
      f.code,
      String(f.drifts.length),
      mean(abs).toFixed(0),
      percentile(abs, 95).toFixed(0),
      (abs.at(-1) ?? Number.NaN).toFixed(0),
      mean(f.drifts).toFixed(0),
      // Does the lag grow? The mean drift of the last minute minus that of the first.
      (
        mean(f.drifts.filter((_, i) => f.at[i]! >= to - 60_000)) -
        mean(f.drifts.filter((_, i) => f.at[i]! < from + 60_000))
      ).toFixed(0),
      String(f.backwards),
      String(f.skipped),
      String(f.wrongValue),
      String(f.drawsCrossed),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c.map((v, i) => (i >= 1 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));

  const within =
    intervals.length === 0
      ? 'no refresh seen'
      : minInterval >= MIN_REFRESH_MS / 1000 && maxInterval <= (MAX_REFRESH_MS + REFRESH_SLACK_MS) / 1000
        ? 'yes'
        : 'NO';
  console.log(
    `\nMenu requests: ${menuRequests.length} (${elott.length} Elott); menu refreshes ${intervals.length}, ` +
      `interval min ${intervals.length ? minInterval.toFixed(2) : '—'} s, max ${intervals.length ? maxInterval.toFixed(2) : '—'} s; ` +
      `within ${MIN_REFRESH_MS / 1000}–${MAX_REFRESH_MS / 1000} s (+${REFRESH_SLACK_MS} ms round trip): ${within}`,
  );
  const offsetValues = offsets.map((o) => o.offset);
  console.log(
    `Clock offset (server − local, ${offsets.length} measures): median ${offset.toFixed(1)} ms, ` +
      `range ${Math.min(...offsetValues).toFixed(1)} … ${Math.max(...offsetValues).toFixed(1)} ms; ` +
      `same host, so its error is that of the measure (≤ half a round trip, ${Math.min(...offsets.map((o) => o.rtt)) / 2} ms)`,
  );
  for (const f of figures) {
    const notes = [
      f.backwards > 0 ? `went backwards ${f.backwards}×` : 'never went backwards',
      f.skipped > 0 ? `skipped ${f.skipped} s` : 'never skipped a second',
      `${f.saleStarts} new sales shown after a draw`,
    ];
    if (f.byPoll > 0) notes.push(`${f.byPoll} changes seen only by the 100 ms poll`);
    console.log(`${f.code}: ${notes.join('; ')}`);
  }
  console.log(
    'edges: displayed second changes (v+1 → v, or a skip); drift = displayed change − due edge ' +
      '(lockTime − offset − (v+1) s), positive when late; first→last min: mean drift of the last minute − of the ' +
      'first (a growing lag shows here); wrong value: a change showing other than the server ' +
      'would at that instant.',
  );

  // ---- Results on screen ----
  const kinds: ProbeKind[] = ['widget', 'header', 'results'];
  console.log(
    `\nResult on screen after draw (target ${RESULT_TARGET_S} s): the draw time (server clock) → the first moment ` +
      'the widget row / the betting page shows that issue (its DB and G1 numbers; the Results list its issue); ' +
      `"server": when ${OPENED_PATH} first listed it (polled every 200 ms)`,
  );
  const fmt = (ms: number | undefined) => (ms === undefined ? 'not shown' : `${(ms / 1000).toFixed(1)} s`);
  for (const g of games) {
    const drawn = [...results.values()]
      .filter((r) => r.code === g)
      .filter((r) => r.drawAt - offset > from && r.drawAt - offset <= to - RESULT_TAIL_MS)
      .sort((a, b) => a.drawAt - b.drawAt);
    const delays: Record<ProbeKind | 'server', number[]> = {
      widget: [],
      header: [],
      results: [],
      server: [],
    };
    for (const r of drawn) {
      const drawLocal = r.drawAt - offset;
      const server = revealed.get(`${g}|${r.issue}`)! - drawLocal;
      delays.server.push(server);
      const parts = kinds.map((kind) => {
        const seen = probeChanges.find(
          (c) => c.kind === kind && c.code === g && showsResult(kind, c.text, r),
        );
        const ms = seen ? seen.t - drawLocal : undefined;
        if (ms !== undefined) delays[kind].push(ms);
        return `${PROBE_NAMES[kind]} ${fmt(ms)}`;
      });
      console.log(
        `  ${g} ${r.issue}: result on screen after draw: ${parts.join(', ')} (target ${RESULT_TARGET_S} s); ` +
          `server ${fmt(server)}`,
      );
    }
    if (drawn.length === 0) {
      console.log(`  ${g}: no draw in the window`);
      continue;
    }
    const summary = (xs: number[], n: number) =>
      xs.length === 0
        ? 'never shown'
        : `mean ${fmt(mean(xs))}, max ${fmt(Math.max(...xs))}` +
          (xs.length < n ? ` (${n - xs.length} not shown)` : '');
    console.log(
      `  ${g}, ${drawn.length} draws: ` +
        kinds.map((k) => `${PROBE_NAMES[k]} ${summary(delays[k], drawn.length)}`).join('; ') +
        ` — target ${RESULT_TARGET_S} s; server ${summary(delays.server, drawn.length)}`,
    );
  }
} catch (e) {
  console.error(`Not measured: ${e instanceof Error ? e.message : e}`);
  process.exitCode = 1;
} finally {
  await runCleanups();
}
