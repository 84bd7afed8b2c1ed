import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { startBanner } from './banner.ts';
import { loadConfig, startWarnings } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { FolderLockedError } from './db/folderLock.ts';
import { demoHistoryDays, seedFor, seedMode } from './db/seed/index.ts';
import { maxmindGeo, tableGeo } from './ports/geo.ts';
import { lotteryResultsSource } from './ports/lotteryResults.ts';
import { smtpTransport } from './ports/mail.ts';
import { smsTransport } from './ports/sms.ts';

// A bad setting is one line naming the variable, not a stack trace.
const config = (() => {
  try {
    return {
      ...loadConfig(process.env),
      seed: seedMode(process.env),
      historyDays: demoHistoryDays(process.env),
    };
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
// Demo data only when PORTICO_SEED=demo (the default outside production); an empty database waits for `ops init`.
const seeding = await seedFor(database, config);
for (const warning of startWarnings(config)) console.warn(`portico: warning: ${warning}`);
// A country database that does not open stops the start: region rules would otherwise silently not apply.
const geo = config.geoipDb
  ? await maxmindGeo(config.geoipDb, {
      onReload: () => console.log(`portico: reloaded ${config.geoipDb}`),
      onError: (err) =>
        console.warn(`portico: ${config.geoipDb} not reloaded, the one in use stays: ${err.message}`),
    }).catch((err: Error) => {
      console.error(`portico: PORTICO_GEOIP_DB ${config.geoipDb} does not open: ${err.message}`);
      process.exit(1);
    })
  : config.production
    ? tableGeo({})
    : undefined;
const app = await buildApp({
  db: database.db,
  opsToken: config.opsToken,
  seamlessSecret: config.seamlessSecret,
  gatewaySecret: config.gatewaySecret,
  secretsKey: config.secretsKey,
  uploadsDir: config.uploadsDir,
  trustProxy: config.trustProxy,
  distDir: config.distDir,
  logger: { level: config.logLevel },
  metricsToken: config.metricsToken,
  geo,
  transports: {
    ...(config.smtp ? { email: smtpTransport(config.smtp.url, { from: config.smtp.from }) } : {}),
    ...(config.sms ? { sms: smsTransport(config.sms) } : {}),
  },
  vendors: config.vendors,
  production: config.production,
  lotteryResults: lotteryResultsSource(config.lotteryResults),
  // Background jobs, each once across processes; the app registers them from its own services.
  exclusive: database.exclusive,
});
await app.listen({ port: config.port, host: config.host });

const port = (app.server.address() as { port: number }).port;
console.log(
  startBanner({
    where: config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`,
    ms: Date.now() - started,
    port,
    ...seeding,
    production: config.production,
    opsToken: Boolean(config.opsToken),
    portal: app.hasDecorator('spaIndex'),
  }),
);

// Readiness fails when a job stops ticking.
app.jobs.start();

// SIGTERM/SIGINT: stop taking requests, answer those in flight, let running jobs finish, then close the database
// (which frees the PGlite folder). A second signal while draining does not start a second close.
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  try {
    // A connection whose request is answered would otherwise stay open, and keep the close waiting, until its
    // keep-alive timeout (72 s in Fastify; a proxy's pooled connections never idle out before that).
    app.server.keepAliveTimeout = 1;
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
