import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { LOCK_FILE } from './db/folderLock.ts';
import { answering, freePort, type ServerProcess, startServer } from './test/processes.ts';

const dataDir = realpathSync(mkdtempSync(join(tmpdir(), 'portico-main-')));

/** The server on PGlite in `dataDir` (development: demo data). */
const startOnFolder = async () =>
  startServer(await freePort(), { PORTICO_DATA_DIR: dataDir, DATABASE_URL: '' });

const connectable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket
      .once('connect', () => {
        socket.destroy();
        resolve(true);
      })
      .once('error', () => resolve(false));
  });

let port = 0;
let first: ServerProcess;
const orphans: ChildProcess[] = [];

beforeAll(async () => {
  // From the suite's migrated, seeded template when there is one: a fresh folder takes ~15 s to set up.
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const copy = await openDatabase({
      kind: 'pglite',
      dataDir,
      loadDataDir: new Blob([readFileSync(template.file)]),
    });
    await copy.close();
  }
  first = await startOnFolder();
  port = first.port;
  orphans.push(first.child);
  // Ready once it answers (a fresh folder is migrated and seeded first).
  await answering(first, '/wps/system/status', { merchant: 'PORTICO' });
  // Without a PGlite template (the PostgreSQL lane) the folder is migrated and seeded, a week of draws included,
  // while the browser lane shares the machine's CPUs: 60 s ran out once there (a start, not a speed, is tested).
}, 180_000);

afterAll(() => {
  for (const child of orphans)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses to be a second writer on a PGlite folder: exit 1, one line naming the folder and the owner', async () => {
    const second = await startOnFolder();
    orphans.push(second.child);
    const { code, stderr } = await second.exited;
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      `portico: the data folder ${dataDir} is in use by process ${first.child.pid} (since `,
    );
    // The first one still serves.
    expect(await connectable(port)).toBe(true);
  });

  it('on SIGTERM answers the requests in flight, then exits 0 and frees the folder', async () => {
    // Requests whose headers arrived (the server said 100 Continue) but whose bodies come after the signal.
    const inFlight = await Promise.all(
      [1, 2].map(async () => {
        const req = request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/wps/session/login/freeplay',
          headers: {
            merchant: 'PORTICO',
            'content-type': 'application/json',
            'content-length': 2,
            expect: '100-continue',
          },
        });
        const answer = once(req, 'response').then(async ([res]) => {
          let body = '';
          for await (const chunk of res) body += chunk;
          return { status: res.statusCode as number, body: JSON.parse(body) };
        });
        req.flushHeaders();
        await once(req, 'continue');
        return { req, answer };
      }),
    );
    first.child.kill('SIGTERM');
    // Closing: new connections are refused, and still the requests in flight are answered.
    while (await connectable(port)) await new Promise((r) => setTimeout(r, 50));
    for (const { req } of inFlight) req.end('{}');
    for (const { answer } of inFlight)
      expect(await answer).toMatchObject({
        status: 200,
        body: { success: true, value: { token: expect.any(String) } },
      });
    expect((await first.exited).code).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });
});
