// PostgreSQL for the benches: DATABASE_URL when set, else a throwaway cluster started with initdb/pg_ctl in a
// temporary folder (as user postgres when run as root); fresh databases in it that are dropped afterwards; and a
// stack of clean-ups that also runs on Ctrl-C or a crash, so no cluster is left running.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type Cleanup = () => Promise<void> | void;

/** Clean-ups run last-in first-out; `run` is safe to call more than once. */
export function cleanupStack() {
  const list: Cleanup[] = [];
  const run = async () => {
    while (list.length > 0) {
      const fn = list.pop()!;
      try {
        await fn();
      } catch (e) {
        console.error('cleanup failed:', e instanceof Error ? e.message : e);
      }
    }
  };
  process.on('SIGINT', () => {
    void run().then(() => process.exit(130));
  });
  // A crash must not leave a throwaway PostgreSQL cluster running.
  process.on('uncaughtException', (err) => {
    console.error(err);
    void run().then(() => process.exit(1));
  });
  return { push: (fn: Cleanup) => list.push(fn), run };
}
export type Cleanups = ReturnType<typeof cleanupStack>;

/** A PostgreSQL program on the PATH, else the newest one under /usr/lib/postgresql/<version>/bin. */
export function postgresBin(name: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    const root = '/usr/lib/postgresql';
    if (!existsSync(root)) return undefined;
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(root, v, 'bin', name))) return join(root, v, 'bin', name);
    return undefined;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a cluster in a temporary folder (as user postgres when run as root); returns an admin URL. */
export async function throwawayCluster(
  cleanups: Cleanups,
  maxConnections = 50,
): Promise<{ url?: string; why?: string }> {
  const initdb = postgresBin('initdb');
  const pgCtl = postgresBin('pg_ctl');
  if (!initdb || !pgCtl) return { why: 'DATABASE_URL is unset and initdb/pg_ctl are not installed' };
  const dir = mkdtempSync(join(tmpdir(), 'portico-bench-pg-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  let asUser: string[] = [];
  if (process.getuid?.() === 0) {
    // initdb refuses to run as root.
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
    asUser = ['runuser', '-u', 'postgres', '--'];
  }
  const run = (cmd: string, cmdArgs: string[]) => {
    const [file, ...rest] = [...asUser, cmd, ...cmdArgs];
    execFileSync(file!, rest, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  run(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c max_connections=${maxConnections}`;
  run(pgCtl, ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
  cleanups.push(() => run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']));
  const version = execFileSync(pgCtl, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`PostgreSQL: throwaway cluster (${version}) on 127.0.0.1:${port}`);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

/** DATABASE_URL, else a throwaway cluster; `why` says what is missing when neither is there. */
export async function adminUrl(cleanups: Cleanups, maxConnections?: number) {
  const url = process.env.DATABASE_URL;
  if (url) {
    console.log('PostgreSQL: DATABASE_URL');
    return { url };
  }
  return throwawayCluster(cleanups, maxConnections);
}

/** Creates database `name` next to `admin` (dropped by the clean-ups); returns its URL. */
export async function freshDatabase(admin: string, name: string, cleanups: Cleanups): Promise<string> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  cleanups.push(() => client.end());
  await client.query(`drop database if exists ${name}`);
  await client.query(`create database ${name}`);
  cleanups.push(async () => {
    // pool.end() resolves before its sockets are closed: a forced drop now would kill a closing client, whose
    // error event nobody listens to any more (an uncaught error). Wait for the bench's sessions to leave first.
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.query(`drop database if exists ${name} with (force)`);
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}
