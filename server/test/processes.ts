// Real server processes for the tests that need one (a second writer, shutdown, several replicas).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** What it wrote to stderr so far. */
  stderr(): string;
  exited: Promise<{ code: number | null; stderr: string }>;
}

/**
 * `tsx server/main.ts` as an operator starts it (development, API only, on 127.0.0.1, no past draws) with `env` on
 * top.
 */
export function startServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PORTICO_DIST_DIR: '',
      // The processes tests check starts, stops and writers, not the demo's past draws.
      PORTICO_DEMO_HISTORY_DAYS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = once(child, 'exit').then(([code]) => ({ code: code as number | null, stderr }));
  return { child, port, stderr: () => stderr, exited };
}

/** Waits until `path` answers 2xx; fails at once if the process exits first. */
export async function answering(s: ServerProcess, path: string, headers: Record<string, string> = {}) {
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`the server exited ${s.child.exitCode}: ${s.stderr()}`);
    const res = await fetch(`http://127.0.0.1:${s.port}${path}`, { headers }).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}
