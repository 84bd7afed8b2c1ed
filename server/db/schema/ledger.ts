import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';
import { at, merchantCode } from './columns.ts';

/**
 * A wallet: a member's main wallet or vendor wallet, or one of the merchant's house accounts (no member), which
 * are the other side of every deposit, payout, bet and win. `balance` always equals the sum of its entries.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    memberId: integer('member_id').references(() => members.id),
    /** 'MAIN', a vendor code, or a house account name ('HOUSE_PROMO', 'HOUSE_CASH' …). */
    kind: text('kind').notNull(),
    /** Minor units. */
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallets_member_kind')
      .on(t.merchantCode, t.memberId, t.kind)
      .where(sql`${t.memberId} is not null`),
    uniqueIndex('wallets_house_kind').on(t.merchantCode, t.kind).where(sql`${t.memberId} is null`),
  ],
);

/** One money movement; its idempotency key makes a replay return the first reply and move nothing. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    reply: jsonb('reply').$type<Record<string, unknown>>().notNull().default({}),
    /** Fingerprint of the request's meaningful fields (server/lib/idempotency.ts): a replay must match it. */
    requestHash: text('request_hash'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('ledger_transactions_key').on(t.merchantCode, t.idempotencyKey)],
);

/** Double entry: the entries of one transaction sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => wallets.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('ledger_entries_wallet').on(t.walletId, t.id)],
);
