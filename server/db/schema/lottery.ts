import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, merchantCode } from './columns.ts';
import { memberId } from './memberColumn.ts';
import { gameRounds } from './play.ts';

/**
 * One draw of a lottery (the same result for every merchant, as with the real Vietnamese lotteries). A house draw's
 * numbers are drawn when the row is made and kept secret; until `draw_at` only the commitment sha256(salt:numbers)
 * is shown. COMMITTED → DRAWN (revealed) → SETTLED (every bet paid or lost). An official lottery's draw (catalogue
 * `results: 'OFFICIAL'`) has no numbers, salt or commitment ('') until its results are confirmed (DRAWN, `source`
 * FEED or OPERATOR); without them by the deadline it is VOID and its bets refunded.
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameCode: text('game_code').notNull(),
    issue: text('issue').notNull(),
    drawAt: at('draw_at').notNull(),
    lockAt: at('lock_at').notNull(),
    status: text('status').$type<'COMMITTED' | 'DRAWN' | 'SETTLED' | 'VOID'>().notNull().default('COMMITTED'),
    commitment: text('commitment').notNull(),
    /** The spec's format (DB first, comma between prizes, tilde within one). Secret until drawn. */
    numbers: text('numbers').notNull(),
    salt: text('salt').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    drawnAt: at('drawn_at'),
    settledAt: at('settled_at'),
    /** Who gave the numbers: HOUSE, FEED, OPERATOR (maker-checker) or DEVELOPMENT; null until drawn. */
    source: text('source').$type<'HOUSE' | 'FEED' | 'OPERATOR' | 'DEVELOPMENT'>(),
    voidedAt: at('voided_at'),
  },
  (t) => [
    unique('lottery_draws_issue').on(t.gameCode, t.issue),
    index('lottery_draws_status_time').on(t.status, t.drawAt),
    index('lottery_draws_game_time').on(t.gameCode, t.drawAt),
  ],
);

/**
 * A lottery bet: one play on one draw. Its money is a game round (bet at placement, win at settlement), so the
 * betting record, P&L, missions and rebate see lottery play like any other game.
 */
export const lotteryBets = pgTable(
  'lottery_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: memberId(),
    drawId: bigint('draw_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryDraws.id),
    roundId: bigint('round_id', { mode: 'number' })
      .notNull()
      .references(() => gameRounds.id),
    playType: text('play_type').notNull(),
    numbers: jsonb('numbers').$type<string[]>().notNull(),
    /** Points bet (a lô point costs 27 units in the North, 18 in the South; đề, 3 càng and xiên one). */
    points: integer('points').notNull(),
    /** What the bet cost, minor units: points × the play's point cost when placed. */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** What each hit pays, minor units: points × the play's win per point when placed. */
    winPerHit: bigint('win_per_hit', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'OPEN' | 'WON' | 'LOST' | 'REFUNDED'>().notNull().default('OPEN'),
    winUnits: integer('win_units'),
    payout: bigint('payout', { mode: 'bigint' }),
    /** The slip's request id and the bet's line on it: a resent slip places nothing twice. */
    requestId: text('request_id').notNull(),
    line: integer('line').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    unique('lottery_bets_request').on(t.memberId, t.requestId, t.line),
    index('lottery_bets_draw').on(t.drawId, t.status),
    // A member's bets, newest first, and their count (My Bets) and lotteries (recent menu): every such read also
    // filters by merchant, so the index carries it and the draw, and those reads need no heap visit.
    index('lottery_bets_member_time').on(t.memberId, t.merchantCode, t.createdAt, t.drawId),
    // The popular lotteries count a merchant's bets of the last days by draw: from this index alone.
    index('lottery_bets_merchant_time').on(t.merchantCode, t.createdAt, t.drawId),
  ],
);

/**
 * Official results typed or fetched for a draw (maker-checker): the first entry waits PENDING (its numbers are never
 * shown) until a different operator types the same numbers (CONFIRMED) or other ones (MISMATCH: both enter again).
 * A feed's result is an entry too (`operator_id` null). At most one PENDING entry per draw.
 */
export const lotteryResultEntries = pgTable(
  'lottery_result_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    drawId: bigint('draw_id', { mode: 'number' })
      .notNull()
      .references(() => lotteryDraws.id),
    source: text('source').$type<'FEED' | 'OPERATOR'>().notNull(),
    /** The operator who typed it (null for the feed) and their name as audited. */
    operatorId: integer('operator_id'),
    enteredBy: text('entered_by').notNull(),
    /** The spec's format (DB first, comma between prizes, tilde within one). */
    numbers: text('numbers').notNull(),
    status: text('status')
      .$type<'PENDING' | 'CONFIRMED' | 'MISMATCH' | 'SUPERSEDED'>()
      .notNull()
      .default('PENDING'),
    checkedBy: text('checked_by'),
    /** The prizes (DB, G1 …) the check typed differently. */
    differs: jsonb('differs').$type<string[]>(),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('lottery_result_entries_pending').on(t.drawId).where(sql`${t.status} = 'PENDING'`),
    index('lottery_result_entries_draw').on(t.drawId, t.createdAt),
  ],
);

/** The results feed's last poll: when it answered well, and its last error (shown to operators). */
export const lotteryResultFeed = pgTable('lottery_result_feed', {
  name: text('name').primaryKey(),
  checkedAt: at('checked_at'),
  okAt: at('ok_at'),
  error: text('error'),
  errorAt: at('error_at'),
});

/**
 * A merchant's lottery bets counted per closed hour and lottery, for the popular lotteries (modules/lottery/popular.ts):
 * an hour is counted once, when it is over, so the last 7 days are read as their hours, not as every bet. A row of
 * game code `*` marks an hour counted (an hour without bets has only that row).
 */
export const lotteryBetHours = pgTable(
  'lottery_bet_hours',
  {
    merchantCode: merchantCode(),
    hour: at('hour').notNull(),
    gameCode: text('game_code').notNull(),
    bets: integer('bets').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.hour, t.gameCode] })],
);

/**
 * The lotteries each member bet on, with their last bet's time: the recent lotteries menu reads at most one row per
 * lottery of the member instead of every bet of the member's history joined to its draw. Kept by triggers on
 * `lottery_bets` (migration 0042) in the writer's statement, whoever inserts: a slip, a seed, a test.
 */
export const memberLotteries = pgTable(
  'member_lotteries',
  {
    memberId: memberId(),
    merchantCode: merchantCode(),
    gameCode: text('game_code').notNull(),
    lastBetAt: at('last_bet_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.merchantCode, t.gameCode] })],
);
