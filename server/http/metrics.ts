import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.ts';
import type { JobState } from '../jobs/scheduler.ts';
import { type PostingObserver, postingObservers } from '../modules/wallet/ledger.ts';
import { envelope } from './errors.ts';

export interface MetricsSources {
  db: Db;
  /** The scheduler's jobs, read at each scrape (lag is seconds since the last tick). */
  jobs: () => JobState[];
  /** Milliseconds now (the scheduler's clock). */
  now: () => number;
}

/**
 * The app's Prometheus series, in a registry of its own (tests build many apps in one process). Ledger postings are
 * counted by the app's observer of the request or job being run (`observe`), so every ledger the modules build
 * reports here without the metrics being handed to each of them.
 */
export function createMetrics({ db, jobs, now }: MetricsSources) {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Histogram({
    name: 'portico_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const rateLimited = new Counter({
    name: 'portico_rate_limited_total',
    help: 'Requests refused by a rate limit, by route pattern',
    labelNames: ['route'],
    registers,
  });
  const loginFailures = new Counter({
    name: 'portico_login_failures_total',
    help: 'Refused logins: who (member or operator), how and why',
    labelNames: ['who', 'method', 'reason'],
    registers,
  });
  const postings = new Counter({
    name: 'portico_ledger_postings_total',
    help: 'Ledger transactions posted by this process (replays not counted), by merchant and kind',
    labelNames: ['merchant', 'kind'],
    registers,
  });
  const posted = new Counter({
    name: 'portico_ledger_posted_amount_total',
    help: 'Money moved by those postings (sum of the credited legs), in minor units of the merchant currency',
    labelNames: ['merchant', 'kind'],
    registers,
  });
  const jobRuns = new Counter({
    name: 'portico_job_runs_total',
    help: 'Background job runs that ended, failed ones included',
    labelNames: ['job'],
    registers,
  });
  const jobFailures = new Counter({
    name: 'portico_job_failures_total',
    help: 'Background job runs that failed',
    labelNames: ['job'],
    registers,
  });
  const jobDuration = new Histogram({
    name: 'portico_job_duration_seconds',
    help: 'Background job run durations',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers,
  });
  new Gauge({
    name: 'portico_job_lag_seconds',
    help: 'Seconds since the job last ticked (0 before its first run); readiness fails past two intervals',
    labelNames: ['job'],
    registers,
    collect() {
      const at = now();
      for (const job of jobs())
        this.set({ job: job.name }, job.lastTick === undefined ? 0 : (at - job.lastTick) / 1000);
    },
  });
  // PostgreSQL's pool; PGlite is one in-process connection and has none.
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('portico_db_pool_connections', 'PostgreSQL connections the pool holds', () => pool.totalCount);
    gauge(
      'portico_db_pool_idle_connections',
      'PostgreSQL connections idle in the pool',
      () => pool.idleCount,
    );
    gauge(
      'portico_db_pool_waiting_requests',
      'Queries waiting for a pool connection',
      () => pool.waitingCount,
    );
  }

  const observer: PostingObserver = (merchantCode, kind, amount) => {
    postings.inc({ merchant: merchantCode, kind });
    posted.inc({ merchant: merchantCode, kind }, Number(amount));
  };
  let processMetrics = false;

  return {
    registry,
    /** Runs `fn` (a request's handling, a job run) with this app's ledger observer. */
    observe: <T>(fn: () => T): T => postingObservers.run(observer, fn),
    request(route: string, method: string, status: number, seconds: number) {
      requests.observe({ route, method, status: String(status) }, seconds);
    },
    rateLimited: (route: string) => rateLimited.inc({ route }),
    loginFailed: (who: 'member' | 'operator', method: string, reason: string) =>
      loginFailures.inc({ who, method, reason }),
    jobRun(job: string, ms: number, err?: unknown) {
      jobRuns.inc({ job });
      if (err !== undefined) jobFailures.inc({ job });
      jobDuration.observe({ job }, ms / 1000);
    },
    async text(): Promise<string> {
      // Process series (CPU, memory, event loop, GC) from the first scrape on: their observers are not worth
      // starting in the many apps that tests build and never scrape.
      if (!processMetrics) {
        processMetrics = true;
        collectDefaultMetrics({ register: registry });
      }
      return registry.metrics();
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** The route pattern of a request (never its raw URL: one series a route); `*` for what no route matched. */
export const routeOf = (req: FastifyRequest) => (req.is404 ? '*' : (req.routeOptions.url ?? '*'));

/**
 * Times every request into the histogram, runs its handling in the app's metrics context, and serves
 * `GET /metrics`: behind `token` as a bearer token when set; without one it is open outside production and off in
 * production (the port is usually the public one).
 */
export function metricsRoutes(
  app: FastifyInstance,
  metrics: Metrics,
  { token, production }: { token?: string; production?: boolean },
): void {
  app.addHook('onRequest', (_req, _reply, done) => metrics.observe(done));
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    metrics.request(routeOf(req), req.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  const allowed = (header: string | undefined) => {
    if (!expected) return !production;
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  if (production && !token) app.log.warn('metrics are off: set PORTICO_METRICS_TOKEN to scrape /metrics');
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (req, reply) => {
    if (production && !token)
      return reply.code(404).send(envelope('NOT_FOUND', 'Metrics are off: PORTICO_METRICS_TOKEN is not set'));
    if (!allowed(req.headers.authorization))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(envelope('UNAUTHORIZED', 'Metrics need the bearer token'));
    reply.type(metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.text();
  });
}
