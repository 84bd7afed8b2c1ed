// The real server for the soak: `node --import tsx server/main.ts` (the process itself, so SIGKILL reaches it, not
// a wrapper), on a given port and PGlite folder, with the operator token and proxy addresses trusted (each soak
// member calls from its own address, as many visitors would).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MERCHANT_HEADER } from '../../contract/merchant.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SoakServer {
  base: string;
  /** SIGKILL: no shutdown, no flush; resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the server closes its database. */
  stop(): Promise<void>;
  /** The end of what it wrote to stderr (for a failure's report). */
  log(): string;
  /** CPU seconds the process has used so far (Linux; 0 elsewhere): the load the run put on the server. */
  cpuSeconds(): number;
}

export async function startServer(o: {
  port: number;
  dataDir: string;
  opsToken: string;
}): Promise<SoakServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(o.port),
      HOST: '127.0.0.1',
      PORTICO_DATA_DIR: o.dataDir,
      PORTICO_OPS_TOKEN: o.opsToken,
      PORTICO_DIST_DIR: '',
      TRUST_PROXY: '1',
      DATABASE_URL: '',
      NODE_ENV: 'development',
      // Every withdrawal checks a payment password: at production's scrypt cost (2^17, ~0.35 s of CPU each) the
      // hashing, not the money paths under test, would fill the run. Production's cost: server/lib/password.test.ts.
      PORTICO_SCRYPT_N: '16384',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  // The soak failing must not leave a server behind.
  const orphan = () => alive() && child.kill('SIGKILL');
  process.once('exit', orphan);
  const base = `http://127.0.0.1:${o.port}`;
  const server: SoakServer = {
    base,
    async kill() {
      process.off('exit', orphan);
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      process.off('exit', orphan);
      if (!alive()) return;
      child.kill('SIGTERM');
      if (await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])) return;
      child.kill('SIGKILL');
      await exited;
    },
    log: () => stderr,
    cpuSeconds() {
      try {
        // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return 0;
      }
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${stderr}`);
    try {
      const res = await fetch(`${base}/wps/system/status`, { headers: { [MERCHANT_HEADER]: 'PORTICO' } });
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await server.kill();
  throw new Error(`the server did not answer /wps/system/status within 120 s:\n${stderr}`);
}
