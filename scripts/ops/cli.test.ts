import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { auditLog, ledgerTransactions, members } from '../../server/db/schema/index.ts';
import { createAuditLog } from '../../server/modules/audit/log.ts';
import { createLedger } from '../../server/modules/wallet/ledger.ts';
import { type TestApp, testApp } from '../../server/test/app.ts';
import { COMMANDS } from './commands.ts';
import { oneLine, ops } from './testing.ts';

describe('ops CLI: help and usage', () => {
  it('--help lists every command of the table, and exits 0', async () => {
    for (const flag of ['--help', '-h']) {
      const run = await ops([flag]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^usage: npm run ops -- <command>/);
      for (const name of Object.keys(COMMANDS)) expect(run.stdout).toContain(`\n  ${name}`);
    }
  });

  it('<command> --help prints its usage line and options from the table', async () => {
    const approve = await ops(['approve', '--help']);
    expect(approve.code).toBe(0);
    expect(approve.stdout).toContain('usage: npm run ops -- approve <id> [--remark TEXT]');
    expect(approve.stdout).toContain('--server URL');
    const init = await ops(['init', '-h']);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(
      'usage: npm run ops -- init --merchant CODE --name NAME --domain DOMAIN --admin USERNAME [--data-dir DIR]',
    );
  });

  it('an unknown command or option, or a missing argument, prints a usage line and exits 2', async () => {
    const unknown = await ops(['frobnicate']);
    expect(unknown.code).toBe(2);
    oneLine(unknown, 'ops: unknown command "frobnicate"');
    expect(unknown.stderr).toContain('usage: npm run ops --');

    const option = await ops(['approve', '12', '--bogus']);
    expect(option.code).toBe(2);
    oneLine(option, "ops: Unknown option '--bogus'");
    expect(option.stderr).toContain('usage: npm run ops -- approve <id> [--remark TEXT]');

    const missing = await ops(['maintenance', 'LOTUS']);
    expect(missing.code).toBe(2);
    oneLine(missing, 'ops: missing on|off');

    const extra = await ops(['operators', 'now']);
    expect(extra.code).toBe(2);
    oneLine(extra, 'ops: unexpected argument "now"');

    const nothing = await ops([]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('usage: npm run ops -- <command>');
  });

  it('never takes a passphrase from the command line', async () => {
    for (const flag of ['--passphrase', '--password']) {
      const run = await ops([
        'init',
        '--merchant',
        'JADE',
        '--name',
        'Jade',
        '--domain',
        'a.example',
        '--admin',
        'boss',
        flag,
        'correct horse battery',
      ]);
      expect(run.code).toBe(2);
      oneLine(run, `ops: Unknown option '${flag}'`);
    }
    // operator:add's third argument is the merchants granted, not a password.
    expect(COMMANDS['operator:add']!.args).toBe('<username> <role> [merchants]');
  });

  it('a call without PORTICO_OPS_TOKEN, or to no server, fails in one line with exit 1', async () => {
    const noToken = await ops(['approve', '12']);
    expect(noToken.code).toBe(1);
    oneLine(noToken, 'ops: set PORTICO_OPS_TOKEN to the token the server was started with');

    // A port nothing listens on: one just freed.
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as AddressInfo;
    await new Promise((r) => probe.close(r));
    const refused = await ops(['approve', '12', '--server', `http://127.0.0.1:${port}`], {
      PORTICO_OPS_TOKEN: 'x',
    });
    expect(refused.code).toBe(1);
    oneLine(refused, `ops: cannot reach http://127.0.0.1:${port} (ECONNREFUSED): is the server running?`);
  });
});

describe('ops CLI against a running server', () => {
  const TOKEN = 'ops-cli-test-token';
  let t: TestApp;
  let env: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    t = await testApp({ opsToken: TOKEN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    env = { PORTICO_OPS_TOKEN: TOKEN, PORTICO_URL: `http://127.0.0.1:${port}` };
    dir = mkdtempSync(join(tmpdir(), 'portico-ops-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints a reply as JSON, and an error envelope as one line with exit 1', async () => {
    const ok = await ops(['audit:verify'], env);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ success: true, value: { ok: true } });

    const notFound = await ops(['approve', '999999'], env);
    expect(notFound.code).toBe(1);
    oneLine(notFound, /^ops: .+ \(404 NOT_FOUND\)$/);

    const wrongToken = await ops(['operators'], { ...env, PORTICO_OPS_TOKEN: 'wrong' });
    expect(wrongToken.code).toBe(1);
    oneLine(wrongToken, 'ops: Operator login required (401 UNAUTHORIZED)');
  });

  // Several processes each open a PGlite folder (a fresh one migrates): a generous timeout for a busy runner.
  it('backs up the serving database, and restores it into a folder where the ledger and audit chain hold', async () => {
    const file = join(dir, 'portico.tar.gz');
    const target = join(dir, 'data');
    if (t.database.kind === 'postgres') {
      const run = await ops(['backup', file], env);
      expect(run.code).toBe(1);
      oneLine(run, /pg_dump -Fc/);
      return;
    }
    const db = t.database.db;
    const ledger = createLedger(db);
    const [player] = await db.select().from(members).where(eq(members.account, 'player01'));
    const house = await ledger.wallet('PORTICO', null, 'HOUSE_CASH');
    const main = await ledger.wallet('PORTICO', player!.id, 'MAIN');
    let n = 0;
    const move = () =>
      ledger.post('PORTICO', `backup-test-${++n}`, 'DEPOSIT', [
        { walletId: house, amount: -100n },
        { walletId: main, amount: 100n },
      ]);
    for (let i = 0; i < 5; i++) await move();
    // Audited: two refused operator logins.
    for (const password of ['nope-1', 'nope-2'])
      await t.app.inject({ method: 'POST', url: '/ops/login', payload: { username: 'admin', password } });
    const acknowledged = await db.$count(ledgerTransactions);
    const audited = await db.$count(auditLog);

    // Money keeps moving while the backup is taken.
    const backingUp = ops(['backup', file], env);
    let running = true;
    const traffic = (async () => {
      // Each movement then a turn of the event loop, so the server's socket is served meanwhile.
      while (running) {
        await move();
        await new Promise((r) => setImmediate(r));
      }
    })();
    const backup = await backingUp;
    running = false;
    await traffic;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .+portico\.tar\.gz \(\d+ bytes\)/);
    expect((await ops(['backup', file], env)).code).toBe(1); // never over an existing file unprompted

    const restore = await ops(['restore', file, '--data-dir', target]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored .+ into .+ \(2 merchants, \d+ members, \d+ audit rows\)/);

    const copy = await openDatabase({ kind: 'pglite', dataDir: target });
    try {
      const breaches = await copy.db.execute(sql`
        select w.id from wallets w left join ledger_entries e on e.wallet_id = w.id
        group by w.id, w.balance having w.balance <> coalesce(sum(e.amount), 0)`);
      expect((breaches as unknown as { rows: unknown[] }).rows).toEqual([]);
      expect(await copy.db.$count(ledgerTransactions)).toBeGreaterThanOrEqual(acknowledged);
      const chain = await createAuditLog(copy.db).verify();
      expect(chain).toMatchObject({ ok: true });
      expect(chain.rows).toBeGreaterThanOrEqual(audited);
      expect(await copy.db.$count(auditLog, eq(auditLog.action, 'OPS_LOGIN_FAILED'))).toBeGreaterThanOrEqual(
        2,
      );
    } finally {
      await copy.close();
    }
    // The source recorded who took the backup.
    expect(await db.$count(auditLog, eq(auditLog.action, 'OPS_BACKUP'))).toBe(1);

    // A folder in use or not empty is not replaced unless asked; then it is kept aside.
    const again = await ops(['restore', file, '--data-dir', target]);
    expect(again.code).toBe(1);
    oneLine(again, /is not empty: restore into another --data-dir, or --force/);
    const forced = await ops(['restore', file, '--data-dir', target, '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('The folder it replaced is');
    expect(readdirSync(dir).some((f) => f.startsWith('data.replaced-'))).toBe(true);
    expect(existsSync(join(target, 'PG_VERSION'))).toBe(true);
  }, 180_000);
});
