import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import type { PaymentChannel, PaymentKind, PaymentStatus } from '../../../contract/payments.ts';
import { members } from './accounts.ts';
import { at, merchantCode } from './columns.ts';

/**
 * A merchant's payment channel, configured by an operator in /ops: its driver (`kind`), the label members see,
 * the driver's settings (validated by contract/payments.ts `channelSettings`) and its secrets, sealed with
 * PORTICO_SECRETS_KEY when one is set (server/secrets.ts), never sent back by the API.
 */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    kind: text('kind').$type<PaymentChannel>().notNull(),
    label: text('label').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Sealed JSON of the secrets (`sealSecrets`); null when the driver has none set. */
    secrets: text('secrets'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payment_channels_merchant').on(t.merchantCode, t.id)],
);

/**
 * A deposit or a withdrawal and where it stands. The money itself moves only in the ledger (the hold of a
 * withdrawal, the credit of a deposit), in the same database transaction as the status change.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<PaymentKind>().notNull(),
    channel: text('channel').$type<PaymentChannel>().notNull(),
    /** Minor units, > 0. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    /** The member's request id: a repeated request returns the same order. */
    requestId: text('request_id').notNull(),
    /** Fingerprint of the request's meaningful fields (server/lib/idempotency.ts): a repeat must match it. */
    requestHash: text('request_hash'),
    /** The gateway's reference (deposits through a gateway): a replayed callback finds its order. */
    externalRef: text('external_ref'),
    /** The merchant's configured channel it went through (null: a built-in one). */
    channelId: integer('channel_id').references(() => paymentChannels.id),
    /** Bank account of a withdrawal, payer of a bank deposit … as the member gave them. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    /** Proof of a withdrawal not received: stored upload names. */
    proofs: jsonb('proofs').$type<string[]>().notNull().default([]),
    /** Operator's or member's remark on the last change. */
    remark: text('remark'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Withdrawals: when the money left; the forced-received job counts from here. */
    disbursedAt: at('disbursed_at'),
    /** A disbursed withdrawal counts as received at this time unless the member answers (the merchant's rule then). */
    forceReceiveAt: at('force_receive_at'),
  },
  (t) => [
    unique('payment_orders_request').on(t.merchantCode, t.memberId, t.requestId),
    unique('payment_orders_external').on(t.merchantCode, t.channel, t.externalRef),
    index('payment_orders_member_time').on(t.memberId, t.createdAt),
    index('payment_orders_status').on(t.merchantCode, t.kind, t.status),
  ],
);

/** Responsible gambling: a member's deposit or loss limit per period; a raise waits 24 h in `pending*`. */
export const gamblingLimits = pgTable(
  'gambling_limits',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<'DEPOSIT' | 'LOSS'>().notNull(),
    period: text('period').$type<'D' | 'W' | 'M'>().notNull(),
    /** Minor units. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingFrom: at('pending_from'),
  },
  (t) => [unique('gambling_limits_key').on(t.memberId, t.kind, t.period)],
);

/** Cooling-off (ends) and self-exclusion (no end): sessions end, play and deposits are refused meanwhile. */
export const exclusions = pgTable(
  'exclusions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<'COOLING_OFF' | 'SELF_EXCLUSION'>().notNull(),
    startsAt: at('starts_at').notNull().defaultNow(),
    /** Null: self-exclusion without end. */
    endsAt: at('ends_at'),
  },
  (t) => [index('exclusions_member').on(t.memberId, t.startsAt)],
);
