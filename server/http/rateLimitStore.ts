import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { DomainError } from './errors.ts';

/**
 * Where @fastify/rate-limit counts: `memory` in this process (PGlite has one process), `database` in the
 * `rate_limits` table, so N processes on one PostgreSQL share every limit instead of granting it N times.
 */
export type RateLimitStoreKind = 'memory' | 'database';

type Incr = FastifyRateLimitStore['incr'];
type Callback = Parameters<Incr>[1];
/** What the plugin hands the constructor (global settings) and `child` (a route's settings merged over them). */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

export interface DatabaseStoreOptions {
  /** Told of every failed count (the app logs it): a failing store is never silent. */
  onError(err: unknown, failOpen: boolean): void;
  /** Milliseconds between sweeps of expired windows in this process. */
  sweepEveryMs?: number;
  now?: () => number;
}

/** A backoff stops doubling at 2^20 windows (two years of one-minute windows), well inside an interval's range. */
const MAX_BACKOFF_EXPONENT = 20;

/**
 * A @fastify/rate-limit store on the database: one atomic upsert a request counts the hit, starts a new window when
 * the last one ended, and returns the count with what is left of the window, by the database's clock (one clock
 * for every process).
 */
export function databaseRateLimitStore(db: Db, opts: DatabaseStoreOptions) {
  const sweepEveryMs = opts.sweepEveryMs ?? 60_000;
  const now = opts.now ?? Date.now;
  let lastSweep = now();
  /**
   * Keys over their limit, until their window ends (this process's clock): a flood from one address costs the
   * database `max` + 1 writes a window and process, then none, instead of queueing every request on one row's lock
   * and the pool. Not for continueExceeding or exponentialBackoff, whose refused hits move the window.
   */
  const refused = new Map<string, number>();
  // Expired rows count as absent (the upsert restarts them), so deleting them is housekeeping only: at most once a
  // sweep interval per process, off the request's path, on the reset_at index.
  const sweep = () => {
    if (now() - lastSweep < sweepEveryMs) return;
    lastSweep = now();
    for (const [key, until] of refused) if (until <= lastSweep) refused.delete(key);
    db.execute(sql`delete from rate_limits where reset_at < now()`).catch((err) => opts.onError(err, true));
  };

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      private readonly params: StoreParams,
      /** The limit's name in the key: `*` for the global budget, the method and route for a route's own. */
      private readonly scope = '*',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      const continueExceeding = this.params.continueExceeding === true;
      const backoff = this.params.exponentialBackoff === true;
      const id = `${this.scope} ${key}`;
      const until = refused.get(id);
      if (until !== undefined) {
        if (until > now()) {
          cb(null, { current: max + 1, ttl: until - now() });
          return;
        }
        refused.delete(id);
      }
      const span = sql`${timeWindow}::float8 * interval '1 millisecond'`;
      // Over the limit: continueExceeding restarts the window at each refused hit, exponentialBackoff doubles it.
      const extended = backoff
        ? sql`when rate_limits.hits + 1 > ${max} then now() + ${span} * power(2, least(rate_limits.hits - ${max}, ${MAX_BACKOFF_EXPONENT}))`
        : continueExceeding
          ? sql`when rate_limits.hits + 1 > ${max} then excluded.reset_at`
          : sql``;
      db.execute(sql`
        insert into rate_limits (key, hits, reset_at)
        values (${id}, 1, now() + ${span})
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= now() then 1
                      else least(rate_limits.hits + 1, 2147483647) end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at
                          ${extended}
                          else rate_limits.reset_at end
        returning hits, ceil(extract(epoch from reset_at - now()) * 1000)::float8 as ttl`).then(
        (res) => {
          const row = rowsOf<{ hits: number; ttl: number }>(res)[0]!;
          const counted = { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) };
          if (counted.current > max && !continueExceeding && !backoff) refused.set(id, now() + counted.ttl);
          cb(null, counted);
        },
        (err) => {
          // The global budget fails open: it guards capacity, and a database that cannot count a hit fails the
          // call's own work anyway; refusing every call would turn a counting hiccup into an outage. A route's
          // own limit fails closed (503, logged): those guard secrets and costs (login, SMS, codes, passwords),
          // where unmetered guessing while the counter is down is the very thing the limit prevents.
          const failOpen = this.scope === '*';
          opts.onError(err, failOpen);
          if (failOpen) cb(null, { current: 0, ttl: timeWindow });
          else
            cb(
              new DomainError(503, 'INTERNAL', 'Temporarily unavailable, please try again shortly') as Error,
            );
        },
      );
      sweep();
    }

    // Typed as the route's options by the plugin's declarations; at run time the route's rate-limit settings merged
    // over the global ones, with the route as `routeInfo` (what RedisStore reads too).
    child(options: unknown): FastifyRateLimitStore {
      const params = options as StoreParams;
      const { method, url } = params.routeInfo ?? {};
      const methods = [method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(params, url ? `${methods} ${url}` : `limit:${methods}`);
    }
  };
}

/** node-postgres answers `{ rows }`, PGlite's Drizzle the same; kept in one place. */
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
