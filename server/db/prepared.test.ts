import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../modules/wallet/ledger.ts';
import { testDatabase } from '../test/app.ts';
import { type Database, executePrepared } from './client.ts';
import { members } from './schema/index.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

/** The statements prepared on each of the pool's connections (PostgreSQL keeps them per connection). */
async function preparedOnPool(): Promise<{ name: string; statement: string }[]> {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    return (
      await Promise.all(
        clients.map(async (c) => (await c.query('select name, statement from pg_prepared_statements')).rows),
      )
    ).flat();
  } finally {
    for (const c of clients) c.release();
  }
}

describe('executePrepared', () => {
  it('answers as execute does, whatever the values, many at once', async () => {
    const query = (n: number) => sql`select ${n}::int * 2 as doubled, ${`#${n}`}::text as label`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        executePrepared<{ doubled: number; label: string }>(database.db, query(n)),
      ),
    );
    expect(answers.map((a) => a.rows)).toEqual(
      Array.from({ length: 30 }, (_, n) => [{ doubled: n * 2, label: `#${n}` }]),
    );
    expect(((await database.db.execute(query(7))) as unknown as { rows: unknown[] }).rows).toEqual(
      (await executePrepared(database.db, query(7))).rows,
    );
  });

  it('runs in the transaction it is given, and a rollback undoes its write', async () => {
    const seen = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select set_config('portico.probe', 'in-tx', true)`);
        const { rows } = await executePrepared<{ probe: string }>(
          tx,
          sql`select current_setting('portico.probe', true) as probe`,
        );
        await executePrepared(
          tx,
          sql`update members set nickname = ${'rolled back'} where account = ${'player01'}`,
        );
        throw Object.assign(new Error('roll back'), { probe: rows[0]!.probe });
      })
      .catch((err: { probe: string }) => err.probe);
    expect(seen).toBe('in-tx');
    const [player] = await database.db
      .select({ nickname: members.nickname })
      .from(members)
      .where(eq(members.account, 'player01'));
    expect(player!.nickname).not.toBe('rolled back');
  });

  it('on PostgreSQL, plans the ledger’s one-statement posting once per connection under one name', async () => {
    const db = database.db;
    const ledger = createLedger(db);
    const [member] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.merchantCode, 'PORTICO'), eq(members.account, 'player01')));
    const [main, vendor] = [
      await ledger.wallet('PORTICO', member!.id, 'MAIN'),
      await ledger.wallet('PORTICO', member!.id, 'AG'),
    ];
    const before = await ledger.walletBalance(main);
    for (let i = 0; i < 12; i += 1)
      await ledger.post('PORTICO', `prepared-${i}`, 'TRANSFER', [
        { walletId: main, amount: -(1n + BigInt(i)) },
        { walletId: vendor, amount: 1n + BigInt(i) },
      ]);
    expect(await ledger.walletBalance(main)).toBe(before - 78n);
    if (database.kind !== 'postgres') return;
    const postings = (await preparedOnPool()).filter((p) =>
      /^\s*with leg \(ord, wallet_id, amount\)/.test(p.statement),
    );
    expect(postings.length).toBeGreaterThan(0);
    expect(new Set(postings.map((p) => p.name)).size).toBe(1);
    expect(postings[0]!.name).toMatch(/^portico_[0-9a-f]{24}$/);
  });
});
