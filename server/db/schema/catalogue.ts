import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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

/**
 * A game the public lists show: not gone from its vendor's feed, not hidden by an operator. The partial indexes of
 * `games` are on this very predicate, so a query must say it the same way to use them.
 */
export const listedPredicate = (t: { removedAt: AnyPgColumn; hidden: AnyPgColumn }) =>
  sql`${t.removedAt} is null and not ${t.hidden}`;

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
    /**
     * A vendor feed's game: the feed's own values of the fields an operator may override (null for a game not
     * from a feed). The columns above hold what is in effect: `overrides` over `feed`.
     */
    feed: jsonb('feed').$type<GameFlags | null>(),
    /** The fields an operator set (server/modules/vendors): a sync never changes them. */
    overrides: jsonb('overrides').$type<Partial<GameFlags>>().notNull().default({}),
    /** The picture downloaded from the feed (storage key), and the feed's address it came from. */
    pictureKey: text('picture_key'),
    pictureSource: text('picture_source'),
    /** Gone from its vendor's feed: hidden from every list and launch, kept for the history that names it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** Hidden by an operator (/ops Games): out of every list and launch like a removed game, until shown again. */
    hidden: boolean('hidden').notNull().default(false),
    /** The icon an operator uploaded (storage key, server/http/pictures.ts): shown before the feed's picture. */
    iconKey: text('icon_key'),
  },
  (t) => [
    unique('games_merchant_node').on(t.merchantCode, t.nodeId),
    index('games_merchant_type_vendor').on(t.merchantCode, t.gameType, t.vassalage),
    // Lists are read in catalogue order, a page at a time.
    index('games_merchant_type_order').on(t.merchantCode, t.gameType, t.sort, t.id),
    // The public lists see listed games only (modules/games/list.ts `listedGame`, the same predicate): a page of
    // any filter is read in order and counted from these alone, however many games a catalogue keeps.
    index('games_listed_order').on(t.merchantCode, t.sort, t.id).where(listedPredicate(t)),
    index('games_listed_type_order').on(t.merchantCode, t.gameType, t.sort, t.id).where(listedPredicate(t)),
    index('games_listed_vendor_order')
      .on(t.merchantCode, t.vassalage, t.gameType, t.sort, t.id)
      .where(listedPredicate(t)),
    index('games_listed_hot')
      .on(t.merchantCode, t.sort, t.id)
      .where(sql`${t.isHot} and ${listedPredicate(t)}`),
  ],
);

/**
 * Listed games counted per merchant, type and vendor: the public lists' totals (modules/games/list.ts), kept by the
 * games' trigger in the writer's transaction (migration 0038).
 */
export const gameCounts = pgTable(
  'game_counts',
  {
    merchantCode: text('merchant_code').notNull(),
    gameType: text('game_type').notNull(),
    vassalage: text('vassalage').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.gameType, t.vassalage] })],
);

/** The fields of a game an operator may override over its vendor's feed. */
export interface GameFlags {
  isHot: boolean;
  isNew: boolean;
  sort: number;
  /** ISO time; null: not under maintenance. */
  maintenanceUntil: string | null;
}

/** The last catalogue sync of a merchant's vendor: when, what it changed, and the error that stopped it. */
export const vendorSyncs = pgTable(
  'vendor_syncs',
  {
    merchantCode: merchantCode(),
    vassalage: text('vassalage').notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
    /** The last sync that applied its feed. */
    lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    pictures: integer('pictures').notNull().default(0),
    /** Games in the feed now. */
    listed: integer('listed').notNull().default(0),
    /** Why the last run changed nothing (null when it applied), or what it skipped (`problems`). */
    error: text('error'),
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.vassalage] })],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  merchantCode: merchantCode(),
  groupName: text('group_name').$type<BannerGroup>().notNull(),
  linkageType: text('linkage_type').$type<'NONE' | 'ROUTE' | 'URL'>().notNull().default('NONE'),
  link: text('link').notNull().default(''),
  titles: jsonb('titles').$type<Record<string, string>>().notNull(),
  sort: integer('sort').notNull().default(0),
  /** The picture an operator uploaded (storage key, server/http/pictures.ts); null: drawn from the title. */
  pictureKey: text('picture_key'),
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
