// The real server for the browser benches: `node --import tsx server/main.ts` (what `npm run serve` runs) on a
// throwaway PGlite folder, a free port and 127.0.0.1, serving a built SPA; stopped and removed by the clean-ups.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MERCHANT_HEADER } from '../contract/merchant.ts';
import { type Cleanups, freePort } from './postgres.ts';

export const ROOT = resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the server on `dist` and waits for /wps/system/status; returns its base URL and process. */
export async function startPortal(
  cleanups: Cleanups,
  dist: string,
  merchant = 'PORTICO',
): Promise<{ base: string; child: ChildProcess }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-server-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      // The demo portal (demo data, as `npm start`): Vite's build in this process sets NODE_ENV=production, which a
      // server would take for a production start with no merchant.
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PORTICO_DATA_DIR: dataDir,
      PORTICO_DIST_DIR: resolve(ROOT, dist),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // A crash of the bench must not leave the server running.
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  cleanups.push(async () => {
    process.off('exit', kill);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM'); // the server closes its database on SIGTERM
    if (await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])) return;
    child.kill('SIGKILL');
    await exited;
  });

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${stderr}`);
    try {
      const res = await fetch(`${base}/wps/system/status`, { headers: { [MERCHANT_HEADER]: merchant } });
      if (res.ok) return { base, child };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer /wps/system/status within 120 s:\n${stderr}`);
}
