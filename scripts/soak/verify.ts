// The books after the soak, read from the server's own data folder once it has stopped: double entry holds in every
// transaction, every wallet's balance is the sum of its entries (and its last entry's balance after), no member
// wallet is below zero, and every payment order's status agrees with the money it moved (a deposit credited once it
// says so, a withdrawal held, released only when rejected, paid out only when disbursed).
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';

export interface Books {
  transactions: number;
  entries: number;
  /** Each a description of what is wrong; none when the books hold. */
  violations: string[];
}

/** Whether an order's movement of this step is in the books (payments post them as `payment:<id>:<step>`). */
const moved = (step: string) =>
  `exists (select 1 from ledger_transactions t where t.merchant_code = o.merchant_code and t.idempotency_key = 'payment:' || o.id || ':${step}')`;

const CHECKS: [string, string][] = [
  [
    'transactions whose entries do not sum to zero',
    'select transaction_id as id from ledger_entries group by transaction_id having sum(amount) <> 0',
  ],
  [
    'wallets whose balance is not the sum of their entries',
    `select w.id from wallets w left join ledger_entries e on e.wallet_id = w.id
     group by w.id, w.balance having w.balance <> coalesce(sum(e.amount), 0)`,
  ],
  [
    'wallets whose balance is not their last entry’s balance after',
    `select w.id from wallets w join lateral (
       select balance_after from ledger_entries e where e.wallet_id = w.id order by e.id desc limit 1
     ) last on true where last.balance_after <> w.balance`,
  ],
  ['member wallets below zero', 'select id from wallets where member_id is not null and balance < 0'],
  [
    'payment orders whose status and money disagree',
    `select o.id from payment_orders o
     where (o.kind = 'DEPOSIT' and (o.status = 'CREDITED') <> ${moved('credit')})
        or (o.kind = 'WITHDRAWAL' and (not ${moved('hold')}
          or (o.status = 'REJECTED') <> ${moved('release')}
          or (o.status in ('DISBURSED', 'RECEIVED', 'NOT_RECEIVED', 'FORCED_RECEIVED')) <> ${moved('disburse')}))`,
  ],
];

export async function checkBooks(database: Database): Promise<Books> {
  const rows = async (q: string) =>
    (await database.db.execute(sql.raw(q))) as unknown as { rows: { id: unknown; n?: number }[] };
  const violations: string[] = [];
  for (const [what, q] of CHECKS) {
    const found = (await rows(q)).rows;
    if (found.length > 0)
      violations.push(
        `${found.length} ${what} (${found
          .slice(0, 5)
          .map((r) => r.id)
          .join(', ')})`,
      );
  }
  const count = async (table: string) =>
    Number((await rows(`select count(*)::int as n, 0 as id from ${table}`)).rows[0]!.n);
  return {
    transactions: await count('ledger_transactions'),
    entries: await count('ledger_entries'),
    violations,
  };
}
