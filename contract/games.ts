import { z } from 'zod';
import { defineCall, lgwReply } from './call.ts';

/** Game types of spec §3 (a game's and a vendor's `gameType`). */
export const gameType = z.enum([
  'RNG',
  'LIVE',
  'LOTT',
  'ELOTT',
  'INHOUSE',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'PVP',
  'FISH',
]);
export type GameType = z.infer<typeof gameType>;

/** Vendor categories of spec §3: lottery vendors (LOTT, ELOTT) fall under LOTTERY. */
export const gameCategory = z.enum([
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
  'LOTTERY',
  'INHOUSE',
]);
export type GameCategory = z.infer<typeof gameCategory>;

/** Header nav order (spec §2 Header): a type is listed only when it has at least one vendor. */
export const NAV_GAME_TYPES = [
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
] as const satisfies readonly GameType[];

/** Vendors shown in a nav dropdown before the More entry (spec §9). */
export const NAV_DROPDOWN_VENDORS = 15;

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
  summary: 'Vendor lanes: per game type, its vendor cards and the classes its games use',
  query: z.object({
    flush: z.coerce.boolean().optional(),
    platform: z.string().default('html5-desktop'),
  }),
  response: lgwReply(z.object({ lanes: z.array(vendorLane) })),
});
