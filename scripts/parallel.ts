// Runs npm scripts at the same time, each line of their output prefixed with the script's name, and exits non-zero
// when any of them fails (after all have finished, so one run reports every failure):
//   tsx scripts/parallel.ts test:soak test:e2e
// The soak keeps the CPUs busy while the Playwright suite mostly waits on its browser and on draw times; run one
// after the other they took 20 of CI's 32 minutes.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: tsx scripts/parallel.ts <npm script> [<npm script> …]');
  process.exit(2);
}
const width = Math.max(...names.map((n) => n.length));
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);

const run = (name: string) =>
  new Promise<{ name: string; code: number; took: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `${name.padEnd(width)} │ `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
    }
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), took: seconds() }));
  });

const results = await Promise.all(names.map(run));
for (const r of results)
  console.log(`${r.name}: ${r.code === 0 ? 'passed' : `failed (exit ${r.code})`} in ${r.took} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
