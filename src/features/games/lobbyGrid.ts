import type { GameType } from '../../../contract/games.ts';

/**
 * Spec §9 Lobby grids: "5 large then the rest; sports lobby 2 vendors, RNG or fish 4; RNG-type lobby 10 large
 * items". A game lobby leads with its first games drawn large (5, or 10 in the slots lobby, the RNG type), then the
 * rest in the ordinary grid. Vendor tiles stand 2 to a row in the sports lobby and 4 elsewhere, as in the RNG and
 * fish lobbies.
 */
export const LOBBY_GRID = {
  large: 5,
  rngLarge: 10,
  sportsVendorColumns: 2,
  vendorColumns: 4,
} as const;

/** How many games lead a lobby's list drawn large. */
export const largeCount = (gameType: GameType): number =>
  gameType === 'RNG' ? LOBBY_GRID.rngLarge : LOBBY_GRID.large;

/** Vendor tiles to a row (on a wide screen; one a row on a phone). */
export const vendorColumns = (gameType: GameType): number =>
  gameType === 'SPORTS' ? LOBBY_GRID.sportsVendorColumns : LOBBY_GRID.vendorColumns;
