import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { startBanner } from '../banner.ts';
import { createAuditLog } from '../modules/audit/log.ts';
import { scratchPostgres } from '../test/app.ts';
import { initialize } from './bootstrap.ts';
import { type Database, migrateDatabase, openDatabase } from './client.ts';
import { auditLog } from './schema/index.ts';
import { demoHistoryDays, seedFor, seedMode } from './seed/index.ts';

/** A migrated database with nothing in it (the test template is seeded): PGlite in memory, or a new PostgreSQL one. */
async function emptyDatabase(): Promise<Database> {
  const tpl = inject('dbTemplate');
  const database =
    tpl.kind === 'pglite' ? await openDatabase({ kind: 'pglite' }) : await scratchPostgres(tpl.url);
  await migrateDatabase(database);
  return database;
}

describe('seeding decision (PORTICO_SEED)', () => {
  it('seeds the demo by default outside production, nothing by default in production', () => {
    expect(seedMode({})).toBe('demo');
    expect(seedMode({ NODE_ENV: 'development' })).toBe('demo');
    expect(seedMode({ NODE_ENV: 'production' })).toBe('none');
    expect(seedMode({ NODE_ENV: 'production', PORTICO_SEED: '' })).toBe('none');
    expect(seedMode({ PORTICO_SEED: 'none' })).toBe('none');
    expect(seedMode({ NODE_ENV: 'production', PORTICO_SEED: 'demo' })).toBe('demo');
    expect(() => seedMode({ PORTICO_SEED: 'yes' })).toThrow('PORTICO_SEED must be demo or none, got "yes"');
  });

  it('draws a week of past lottery draws unless PORTICO_DEMO_HISTORY_DAYS says otherwise (0–90)', () => {
    expect(demoHistoryDays({})).toBe(7);
    expect(demoHistoryDays({ PORTICO_DEMO_HISTORY_DAYS: '0' })).toBe(0);
    expect(demoHistoryDays({ PORTICO_DEMO_HISTORY_DAYS: ' 90 ' })).toBe(90);
    for (const bad of ['91', '-1', '2.5', 'week'])
      expect(() => demoHistoryDays({ PORTICO_DEMO_HISTORY_DAYS: bad })).toThrow(
        `PORTICO_DEMO_HISTORY_DAYS must be a whole number of days from 0 to 90, got "${bad}"`,
      );
  });

  it('prints demo logins only where the demo data is, and the init command on an empty database', () => {
    const facts = {
      where: 'PGlite in ./data',
      ms: 1,
      port: 8080,
      seeded: false,
      production: true,
      opsToken: false,
      portal: true,
    };
    const empty = startBanner({ ...facts, demo: false, merchants: 0 });
    expect(empty).toContain('No merchant yet');
    expect(empty).toContain(
      'npm run ops -- init --merchant CODE --name NAME --domain DOMAIN --admin USERNAME',
    );
    expect(empty).toContain('stop this server first');
    for (const secret of ['player01', 'Player123', 'Admin12345', 'lotus.localhost', 'Demo logins'])
      expect(empty).not.toContain(secret);
    expect(startBanner({ ...facts, demo: false, merchants: 1 })).not.toContain('No merchant yet');
    // Production with PORTICO_SEED=demo: the demo members, never the demo back-office logins.
    const demoInProduction = startBanner({ ...facts, demo: true, merchants: 2 });
    expect(demoInProduction).toContain('player01');
    expect(demoInProduction).not.toContain('Admin12345');
    const dev = startBanner({ ...facts, production: false, seeded: true, demo: true, merchants: 2 });
    expect(dev).toContain('freshly seeded with demo data');
    expect(dev).toContain('Admin12345');
    expect(dev).toContain('http://lotus.localhost:8080/');
    expect(dev).toContain('Portal:   http://localhost:8080/');
    // Without a build the server answers the API only: no portal address to follow.
    const apiOnly = startBanner({ ...facts, portal: false, merchants: 1, demo: false });
    expect(apiOnly).not.toContain('Portal:');
    expect(apiOnly).toContain('API only: no built SPA (npm run build)');
  });
});

describe('an empty production database and ops init', () => {
  let database: Database;
  beforeAll(async () => {
    database = await emptyDatabase();
  });
  afterAll(() => database.close());

  const input = {
    merchant: 'JADE',
    name: 'Jade Club',
    domains: ['shop.example'],
    admin: 'Boss',
    passphrase: 'correct horse battery',
  };

  it('seeds nothing, answers UNKNOWN_MERCHANT until init, then serves the merchant and lets its ADMIN in', async () => {
    expect(await seedFor(database, { seed: 'none', production: true })).toEqual({
      seeded: false,
      demo: false,
      merchants: 0,
    });
    const app = await buildApp({ db: database.db, production: true });
    try {
      const whitelabel = () =>
        app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { host: 'shop.example' } });
      const before = await whitelabel();
      expect(before.statusCode).toBe(400);
      expect(before.json()).toMatchObject({ success: false, code: 'UNKNOWN_MERCHANT' });

      // A weak passphrase is refused by the back office's own rule, and nothing is written.
      await expect(initialize(database, { ...input, passphrase: 'short' })).rejects.toThrow(
        'passphrase: At least 10 characters',
      );
      expect(await database.db.$count(auditLog)).toBe(0);

      const done = await initialize(database, input);
      expect(done).toMatchObject({
        merchantCode: 'JADE',
        domains: ['shop.example'],
        operator: { username: 'boss' },
      });

      const after = await whitelabel();
      expect(after.statusCode).toBe(200);
      expect(after.json().value).toMatchObject({ merchantCode: 'JADE', brand: { name: 'Jade Club' } });

      const login = await app.inject({
        method: 'POST',
        url: '/ops/login',
        payload: { username: 'boss', password: input.passphrase },
      });
      expect(login.statusCode).toBe(200);
      // Every merchant, and in production two-factor login is set up first.
      expect(login.json().value).toMatchObject({
        operator: { role: 'ADMIN', merchants: '*' },
        totpRequired: true,
      });

      const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'OPS_INIT'));
      expect(row).toMatchObject({
        actor: 'system',
        subject: { merchant: 'JADE', domains: ['shop.example'], admin: 'boss' },
      });
      expect(await createAuditLog(database.db).verify()).toMatchObject({ ok: true });
    } finally {
      await app.close();
    }
  });

  it('refuses a second init, saying why, and changes nothing', async () => {
    await expect(
      initialize(database, { ...input, merchant: 'OTHER', domains: ['other.example'], admin: 'boss2' }),
    ).rejects.toThrow('This database already has merchants (JADE): init is for an empty database');
    expect(await seedFor(database, { seed: 'none', production: true })).toMatchObject({ merchants: 1 });
  });
});
