import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/client.ts';
import { oneLine, ops } from './testing.ts';

describe('npm run ops -- init on a PGlite folder', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'portico-init-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const init = (passphrase: string, merchant = 'JADE') =>
    ops(
      ['init', '--merchant', merchant, '--name', 'Jade Club', '--domain', 'shop.example', '--admin', 'boss'],
      { PORTICO_DATA_DIR: dir },
      `${passphrase}\n`,
    );
  const PASSPHRASE = 'correct horse battery';

  it('refuses a weak passphrase before touching the database', async () => {
    const run = await init('short');
    expect(run.code).toBe(1);
    oneLine(run, 'ops: passphrase: At least 10 characters');
  });

  // Several processes each open a PGlite folder (a fresh one migrates): a generous timeout for a busy runner.
  it('migrates an empty folder, creates the merchant and its ADMIN from a piped passphrase, then refuses again', async () => {
    const run = await init(PASSPHRASE);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Merchant JADE is served on shop.example (${dir})`);

    // While a server holds the folder, init says so and does nothing.
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const held = await init(PASSPHRASE, 'OTHER');
      expect(held.code).toBe(1);
      oneLine(held, `ops: the data folder ${dir} is in use by process ${process.pid}`);

      const app = await buildApp({ db: database.db });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/ops/login',
          payload: { username: 'boss', password: PASSPHRASE },
        });
        expect(login.statusCode).toBe(200);
        expect(login.json().value.operator).toMatchObject({
          username: 'boss',
          role: 'ADMIN',
          merchants: '*',
        });
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }

    const twice = await init(PASSPHRASE, 'OTHER');
    expect(twice.code).toBe(1);
    oneLine(twice, 'ops: This database already has merchants (JADE): init is for an empty database');
  }, 180_000);
});
