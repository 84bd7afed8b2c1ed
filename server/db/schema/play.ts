import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import type { GameType } from '../../../contract/games.ts';
import { members } from './accounts.ts';
import { at, merchantCode } from './columns.ts';

/**
 * One game launch: who opened which game, and the launch token (stored hashed) the game's page uses to reach the
 * member's wallet. Launches are also the play data behind recent games (per member) and popular games.
 */
export const gameLaunches = pgTable(
  'game_launches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    nodeId: text('node_id').notNull(),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').$type<GameType>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The member's session the game was launched from: the launch ends with it (logout, lock, break, password). */
    sessionTokenHash: text('session_token_hash'),
    /** A trial account's launch (agent type 4): free-play games only. */
    trial: boolean('trial').notNull().default(false),
    language: text('language').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('game_launches_member_time').on(t.memberId, t.createdAt),
    index('game_launches_merchant_time').on(t.merchantCode, t.createdAt),
  ],
);

/**
 * A game round of a seamless-wallet game (in-house games, and any vendor that calls our wallet): its bet, its
 * win, and how it ended. Rounds feed the betting record, P&L and the winner board.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    vassalage: text('vassalage').notNull(),
    nodeId: text('node_id').notNull(),
    gameType: text('game_type').$type<GameType>().notNull(),
    /** The round id the game gave it: unique per vendor. */
    roundRef: text('round_ref').notNull(),
    /** Minor units. */
    bet: bigint('bet', { mode: 'bigint' }).notNull().default(sql`0`),
    win: bigint('win', { mode: 'bigint' }).notNull().default(sql`0`),
    status: text('status').$type<'OPEN' | 'SETTLED' | 'ROLLED_BACK'>().notNull().default('OPEN'),
    /** What the game showed (reels, dice roll …), for the betting record's detail. */
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    unique('game_rounds_ref').on(t.merchantCode, t.vassalage, t.roundRef),
    index('game_rounds_member_time').on(t.memberId, t.createdAt),
    /** Team figures and contract settlement read settled rounds per member and time. */
    index('game_rounds_member_settled').on(t.memberId, t.settledAt),
  ],
);
