import { eq } from 'drizzle-orm';
import { type Db, embeddedClient } from '../db/client.ts';
import type { Invalidation } from '../db/invalidation.ts';
import { domains, merchantConfig, merchants } from '../db/schema/index.ts';

export type Merchant = typeof merchants.$inferSelect;

/**
 * How the cache learns that `merchants` or `domains` changed. Triggers raise `merchant_config.version` in every
 * writer's transaction (migration 0016), whoever writes: the operator API, a back-office tool, a test, another
 * process, psql.
 * - PostgreSQL: several API processes share the database. Each lookup reads the version (one row by primary key,
 *   a prepared statement) before trusting the cache, unless the app's invalidation listener (server/db/invalidation.ts)
 *   is live and has heard nothing since the last read: then the version read last still holds. The triggers of
 *   0016 and 0036 notify every process; a write of this process to a watched table is seen by its next request at
 *   once (the listener's fence), one of another process as soon as its notification arrives. Without a live
 *   listener every lookup reads the version.
 * - PGlite: one process owns the data folder, and its notifications are handed over before the writing query
 *   returns, so a local counter bumped by them is exact and costs no query.
 */
interface Freshness {
  /**
   * The current stamp; a cache filled under an older stamp is stale. `catalogue` is the catalogue's version, read in
   * the same statement (migration 0036): the public catalogue's reply cache trusts its replies under it.
   */
  stamp(): Promise<{ merchants: number; catalogue: number }>;
  /** Whether a row read after `stamp` returned `s` may be kept (no write was seen since). */
  still(s: number): boolean;
}

/** The tables whose writes change the merchant or catalogue version (triggers of migrations 0016 and 0036). */
const VERSIONED_TABLES = [
  'merchants',
  'domains',
  'merchant_config',
  'games',
  'vendors',
  'notices',
  'banners',
];

function freshness(db: Db, invalidation?: Invalidation): Freshness {
  const pglite = embeddedClient(db);
  if (pglite) {
    let generation = 0;
    let catalogue = 0;
    const listening = Promise.all([
      pglite.listen('merchant_config', () => {
        generation += 1;
      }),
      catalogueWrites(db, () => {
        catalogue += 1;
      }),
    ]);
    return {
      stamp: async () => {
        await listening;
        return { merchants: generation, catalogue };
      },
      still: (s) => s === generation,
    };
  }
  const version = db
    .select({ version: merchantConfig.version, catalogue: merchantConfig.catalogueVersion })
    .from(merchantConfig)
    .where(eq(merchantConfig.id, 1))
    .prepare('merchant_config_version');
  invalidation?.watch(...VERSIONED_TABLES);
  // The versions read last, and the invalidation stamp taken before that read.
  let kept: { heard: number; versions: { merchants: number; catalogue: number } } | undefined;
  return {
    stamp: async () => {
      if (kept && invalidation?.fresh(kept.heard)) return kept.versions;
      const heard = invalidation?.stamp();
      const [row] = await version.execute();
      const versions = { merchants: row?.version ?? 0, catalogue: row?.catalogue ?? 0 };
      // Kept only if nothing was heard meanwhile. Versions only grow: of two reads under one stamp, the newer stays.
      if (heard !== undefined && invalidation?.fresh(heard)) {
        const same = kept?.heard === heard ? kept.versions : undefined;
        kept = {
          heard,
          versions: {
            merchants: Math.max(versions.merchants, same?.merchants ?? 0),
            catalogue: Math.max(versions.catalogue, same?.catalogue ?? 0),
          },
        };
      }
      return versions;
    },
    // Rows read after the version are at least as new as it.
    still: () => true,
  };
}

/** A merchant looked up, and the catalogue version current when it was. */
export interface Found {
  merchant: Merchant | undefined;
  catalogue: number;
}

/**
 * PGlite: `onWrite` runs for each committed write to the catalogue's tables (their triggers notify, migration 0036),
 * before the writing query returns.
 */
const catalogueWrites = (db: Db, onWrite: () => void) =>
  embeddedClient(db)!.listen('portico_invalidate', (payload) => {
    if (payload.startsWith('catalogue:')) onWrite();
  });

/** Rows shared by every request must not be changed by one of them. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Merchants by code and by domain, read once per change instead of on every request. Only known merchants are
 * kept: unknown codes and hosts come from visitors and would grow the cache without bound. The composition root
 * (server/app.ts) builds the one cache of its database and hands it to every scope that resolves merchants, so
 * they share it and its one listener.
 */
export function createMerchantCache(db: Db, invalidation?: Invalidation) {
  const fresh = freshness(db, invalidation);
  let filledUnder = -1;
  const byCode = new Map<string, Merchant>();
  const byDomain = new Map<string, Merchant>();

  async function cached(
    map: Map<string, Merchant>,
    key: string,
    read: () => Promise<Merchant | undefined>,
  ): Promise<Found> {
    const { merchants: s, catalogue } = await fresh.stamp();
    if (s > filledUnder) {
      byCode.clear();
      byDomain.clear();
      filledUnder = s;
    }
    // A request that read an older stamp than another one neither uses nor fills the newer cache.
    const current = s === filledUnder;
    const hit = current ? map.get(key) : undefined;
    if (hit) return { merchant: hit, catalogue };
    const row = await read();
    if (row && current && s === filledUnder && fresh.still(s)) map.set(key, deepFreeze(row));
    return { merchant: row, catalogue };
  }

  /** A merchant with the catalogue version read beside it (the request's, for the reply cache). */
  const find = {
    code: (code: string) =>
      cached(
        byCode,
        code,
        async () => (await db.select().from(merchants).where(eq(merchants.code, code)))[0],
      ),
    domain: (host: string) =>
      cached(byDomain, host, async () => {
        const [row] = await db
          .select({ merchant: merchants })
          .from(domains)
          .innerJoin(merchants, eq(domains.merchantCode, merchants.code))
          .where(eq(domains.domain, host));
        return row?.merchant;
      }),
  };

  return {
    byCode: async (code: string) => (await find.code(code)).merchant,
    byDomain: async (host: string) => (await find.domain(host)).merchant,
    find,
  };
}
export type MerchantCache = ReturnType<typeof createMerchantCache>;
