import { and, eq, ne, sql } from 'drizzle-orm';
import { type Db, embeddedClient } from '../../db/client.ts';
import { BoundedCache, type Invalidation } from '../../db/invalidation.ts';
import { wallets } from '../../db/schema/index.ts';
import { HELD_KIND } from './ledger.ts';

/** Members whose balance a process keeps at most (PGlite). */
export const BALANCE_CACHE_CAP = 10_000;

/**
 * The balance the member sees (GET /wps/v2/wallets/balance): what it can spend, the main and vendor wallets without
 * money held for a withdrawal, in minor units. For display only: money paths read the wallets in their transaction
 * (ledger.ts), never this.
 *
 * One prepared statement. On PGlite, with `invalidation`, balances are also kept per member: migration 0035 notifies
 * every wallet write there, before the writing query returns. On PostgreSQL wallets do not notify (a NOTIFY in every
 * money transaction would serialise their commits), so every read asks the database.
 */
export function createBalanceReader(
  db: Db,
  { invalidation, cap = BALANCE_CACHE_CAP }: { invalidation?: Invalidation; cap?: number } = {},
) {
  const spendable = db
    .select({ sum: sql<string>`coalesce(sum(${wallets.balance}), 0)` })
    .from(wallets)
    .where(
      and(
        eq(wallets.merchantCode, sql.placeholder('merchantCode')),
        eq(wallets.memberId, sql.placeholder('memberId')),
        ne(wallets.kind, HELD_KIND),
      ),
    )
    .prepare('member_balance');
  const read = async (merchantCode: string, memberId: number) =>
    BigInt((await spendable.execute({ merchantCode, memberId }))[0]?.sum ?? 0);

  if (!invalidation || !embeddedClient(db)) return { read, cached: () => 0 };

  const kept = new BoundedCache<number, { merchantCode: string; balance: bigint }>(cap);
  invalidation.on('wallet', (key) => (key === null ? kept.clear() : kept.delete(Number(key))));
  return {
    async read(merchantCode: string, memberId: number): Promise<bigint> {
      const hit = invalidation.live() ? kept.get(memberId) : undefined;
      if (hit?.merchantCode === merchantCode) return hit.balance;
      const stamp = invalidation.stamp();
      const balance = await read(merchantCode, memberId);
      if (invalidation.fresh(stamp)) kept.set(memberId, { merchantCode, balance });
      return balance;
    },
    /** Balances kept in this process (tests). */
    cached: () => kept.size,
  };
}
export type BalanceReader = ReturnType<typeof createBalanceReader>;
