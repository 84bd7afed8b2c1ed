/**
 * The dashboard's queries as PostgreSQL plans them, on a scratch database of DATABASE_URL's server with rows enough
 * that an index is worth using: `DATABASE_URL=postgres://… npx tsx bench/dashboardPlans.ts`. Prints each query's
 * plan; a `Seq Scan` on payment_orders, game_rounds, members or sessions means a missing index.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../server/db/client.ts';

const admin = process.env.DATABASE_URL;
if (!admin) throw new Error('Set DATABASE_URL to a PostgreSQL server');
const name = `portico_plans_${randomBytes(3).toString('hex')}`;
const run = async (q: string) => {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(q);
  await c.end();
};
await run(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.href });
try {
  await migrateDatabase(database);
  const { db } = database;
  await db.execute(sql`insert into merchants (code, brand, settings)
    select 'M' || i, '{}'::jsonb, '{}'::jsonb from generate_series(1, 20) i`);
  await db.execute(sql`insert into members (merchant_code, account, nickname, password_hash, created_at)
    select 'M' || (i % 20 + 1), 'a' || i, 'a' || i, 'x', now() - (i % 365) * interval '1 day'
    from generate_series(1, 100000) i`);
  await db.execute(sql`insert into game_rounds (merchant_code, member_id, vassalage, node_id, game_type, round_ref, bet, win, status, created_at)
    select 'M' || (i % 20 + 1), i % 100000 + 1, 'V', 'n', 'RNG', 'r' || i, 100, 50, 'SETTLED', now() - (i % 365) * interval '1 day'
    from generate_series(1, 400000) i`);
  await db.execute(sql`insert into payment_orders (merchant_code, member_id, kind, channel, amount, status, request_id, created_at)
    select 'M' || (i % 20 + 1), i % 100000 + 1, 'DEPOSIT', 'BANK', 1000, 'CREDITED', 'q' || i, now() - (i % 365) * interval '1 day'
    from generate_series(1, 100000) i`);
  await db.execute(sql`insert into sessions (token_hash, member_id, merchant_code, created_at)
    select 't' || i, i % 100000 + 1, 'M' || (i % 20 + 1), now() - (i % 365) * interval '1 day'
    from generate_series(1, 100000) i`);
  await db.execute(sql`analyze`);
  const range = sql`created_at >= now() - interval '1 day' and created_at < now()`;
  const queries = {
    payments: sql`select count(*), sum(amount) from payment_orders where merchant_code = 'M3' and ${range}`,
    rounds: sql`select count(*), sum(bet) from game_rounds where merchant_code = 'M3' and ${range} and status <> 'ROLLED_BACK'`,
    members: sql`select count(*) from members where merchant_code = 'M3' and ${range}`,
    active: sql`select count(*) from (select member_id from game_rounds where merchant_code = 'M3' and ${range}
      union select member_id from sessions where merchant_code = 'M3' and ${range}) a`,
    queue: sql`select count(*) from payment_orders where merchant_code = 'M3' and kind = 'DEPOSIT' and status = 'PENDING'`,
  };
  for (const [label, q] of Object.entries(queries)) {
    const plan = (await db.execute(sql`explain ${q}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
    console.log(`-- ${label}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  }
} finally {
  await database.close();
  await run(`drop database ${name}`);
}
