// What counting rate limits in PostgreSQL costs (server/http/rateLimitStore.ts): req/s and p99 of one trivial API
// route with no limit, the in-memory store and the database store, one visitor (one hot row) and many visitors
// (a row each). Prints a table.
//
//   npx tsx bench/rate-limit-store.ts [-- --duration 10 --connections 10]
//
// The server runs in this process on a fresh database (DATABASE_URL when set, else a throwaway cluster); the load
// generator (autocannon) in a worker thread.
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../server/app.ts';
import { migrateDatabase, openDatabase } from '../server/db/client.ts';
import { adminUrl, cleanupStack, freshDatabase } from './postgres.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const PATH = '/wps/__bench/limited';

const cleanups = cleanupStack();
const admin = await adminUrl(cleanups);
if (!admin.url) {
  console.log(`PostgreSQL unavailable: ${admin.why}`);
  process.exit(0);
}
const database = await openDatabase({
  kind: 'postgres',
  url: await freshDatabase(admin.url, `portico_bench_rl_${process.pid}`, cleanups),
});
cleanups.push(() => database.close());
await migrateDatabase(database);

const rows: string[][] = [];
try {
  for (const store of ['none', 'memory', 'database'] as const) {
    const app = await buildApp({
      db: database.db,
      trustProxy: 1,
      rateLimit: store !== 'none',
      rateLimitStore: store === 'none' ? undefined : store,
    });
    // A route's own limit, high enough never to refuse: every request costs one count and nothing else.
    app.get(PATH, { config: { rateLimit: { max: 1e9, timeWindow: '1 minute' } } }, async () => ({
      ok: true,
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${PATH}`;
    for (const visitors of ['one', 'many'] as const) {
      // Plain objects (the load generator's thread gets copies): 5000 addresses in turn, or one.
      const ips =
        visitors === 'one'
          ? ['10.0.0.1']
          : Array.from({ length: 5000 }, (_, n) => `10.1.${n >> 8}.${n & 255}`);
      const r = await autocannon({
        url,
        connections,
        duration,
        workers: 1,
        requests: ips.map((ip) => ({ method: 'GET', path: PATH, headers: { 'x-forwarded-for': ip } })),
      });
      rows.push([
        store,
        visitors,
        (r.requests.total / r.duration).toFixed(0),
        r.latency.p50.toFixed(1),
        r.latency.p99.toFixed(1),
        String(r.errors + r.timeouts + r.non2xx),
      ]);
    }
    await app.close();
  }
} finally {
  await cleanups.run();
}

console.log(
  `Rate-limit store on PostgreSQL: autocannon, ${connections} connections, ${duration} s a run; Node ${process.version}, ${cpus().length} CPUs`,
);
const header = ['store', 'visitors', 'req/s', 'p50 ms', 'p99 ms', 'errors'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (c: string[]) => c.map((v, i) => v.padStart(widths[i]!)).join('  ');
console.log(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const r of rows) console.log(line(r));
