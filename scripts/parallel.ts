// Runs lanes of npm scripts at the same time: each argument is a lane, its scripts separated by commas and run one
// after the other (each whatever the one before did). Every line of output is prefixed with its script's name; the
// exit is non-zero when any script failed, once all have finished (so one run reports every failure):
//   tsx scripts/parallel.ts test:e2e test:soak,test:postgres
// The Playwright suite mostly waits on its browser and on draw times (393 CPU-seconds in 14 minutes), so the soak
// and then the PostgreSQL suite, each of which keeps both CPUs busy, run in its idle time; one at a time beside it,
// not both, so that neither's timeouts meet a machine three times oversubscribed.
// The Vitest suites run before both lanes: beside the browser lane they took 1,385 s instead of ~494 s (28 Nov 2026),
// the browser lane's hydration, accessibility and phone specs keep its CPUs busier than its draw waits suggest.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const lanes = process.argv.slice(2).map((lane) => lane.split(',').filter(Boolean));
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  console.error('usage: tsx scripts/parallel.ts <npm script>[,<npm script>…] …');
  process.exit(2);
}
const width = Math.max(...lanes.flat().map((n) => n.length));
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);

interface Result {
  name: string;
  code: number;
  from: string;
  to: string;
}

const run = (name: string) =>
  new Promise<Result>((resolve) => {
    const from = seconds();
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `${name.padEnd(width)} │ `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
    }
    child.on('close', (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), from, to: seconds() }),
    );
  });

const runLane = async (lane: string[]) => {
  const results: Result[] = [];
  for (const name of lane) results.push(await run(name));
  return results;
};

const results = (await Promise.all(lanes.map(runLane))).flat();
for (const r of results)
  console.log(
    `${r.name}: ${r.code === 0 ? 'passed' : `failed (exit ${r.code})`}, from ${r.from} s to ${r.to} s`,
  );
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
