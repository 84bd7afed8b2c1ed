// Soak: random concurrent wallet operations against the real server, killed (SIGKILL) at a random point and
// restarted on the same PGlite folder; the operations that failed on the network are tried again with their own
// request ids; then the audit chain (GET /ops/audit/verify) and the books (double entry, balances = entries, no
// member below zero, payment orders agreeing with their money: scripts/soak/verify.ts) are checked. Exits non-zero
// on any violation, server error (5xx) or operation still failing on the network.
//
//   npm run test:soak [-- --ops 10000 --concurrency 50 --members 50 --seed 1]
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../bench/postgres.ts';
import { openDatabase } from '../server/db/client.ts';
import { http, NetworkError, ServerError } from './soak/http.ts';
import { makeOps, type Op, type Outcome, random, refusalSamples, run, setUp } from './soak/operations.ts';
import { type SoakServer, startServer } from './soak/server.ts';
import { checkBooks } from './soak/verify.ts';

const { values: args } = parseArgs({
  options: {
    ops: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '50' },
    members: { type: 'string', default: '50' },
    seed: { type: 'string', default: '1' },
  },
});
const count = Number(args.ops);
const concurrency = Number(args.concurrency);
const memberCount = Number(args.members);
const rnd = random(Number(args.seed));

const started = Date.now();
// A process killed loses nothing the kernel holds, on any file system: memory-backed is as good a test, and faster.
const dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'portico-soak-'));
const opsToken = randomBytes(24).toString('hex');
const place = { port: await freePort(), dataDir, opsToken };
let server: SoakServer = await startServer(place);
console.log(`soak: server up in ${((Date.now() - started) / 1000).toFixed(1)} s (PGlite in ${dataDir})`);
const send = http(() => server.base);

const world = await setUp(send, memberCount, opsToken);
const cpuAtStart = server.cpuSeconds();
const ops = makeOps(rnd, count, memberCount);
const killAt = rnd.int(Math.floor(count * 0.3), Math.floor(count * 0.7));
console.log(
  `soak: ${memberCount} members ready in ${((Date.now() - started) / 1000).toFixed(1)} s; ${count} operations, ` +
    `${concurrency} at a time, the server is killed at op ${killAt}`,
);

/** `kind outcome` → how many. */
const outcomes = new Map<string, number>();
const serverErrors: string[] = [];
let failedOnNetwork = 0;
let retried = 0;
let kills = 0;
let pending: Op[] = [];
/** Resolved while the server is up; a restart replaces it, and every worker waits for it before its next call. */
let up: Promise<void> = Promise.resolve();

/** CPU seconds of the servers that are gone (killed, stopped). */
let cpuBefore = 0;
async function restart() {
  kills += 1;
  cpuBefore += server.cpuSeconds();
  await server.kill();
  server = await startServer(place);
}

let done = 0;
async function attempt(op: Op) {
  done += 1;
  if (done % 1000 === 0)
    console.log(`soak: ${done} operations started, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  try {
    const result: Outcome = await run(send, world, op);
    const key = `${op.kind} ${result}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  } catch (err) {
    if (err instanceof NetworkError) {
      failedOnNetwork += 1;
      pending.push(op);
    } else if (err instanceof ServerError) serverErrors.push(`op ${op.i} ${op.kind}: ${err.message}`);
    else throw err;
  }
}

async function drain(queue: Op[], killing: boolean) {
  let next = 0;
  const worker = async () => {
    for (let op = queue[next++]; op; op = queue[next++]) {
      if (killing && op.i === killAt) up = restart();
      await up;
      await attempt(op);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

await drain(ops, true);
// What failed while the server was down, again with the same request ids (a second failure goes round again).
for (let round = 0; pending.length > 0 && round < 5; round += 1) {
  const again = pending;
  pending = [];
  retried += again.length;
  await drain(again, false);
}

const audit = await send('GET', '/ops/audit/verify', world.operator(0));
const serverCpu = cpuBefore + server.cpuSeconds();
await server.stop();
const database = await openDatabase({ kind: 'pglite', dataDir });
const books = await checkBooks(database);
await database.close();

const ok = [...outcomes].filter(([k]) => k.endsWith(' ok')).reduce((s, [, n]) => s + n, 0);
const byKind = [...outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k} ×${n}`);
console.log(`soak: by kind and outcome: ${byKind.join(', ')}`);
for (const [key, sample] of refusalSamples) console.log(`soak: refused ${key}, e.g. ${sample}`);
const problems = [
  ...serverErrors,
  ...books.violations,
  ...(audit.body?.value?.ok ? [] : [`audit chain broken: ${JSON.stringify(audit.body).slice(0, 300)}`]),
  ...(pending.length ? [`${pending.length} operations still failing on the network`] : []),
  ...(ok === 0 ? ['no operation succeeded'] : []),
];
console.log(
  `soak: ${count} operations (${ok} done, ${count - ok - pending.length - serverErrors.length} refused by rule), ` +
    `${kills} killed mid-run ` +
    `at op ${killAt}, ${failedOnNetwork} failed (network) retried ${retried}, ` +
    `${serverErrors.length} server errors, ledger ${books.violations.length ? 'BROKEN' : 'ok'} ` +
    `(${books.transactions} transactions, ${books.entries} entries), ` +
    `audit ${audit.body?.value?.ok ? 'ok' : 'BROKEN'} (rows ${audit.body?.value?.rows ?? '?'}), ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s (server CPU ${serverCpu.toFixed(0)} s, ${(((serverCpu - cpuAtStart) * 1000) / count).toFixed(0)} ms an operation)`,
);
if (problems.length > 0) {
  for (const p of problems.slice(0, 30)) console.error(`  ✗ ${p}`);
  console.error(`soak: FAILED; the data folder is kept in ${dataDir}\n${server.log()}`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
