import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';
import { at, merchantCode } from './columns.ts';
import { memberId } from './memberColumn.ts';

/**
 * A merchant's rules of one topic (payments, rebate, missions, tickets, referral) as JSON; a topic without a
 * row uses the defaults in code. Each module validates its topic with its own schema.
 */
export const merchantRules = pgTable(
  'merchant_rules',
  {
    merchantCode: merchantCode(),
    topic: text('topic').notNull(),
    rules: jsonb('rules').$type<Record<string, unknown>>().notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.topic] })],
);

/** Internal messages (spec §2 messageV2): to one member, or to every member of the merchant when member_id is null. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: integer('member_id').references(() => members.id),
    category: text('category').notNull(),
    /** System messages: what the client renders in the member's language from `params`; title/body are the English. */
    template: text('template'),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('messages_recipient_time').on(t.merchantCode, t.memberId, t.createdAt)],
);

/** A member's state of a message: read and/or deleted (no row: unread). */
export const messageStates = pgTable(
  'message_states',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id),
    memberId: memberId(),
    readAt: at('read_at'),
    deletedAt: at('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.memberId] })],
);

/**
 * Reward tickets (spec §3: red envelope, prize wheel, golden egg). The prize is drawn when the member opens the
 * ticket; `source`/`source_ref` name what awarded it, so one event awards one ticket.
 */
export const rewardTickets = pgTable(
  'reward_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: memberId(),
    type: text('type').notNull(),
    source: text('source').notNull(),
    sourceRef: text('source_ref').notNull(),
    status: text('status').notNull().default('AVAILABLE'),
    /** Minor units, set when opened. */
    prize: bigint('prize', { mode: 'bigint' }),
    /** Which wheel segment or egg the prize came from (what the page animates to). */
    prizeIndex: integer('prize_index'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    openedAt: at('opened_at'),
  },
  (t) => [
    unique('reward_tickets_source').on(t.merchantCode, t.memberId, t.source, t.sourceRef),
    index('reward_tickets_member').on(t.memberId, t.status, t.expiresAt),
  ],
);

/** A claimed mission reward: one per member, mission and period (the period's first day in the merchant's zone). */
export const missionClaims = pgTable(
  'mission_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: memberId(),
    missionCode: text('mission_code').notNull(),
    periodStart: date('period_start').notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('mission_claims_once').on(t.merchantCode, t.memberId, t.missionCode, t.periodStart)],
);

/**
 * A manual rebate claim: the turnover settled in [from_at, until_at) and what it paid. The next claim starts at
 * this one's until_at, so a turnover is rebated once; two racing claims share from_at and only one is stored.
 */
export const rebateClaims = pgTable(
  'rebate_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: memberId(),
    fromAt: at('from_at').notNull(),
    untilAt: at('until_at').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Per game type: turnover, rate and rebate (minor units, rate in basis points). */
    detail: jsonb('detail').$type<Record<string, unknown>[]>().notNull().default(sql`'[]'::jsonb`),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique('rebate_claims_from').on(t.merchantCode, t.memberId, t.fromAt)],
);
