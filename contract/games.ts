import { z } from 'zod';
import { defineCall, lgwReply, wpsReply } from './call.ts';
import { GAME_CATEGORIES, GAME_TYPES, PAGE_SIZE } from './constants.ts';

export { NAV_DROPDOWN_VENDORS, NAV_GAME_TYPES, PAGE_SIZE } from './constants.ts';

/** Game types of spec §3 (a game's and a vendor's `gameType`). */
export const gameType = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof gameType>;

/** Vendor categories of spec §3: lottery vendors (LOTT, ELOTT) fall under LOTTERY. */
export const gameCategory = z.enum(GAME_CATEGORIES);
export type GameCategory = z.infer<typeof gameCategory>;

export const vendor = z.object({
  vassalage: z.string(),
  gameType,
  gameCategory,
  displayName: z.string(),
  logoUrl: z.string(),
  gameCount: z.number().int(),
});
export type Vendor = z.infer<typeof vendor>;

export const gameMenus = defineCall({
  method: 'GET',
  path: '/lgw/games/game_menus',
  class: 'read',
  summary: 'Game menus: the game types that have vendors, each with its vendors in display order',
  query: z.object({ language: z.string().optional() }),
  response: lgwReply(z.object({ menus: z.array(z.object({ gameType, vendors: z.array(vendor) })) })),
});
export type GameMenu = z.infer<typeof gameMenus.response>['data']['menus'][number];

export const vendorLane = z.object({
  title: gameType,
  cards: z.array(vendor),
  gameClassify: z.array(z.string()),
});
export type VendorLane = z.infer<typeof vendorLane>;

export const gameVendor = defineCall({
  method: 'GET',
  path: '/lgw/games/vendor',
  class: 'read',
  summary: 'Vendor lanes: per game type, its vendor cards and the classes its games use',
  query: z.object({
    flush: z.coerce.boolean().optional(),
    platform: z.string().default('html5-desktop'),
  }),
  response: lgwReply(z.object({ lanes: z.array(vendorLane) })),
});

/** A game of the catalogue as lists show it (spec §3 Game); flags are 1/0 as the spec has them. */
export const game = z.object({
  id: z.number().int(),
  nodeId: z.string(),
  vassalage: z.string(),
  gameType,
  gameName: z.string(),
  displayName: z.string(),
  gameClassify: z.string(),
  iconUrl: z.string(),
  isNew: z.union([z.literal(0), z.literal(1)]),
  isHot: z.union([z.literal(0), z.literal(1)]),
  supportPlay: z.boolean(),
  /** Minimum bet in minor units. */
  minBet: z.number().int(),
  /** Set while the game is under maintenance: until when. */
  maintenanceUntil: z.string().nullable(),
});
export type Game = z.infer<typeof game>;

const flag = z.enum(['0', '1']).transform((v) => v === '1');

export const gameList = defineCall({
  method: 'GET',
  path: '/lgw/games/list',
  class: 'read',
  summary: 'Game list with the spec filters (type, vendor, class, new, name, minimum bet) and paging',
  query: z.object({
    gameType: gameType.optional(),
    vassalage: z.string().trim().max(40).optional(),
    gameClassify: z.string().trim().max(40).optional(),
    isNew: flag.optional(),
    gameName: z.string().trim().max(60).optional(),
    /** Games whose minimum bet is at most this (minor units). */
    minBet: z.coerce.number().int().min(0).optional(),
    language: z.string().optional(),
    clientType: z.coerce.number().int().optional(),
    platform: z.string().max(40).optional(),
    pageNo: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE.popup).optional(),
  }),
  response: lgwReply(
    z.object({ games: z.array(game), totalPages: z.number().int(), total: z.number().int() }),
  ),
});

export const hotGames = defineCall({
  method: 'GET',
  path: '/lgw/games/hot',
  class: 'read',
  summary: 'Hot games (isHot = 1), optionally of one vendor',
  query: z.object({
    vassalage: z.string().trim().max(40).optional(),
    language: z.string().optional(),
    isPlatform: z.coerce.number().int().optional(),
    platform: z.string().max(40).optional(),
  }),
  response: lgwReply(z.object({ games: z.array(game) })),
});

