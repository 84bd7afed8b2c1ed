// `npm test`: the whole suite, its stages run side by side where they do not depend on each other.
//
// On a 2-CPU runner the sequence lint → typecheck → i18n → vitest → soak → build + Playwright took ~36 min: the soak
// and Vitest each keep about one CPU busy, while Playwright mostly waits on pages and timers (~0.3 CPU). So:
//
//   soak ──────────────────────────────────────────────────────────────▶  (server only: reads no catalogue)
//   lint ‖ typecheck ‖ i18n:check ─┬─ build → Playwright ─────────────▶
//                                  └─ vitest (server + web) [→ server suite on PostgreSQL] ▶
//
// i18n:check rewrites the .po catalogues, which the build and the web tests compile, so both wait for it. The
// CPU-bound stages (soak, Vitest) run at a lower priority: Playwright's browser and server then get the CPU as soon
// as they need it and its pages are not slowed by the batch work beside them.
//
// With TEST_DATABASE_URL set (CI does), the server suite runs once more on that PostgreSQL after the PGlite run.
// Each stage's output is kept in .tmp/test-logs/<stage>.log and printed whole when the stage ends (so the suites'
// counts stay readable); the first failure stops the others.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';

const LOGS = join('.tmp', 'test-logs');
mkdirSync(LOGS, { recursive: true });
const started = Date.now();
const since = (t) => `${((Date.now() - t) / 1000).toFixed(0)} s`;

/** Running stages by name → child process (each the leader of its own process group). */
const running = new Map();
const timings = [];
let failed = false;

/** Runs one command as a stage; resolves when it passed, rejects (after stopping the others) when it failed. */
function stage(name, command, { env = {}, batch = false } = {}) {
  if (failed) return Promise.reject(new Error('stopped'));
  const t = Date.now();
  const file = join(LOGS, `${name}.log`);
  const out = createWriteStream(file);
  console.log(`▶ ${name} (${since(started)} in): ${command}`);
  const child = spawn(command, {
    shell: true,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  if (batch) {
    try {
      // Children spawned later (Vitest's workers, the soak's server) inherit it.
      setPriority(child.pid, 10);
    } catch {
      // not allowed here: same priority, still correct
    }
  }
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  running.set(name, child);
  return new Promise((resolve, reject) => {
    child.on('close', (code, signal) => {
      running.delete(name);
      out.end(() => {
        const ok = code === 0;
        const took = since(t);
        timings.push({ name, took, ok: ok ? 'passed' : failed ? 'stopped' : 'FAILED' });
        if (failed && !ok) {
          console.log(`■ ${name} stopped after ${took}`);
          return reject(new Error('stopped'));
        }
        console.log(
          `\n──────── ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${took}`,
        );
        process.stdout.write(readFileSync(file, 'utf8'));
        console.log(`──────── end of ${name}\n`);
        if (ok) return resolve();
        stopAll();
        reject(new Error(`${name} failed`));
      });
    });
  });
}

function stopAll() {
  failed = true;
  for (const child of running.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

const postgres = process.env.TEST_DATABASE_URL;
const lanes = [
  stage('soak', 'npm run --silent test:soak', { batch: true }),
  Promise.all([
    stage('lint', 'npm run --silent lint'),
    stage('typecheck', 'npm run --silent typecheck'),
    stage('i18n', 'npm run --silent i18n:check'),
  ]).then(() =>
    Promise.all([
      stage('e2e', 'npm run --silent test:e2e'),
      stage('unit', 'npm run --silent test:unit', { batch: true }).then(() =>
        postgres
          ? stage('server-postgres', 'npm run --silent test:server', {
              env: { DATABASE_URL: postgres },
              batch: true,
            })
          : undefined,
      ),
    ]),
  ),
];

const results = await Promise.allSettled(lanes);
console.log(`stages (wall time each, side by side where they could be):`);
for (const { name, took, ok } of timings) console.log(`  ${name.padEnd(16)} ${took.padStart(6)}  ${ok}`);
const ok = results.every((r) => r.status === 'fulfilled');
console.log(`npm test: ${ok ? 'all passed' : 'FAILED'} in ${since(started)}`);
process.exit(ok ? 0 : 1);
