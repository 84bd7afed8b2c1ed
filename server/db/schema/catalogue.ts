import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { BannerGroup } from '../../../contract/content.ts';
import type { GameCategory, GameType } from '../../../contract/games.ts';
import { members } from './accounts.ts';
import { merchantCode } from './columns.ts';

/** A vendor (provider) of one game type in a merchant's catalogue; `vassalage` is the vendor code. */
export const vendors = pgTable(
  'vendors',
  {
    merchantCode: merchantCode(),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').$type<GameType>().notNull(),
    gameCategory: text('game_category').$type<GameCategory>().notNull(),
    displayName: text('display_name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.vassalage, t.gameType] })],
);

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    nodeId: text('node_id').notNull(),
    vassalage: text('vassalage').notNull(),
    gameType: text('game_type').$type<GameType>().notNull(),
    /** Names per locale: { en, vi }. */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    gameClassify: text('game_classify').notNull(),
    isNew: boolean('is_new').notNull().default(false),
    isHot: boolean('is_hot').notNull().default(false),
    supportPlay: boolean('support_play').notNull().default(false),
    /** Minimum bet in minor units. */
    minBet: bigint('min_bet', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
    maintenanceUntil: timestamp('maintenance_until', { withTimezone: true }),
  },
  (t) => [
    unique('games_merchant_node').on(t.merchantCode, t.nodeId),
    index('games_merchant_type_vendor').on(t.merchantCode, t.gameType, t.vassalage),
    // Lists are read in catalogue order, a page at a time.
    index('games_merchant_type_order').on(t.merchantCode, t.gameType, t.sort, t.id),
  ],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  merchantCode: merchantCode(),
  groupName: text('group_name').$type<BannerGroup>().notNull(),
  linkageType: text('linkage_type').$type<'NONE' | 'ROUTE' | 'URL'>().notNull().default('NONE'),
  link: text('link').notNull().default(''),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
  sort: integer('sort').notNull().default(0),
});

export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  merchantCode: merchantCode(),
  type: text('type').$type<'B' | 'PL' | 'PU' | 'PR' | 'H'>().notNull(),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
  contents: jsonb('contents').$type<Record<string, string>>().notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A member's favourite games (by node id). */
export const favourites = pgTable(
  'favourites',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    merchantCode: merchantCode(),
    nodeId: text('node_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.nodeId] })],
);

/** Big wins for the winner board: settled wins of members, and a generated history on a new install. */
export const winners = pgTable(
  'winners',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    memberId: integer('member_id').references(() => members.id),
    /** Shown masked ("pla***01"). */
    customerName: text('customer_name').notNull(),
    nodeId: text('node_id').notNull(),
    /** Minor units. */
    winAmount: bigint('win_amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('winners_merchant_time').on(t.merchantCode, t.createdAt)],
);
