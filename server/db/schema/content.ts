import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';
import { at, merchantCode } from './columns.ts';
import { memberId } from './memberColumn.ts';

/**
 * Help centre items (spec §7 helpCenter): titles and HTML contents per language, sanitised when written. `anchor`
 * names an item a link can open directly (the terms are `term`: /help#term).
 */
export const helpItems = pgTable('help_items', {
  id: serial('id').primaryKey(),
  merchantCode: merchantCode(),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
  contents: jsonb('contents').$type<Record<string, string>>().notNull(),
  anchor: text('anchor'),
  sort: integer('sort').notNull().default(0),
});

/** Feedback (spec §7 PUT /wps/feedback): up to 140 characters, from a member or a visitor. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: integer('member_id').references(() => members.id),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('feedback_merchant_time').on(t.merchantCode, t.createdAt)],
);

/** A member's points (spec §2 points mall, PTSYS3): the balance never goes below 0; points never expire. */
export const pointAccounts = pgTable(
  'point_accounts',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    merchantCode: merchantCode(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Settled bets up to this time have earned their points (null: none yet). */
    earnedThrough: at('earned_through'),
  },
  (t) => [check('point_accounts_balance_non_negative', sql`${t.balance} >= 0`)],
);

/** Every change of a member's points, once per reference (a replayed reference changes nothing). */
export const pointEntries = pgTable(
  'point_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: memberId(),
    /** Points, + earned, − spent. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** EARN (settled bets), REDEEM, REFUND (a rejected redemption), CONVERT (points to money), OPS. */
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('point_entries_ref').on(t.merchantCode, t.ref),
    index('point_entries_member_time').on(t.memberId, t.createdAt),
  ],
);

/** The points mall's rewards: money credited to the main wallet, or goods an operator sends. */
export const pointRewards = pgTable('point_rewards', {
  id: serial('id').primaryKey(),
  merchantCode: merchantCode(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  points: integer('points').notNull(),
  kind: text('kind').$type<'CASH' | 'GOODS'>().notNull(),
  /** CASH rewards: minor units credited on approval. */
  cashAmount: bigint('cash_amount', { mode: 'bigint' }),
  /** Null: unlimited. */
  stock: integer('stock'),
  active: integer('active').notNull().default(1),
  sort: integer('sort').notNull().default(0),
});

/** Spec §4 redeem status: IN_PROCESS → APPROVED | REJECTED (points given back). */
export const pointRedemptions = pgTable(
  'point_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: memberId(),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => pointRewards.id),
    points: integer('points').notNull(),
    status: text('status').$type<'IN_PROCESS' | 'APPROVED' | 'REJECTED'>().notNull().default('IN_PROCESS'),
    remark: text('remark'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [index('point_redemptions_member_time').on(t.memberId, t.createdAt)],
);
