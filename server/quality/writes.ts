import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Which tables a request wrote to, cheaply enough to ask after every request: a request that took no transaction id
 * wrote nothing (PostgreSQL hands out an id only to a transaction that writes). When one was taken, every table is
 * scanned once for rows inserted or updated since (by the age of their `xmin`), and its row count compared with the last one (a
 * delete leaves no row to see). A transaction that wrote and rolled back takes an id too, but leaves no row.
 */
export interface WriteWatch {
  /** Call before the request. */
  mark(): Promise<bigint>;
  /** The tables written since `mark` ({} when none), and the counts to compare with next. */
  writtenSince(mark: bigint): Promise<Record<string, string>>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function writeWatch(db: Db): Promise<WriteWatch> {
  // rate_limits counts every request, refused ones too (on PostgreSQL): bookkeeping of the limits, not a write of
  // the request's.
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '%drizzle%'
        and table_name <> 'rate_limits'
      order by 1`),
  ).map((r) => r.name);
  const nextXid = async () =>
    BigInt(
      rowsOf<{ x: string }>(
        await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`),
      )[0]!.x,
    );
  // A row written since `since` is younger than it: age() counts back from the same point for both (and knows the
  // 32-bit wraparound of the ids kept in rows).
  const scan = async (since: bigint) =>
    rowsOf<{ t: string; n: number; touched: number }>(
      await db.execute(
        sql.raw(
          tables
            .map(
              (t) =>
                `select '${t}' as t, count(*)::int as n, (count(*) filter (where age(xmin) <= age('${since % 2n ** 32n}'::xid)))::int as touched from "${t}"`,
            )
            .join(' union all '),
        ),
      ),
    );
  let counts = new Map((await scan(0n)).map((r) => [r.t, r.n]));
  // The transaction id when `counts` was taken: writes between two requests (a test's own setup) recount.
  let countedAt = await nextXid();
  return {
    async mark() {
      const xid = await nextXid();
      if (xid !== countedAt) {
        counts = new Map((await scan(xid)).map((r) => [r.t, r.n]));
        countedAt = xid;
      }
      return xid;
    },
    async writtenSince(mark) {
      const xid = await nextXid();
      if (xid === mark) return {};
      const rows = await scan(mark);
      countedAt = xid;
      const written: Record<string, string> = {};
      for (const r of rows) {
        const before = counts.get(r.t) ?? 0;
        if (r.touched > 0) written[r.t] = `${r.touched} row(s) inserted or updated`;
        else if (r.n < before) written[r.t] = `${before - r.n} row(s) deleted`;
      }
      counts = new Map(rows.map((r) => [r.t, r.n]));
      return written;
    },
  };
}