const favouriteRef = z.object({
  nodeId: z.string().trim().min(1).max(80),
  vendor: z.string().trim().max(40),
  gameType,
});

export const favouriteIds = defineCall({
  method: 'GET',
  path: '/wps/game/fav/ids',
  class: 'read',
  summary: 'The member’s favourite games as node ids',
  auth: 'token',
  query: z.object({}),
  response: wpsReply(z.array(z.string())),
});

export const favouriteList = defineCall({
  method: 'GET',
  path: '/wps/game/fav/list',
  class: 'read',
  summary: 'The member’s favourite games (999 a page by default), newest first',
  auth: 'token',
  query: z.object({
    gameType: gameType.optional(),
    vendor: z.string().trim().max(40).optional(),
    language: z.string().optional(),
    pageNo: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE.favourites).default(PAGE_SIZE.favourites),
  }),
  response: wpsReply(z.object({ content: z.array(game), totalPages: z.number().int() })),
});

export const addFavourite = defineCall({
  method: 'POST',
  path: '/wps/game/fav/add',
  class: 'account',
  summary: 'Add a game to the favourites (addFavGameV2)',
  auth: 'token',
  body: favouriteRef,
  response: wpsReply(z.null()),
});

export const removeFavourite = defineCall({
  method: 'POST',
  path: '/wps/game/fav/remove',
  class: 'account',
  summary: 'Remove a game from the favourites (removeFavGameV2)',
  auth: 'token',
  body: favouriteRef,
  response: wpsReply(z.null()),
});

/** Spec §3 winner board entry: who won how much in which game (names masked). */
export const winnerEntry = z.object({
  customerId: z.number().int(),
  vo: z.object({
    iconUrl: z.string(),
    customerName: z.string(),
    gameName: z.string(),
    winAmount: z.number().int(),
  }),
});

export const winnerBoard = defineCall({
  method: 'GET',
  path: '/wps/game/winners',
  class: 'read',
  summary: 'Latest big wins (gameCategory ALL or one category), newest first',
  query: z.object({
    gameCategory: z.union([z.literal('ALL'), gameCategory]).default('ALL'),
    limitNum: z.coerce.number().int().min(1).max(100).default(20),
    language: z.string().optional(),
  }),
  response: wpsReply(z.object({ list: z.array(winnerEntry) })),
});

export const popularGames = defineCall({
  method: 'GET',
  path: '/lgw/games/popular',
  class: 'read',
  summary:
    'Popular games: the most launched games of the last 7 days (catalogue order when there is no play yet)',
  query: z.object({
    count: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.popular),
    gameType: gameType.optional(),
    language: z.string().optional(),
  }),
  response: lgwReply(z.object({ games: z.array(game) })),
});

export const recentGames = defineCall({
  method: 'GET',
  path: '/wps/game/recent',
  class: 'read',
  summary: 'The member’s recently launched games (getRecentGameList), latest first, each game once',
  auth: 'token',
  query: z.object({
    clientType: z.coerce.number().int().optional(),
    vassalage: z.string().trim().max(40).optional(),
    gameType: gameType.optional(),
    language: z.string().optional(),
    pageNo: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE.popup).default(PAGE_SIZE.default),
  }),
  response: wpsReply(z.object({ list: z.array(game), totalPages: z.number().int() })),
});

/** A PvP (card game) table a member can join. */
export const pvpRoom = z.object({
  roomId: z.string(),
  nodeId: z.string(),
  vassalage: z.string(),
  gameName: z.string(),
  /** Minor units. */
  minBet: z.number().int(),
  players: z.number().int(),
  maxPlayers: z.number().int(),
  /** The game has free play: a trial account may sit down (spec §6). */
  supportPlay: z.boolean(),
});

export const pvpRooms = defineCall({
  method: 'GET',
  path: '/wps/relay/GLS2_roomList',
  class: 'read',
  summary: 'PvP room list (tables of the card games, with their seats taken)',
  auth: 'token',
  query: z.object({ vassalage: z.string().trim().max(40).optional(), language: z.string().optional() }),
  response: wpsReply(z.object({ list: z.array(pvpRoom) })),
});
