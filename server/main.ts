import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
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
);
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
  logger: config.production,
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

// Disbursed withdrawals nobody answered count as received after the merchant's minutes (once across processes).
const forceReceiveJob = setInterval(() => {
  database
    .exclusive('portico:job:forceReceive', () => forceReceive(database.db, createAuditLog(database.db)))
    .catch((err) => app.log.error({ err }, 'forced-received job failed'));
}, 60_000);

// Lottery draws: commit the next ones, reveal at draw time, settle the bets (once across processes); first run now.
const lottery = createLotteryJob(createDrawEngine(database.db));
const runLottery = () =>
  database
    .exclusive('portico:job:lottery', () => lottery.run())
    .catch((err) => app.log.error({ err }, 'lottery job failed'));
void runLottery();
const lotteryJob = setInterval(runLottery, 5_000);

// Agent contracts: pay the salary and dividend windows that ended (real-time salary every 5 minutes; once across
// processes, and each window exactly once by its keys in any case).
const contracts = createContractJob(
  database.db,
  createSettlement(database.db, { ledger: createLedger(database.db) }),
);
const contractJob = setInterval(() => {
  database
    .exclusive('portico:job:contracts', () => contracts.run())
    .catch((err) => app.log.error({ err }, 'contract settlement job failed'));
}, 60_000);

const shutdown = async () => {
  clearInterval(forceReceiveJob);
  clearInterval(lotteryJob);
  clearInterval(contractJob);
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
