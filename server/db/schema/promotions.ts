import { sql } from 'drizzle-orm';
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
import { at, merchantCode } from './columns.ts';
import { memberId } from './memberColumn.ts';

/**
 * A merchant's promotions (spec §2 promotions by type, /promoDetail). `kind` says how a member takes part (apply for
 * review, promo code, rescue fund, daily task, sign-in, raffle); `settings` holds that kind's figures, checked by the
 * contract's schema of the kind when written. Texts per language, HTML sanitised when written.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    /** The tab it is listed under (NEW_MEMBER, DEPOSIT, DAILY, VIP, OTHER …). */
    category: text('category').notNull(),
    kind: text('kind').notNull(),
    titles: jsonb('titles').$type<Record<string, string>>().notNull(),
    summaries: jsonb('summaries').$type<Record<string, string>>().notNull().default({}),
    contents: jsonb('contents').$type<Record<string, string>>().notNull().default({}),
    /** The fixed reward in minor units (the rescue fund pays a rate of the loss instead, capped by it). */
    reward: bigint('reward', { mode: 'bigint' }).notNull().default(sql`0`),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** A promo code's code (upper case), unique per merchant. */
    code: text('code'),
    startsAt: at('starts_at').notNull().defaultNow(),
    endsAt: at('ends_at'),
    /** Hidden promotions are neither listed nor joinable (an operator withdrew it). */
    hidden: boolean('hidden').notNull().default(false),
    /**
     * When a FINANCE or ADMIN operator approved its reward and terms (table `changes`); null: it waits for that and
     * does not run. Rows made before maker-checker, and seeded ones, count as approved.
     */
    approvedAt: at('approved_at').defaultNow(),
    sort: integer('sort').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('promotions_merchant').on(t.merchantCode, t.sort),
    unique('promotions_merchant_code').on(t.merchantCode, t.code),
  ],
);

/**
 * A member's part in a promotion for one period ('ONCE', or the merchant's day 'YYYY-MM-DD' of daily kinds): one row
 * per promotion, member and period, so a second claim or application in the same period is refused by the database.
 */
export const promotionEntries = pgTable(
  'promotion_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    merchantCode: merchantCode(),
    memberId: memberId(),
    period: text('period').notNull(),
    /** APPLYING, REJECTED, ISSUED (paid on approval), CLAIMED (paid on claim), JOINED, WON, LOST (raffle). */
    status: text('status').notNull(),
    remark: text('remark'),
    /** Stored upload names (png/jpg checked by content). */
    uploads: jsonb('uploads').$type<string[]>().notNull().default([]),
    /** Minor units paid (or to pay, for a raffle winner), once decided. */
    reward: bigint('reward', { mode: 'bigint' }),
    /** The operator's reason, shown to the member on a rejection. */
    reviewRemark: text('review_remark'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    unique('promotion_entries_once').on(t.promotionId, t.memberId, t.period),
    index('promotion_entries_member').on(t.memberId, t.createdAt),
    index('promotion_entries_review').on(t.merchantCode, t.status),
  ],
);
