import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { FolderLockedError } from './db/folderLock.ts';
import { DEMO_ACCOUNTS } from './db/seed/accounts.ts';
import { seedDatabase } from './db/seed/index.ts';
import { DEMO_MERCHANTS } from './db/seed/merchants.ts';
import { DEMO_OPERATORS } from './db/seed/operators.ts';
import { createContractJob } from './jobs/contracts.ts';
import { forceReceive } from './jobs/forceReceive.ts';
import { createLotteryJob } from './jobs/lottery.ts';
import { createSettlement } from './modules/agent/settlement.ts';
import { createAuditLog } from './modules/audit/log.ts';
import { createDrawEngine } from './modules/lottery/draws.ts';
import { createLedger } from './modules/wallet/ledger.ts';

// A bad setting is one line naming the variable, not a stack trace.
const config = (() => {
  try {
    return loadConfig(process.env);
  } catch (err) {
    console.error(`portico: ${(err as Error).message}`);
    process.exit(1);
  }
})();
const started = Date.now();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
).catch((err) => {
  // A second process on a PGlite folder: one line naming the folder and its owner.
  if (!(err instanceof FolderLockedError)) throw err;
  console.error(`portico: ${err.message}`);
  process.exit(1);
});
await migrateDatabase(database);
const seeded = await seedDatabase(database, { demoOperators: !config.production });
const app = await buildApp({
  db: database.db,
  opsToken: config.opsToken,
  seamlessSecret: config.seamlessSecret,
  gatewaySecret: config.gatewaySecret,
  uploadsDir: config.uploadsDir,
  trustProxy: config.trustProxy,
  distDir: config.distDir,
  logger: { level: config.logLevel },
  metricsToken: config.metricsToken,
  production: config.production,
});
await app.listen({ port: config.port, host: config.host });

const port = (app.server.address() as { port: number }).port;
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
console.log(`
Portico is running on ${where}${seeded ? ', freshly seeded with demo data' : ''} (${Date.now() - started} ms)

  Portal:   http://localhost:${port}/
${DEMO_MERCHANTS.map((m) => `  ${m.brand.name.padEnd(10)} http://${m.domains.find((d) => d.endsWith('.localhost'))}:${port}/  (merchant ${m.code})`).join('\n')}
  OpenAPI:  http://localhost:${port}/api/openapi.json
  Back office: http://localhost:${port}/ops  (operator logins below${config.opsToken ? '; PORTICO_OPS_TOKEN also accepted' : ''})

  Demo logins (on every demo brand):
${DEMO_ACCOUNTS.map((a) => `    ${a.account.padEnd(9)} ${a.password.padEnd(11)} ${a.note}`).join('\n')}
${
  config.production
    ? ''
    : `
  Back-office logins (/ops):
${DEMO_OPERATORS.map((o) => `    ${o.username.padEnd(9)} ${o.password.padEnd(11)} ${o.role}`).join('\n')}
`
}`);

// Background jobs, each once across processes (database.exclusive); readiness fails when one stops ticking.
// Disbursed withdrawals nobody answered count as received after the merchant's minutes.
app.jobs.register({
  name: 'forceReceive',
  everyMs: 60_000,
  run: () =>
    database.exclusive('portico:job:forceReceive', () =>
      forceReceive(database.db, createAuditLog(database.db)),
    ),
});
// Lottery draws: commit the next ones, reveal at draw time, settle the bets; first run now.
const lottery = createLotteryJob(createDrawEngine(database.db));
app.jobs.register({
  name: 'lottery',
  everyMs: 5_000,
  runAtStart: true,
  run: () => database.exclusive('portico:job:lottery', () => lottery.run()),
});
// Agent contracts: pay the salary and dividend windows that ended (real-time salary every 5 minutes; each window
// exactly once by its keys in any case).
const contracts = createContractJob(
  database.db,
  createSettlement(database.db, { ledger: createLedger(database.db) }),
);
app.jobs.register({
  name: 'contracts',
  everyMs: 60_000,
  run: () => database.exclusive('portico:job:contracts', () => contracts.run()),
});
app.jobs.start();

// SIGTERM/SIGINT: stop taking requests, answer those in flight, let running jobs finish, then close the database
// (which frees the PGlite folder). A second signal while draining does not start a second close.
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  try {
    await app.jobs.stop();
    await app.close();
    await database.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
