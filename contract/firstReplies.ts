// The calls every portal page makes before its first screen (src/app/firstPage.ts), as the addresses the SPA's
// client asks for. The server answers them inside the page's HTML (server/http/pageHints.ts) and the client takes
// those replies instead of asking (src/api/firstReplies.ts): the first screen waits for no round trip but the page's.

import { PAGE_SIZE } from './constants.ts';
import type { PrizeMode } from './lottery.ts';

/** Where the page carries them: a JSON block, never run (the CSP allows no inline script). */
export const FIRST_REPLIES_ID = 'first-replies';

export interface FirstReplies {
  /** The merchant the replies are for: the page's domain's, or the one the SPA names in its calls (`linked`). */
  merchant: string;
  /** Asked for the merchant the SPA keeps (a white-label link's, `?merchant=`), not by the page's domain. */
  linked?: true;
  /** The Language header they were asked with. */
  language: string;
  /** Reply bodies by address (path and query string). */
  replies: Record<string, unknown>;
}

/** Spec §9: the winner board holds 20 wins. */
export const WINNER_BOARD_SIZE = 20;

/** Whether the page at `path` is home, whose first screen draws the hot games and the board of the latest wins. */
export const drawsHomeLists = (path: string): boolean => path === '/';

/**
 * The hot games' query (spec §7) as the portal asks it: every vendor's unless one is named, for the HTML5 desktop
 * platform. Home's hot row asks it first (src/features/games/gameListCalls.ts), and its first screen carries it.
 */
export const hotGamesParams = (language: string, vassalage?: string) => ({
  vassalage,
  language,
  isPlatform: 2,
  platform: 'html5-desktop',
});

/**
 * The lobbies whose first screen is a list of games (src/features/games/Lobby.tsx; the others show vendor tiles), by
 * path: their first page comes with the page, so the server draws the list and the app takes it over.
 */
export const LIST_LOBBIES = { '/rng': 'RNG', '/live': 'LIVE', '/pvp': 'PVP', '/fish': 'FISH' } as const;
export type ListLobbyType = (typeof LIST_LOBBIES)[keyof typeof LIST_LOBBIES];
export const listLobbyAt = (path: string): ListLobbyType | undefined =>
  LIST_LOBBIES[path as keyof typeof LIST_LOBBIES];

/**
 * The game list's query (spec §7) as the portal asks it: for the web client and the HTML5 desktop platform, with the
 * filters a lobby chose (a vendor, a class, a name, a minimum bet) between the type and the language, as the client
 * writes them (src/features/games/gameListCalls.ts). A lobby's first page has none.
 */
export const gameListParams = <T extends string, F extends object = object>(
  r: { gameType: T; vassalage?: string; language: string; pageNo: number; pageSize: number },
  filters?: F,
) => ({
  clientType: 3,
  platform: 'html5-desktop',
  gameType: r.gameType,
  vassalage: r.vassalage,
  ...(filters as F),
  language: r.language,
  pageNo: r.pageNo,
  pageSize: r.pageSize,
});

/** A list lobby's first page: its type's games, no filter, page 1 of the lobby's size. */
export const lobbyPageParams = (gameType: ListLobbyType, language: string) =>
  gameListParams({ gameType, language, pageNo: 1, pageSize: PAGE_SIZE.lobby });

/**
 * The lottery centre and the category its first screen draws (spec §1: Lott unless its link names another). The
 * menu's reply is the same whichever tab the link names: a tab only filters the list.
 */
export const LOTTERY_CENTRE = { path: '/lotteryCenter', prizeMode: 'Lott' } as const;

/** The lottery menu's query (spec §4) as the portal asks it (src/features/lottery/queries.ts). */
export const lotteryMenuParams = (prizeMode: PrizeMode) => ({ prizeMode });

/** Every page's, and the lists its first screen draws: home's, a list lobby's first page, the lottery centre's. */
export const firstCalls = (language: string, path: string): string[] => [
  '/wps/system/status',
  '/wps/system/whitelabel',
  '/lgw/games/vendor?platform=html5-desktop',
  `/wps/notice/index?language=${language}`,
  `/lgw/games/game_menus?language=${language}`,
  ...(drawsHomeLists(path)
    ? [
        // As the client's call writes hotGamesParams (src/api/client.ts withQuery: an absent vendor left out).
        `/lgw/games/hot?language=${language}&isPlatform=2&platform=html5-desktop`,
        `/wps/game/winners?gameCategory=ALL&limitNum=${WINNER_BOARD_SIZE}&language=${language}`,
      ]
    : []),
  // As the client's call writes lobbyPageParams.
  ...(listLobbyAt(path)
    ? [
        `/lgw/games/list?clientType=3&platform=html5-desktop&gameType=${listLobbyAt(path)}&language=${language}&pageNo=1&pageSize=${PAGE_SIZE.lobby}`,
      ]
    : []),
  // As the client's call writes lotteryMenuParams.
  ...(path === LOTTERY_CENTRE.path ? [`/lgw/vn/games/game_menu?prizeMode=${LOTTERY_CENTRE.prizeMode}`] : []),
];

/** What of a merchant's whitelabel reply (contract/system.ts) tells the languages it offers. */
export interface MerchantLanguages {
  tyLanguage: string;
  languages?: readonly string[];
  features: Partial<Record<string, boolean>>;
}

/**
 * The catalogues a merchant offers besides English: spec §1's TY entry, or with the full-list flag on
 * (LANGUAGE_LIST) every language it lists. Plain code, no schema: the first page reads it before zod loads.
 */
export const offeredLanguages = (m: MerchantLanguages): readonly string[] =>
  m.features.LANGUAGE_LIST && m.languages?.length ? m.languages : [m.tyLanguage];

/**
 * Spec §4: a portal speaks English and the languages it offers (offeredLanguages); a saved language it does not offer
 * gives way to English. The server draws a page's first screen in this language (server/http/pageHints.ts), answers
 * in it (server/http/locale.ts) and the app starts in it (src/main.tsx): were they to differ, the app could not take
 * the drawn screen over.
 */
export const offeredLanguage = <L extends string>(wanted: L, offered: readonly string[]): L | 'en' =>
  offered.includes(wanted) ? wanted : 'en';

/**
 * A returning member's first calls, their header's (info, balance, avatar, unread messages): a drawn page's boot script
 * asks them as soon as the page is read, while the app's code is still coming (contract/firstScreen.ts), and the
 * app takes its replies (src/api/earlyReplies.ts) instead of asking them once its code has run (src/app/memberStart.ts).
 */
export const MEMBER_START_CALLS = [
  '/wps/member/info',
  '/wps/v2/wallets/balance',
  '/wps/relay/MCSFE_getPlayerAvatar',
  '/wps/relay/unreadCount',
] as const;

/** Where the boot script leaves those calls for the app: on `window`, under this name. */
export const MEMBER_START_GLOBAL = 'memberStart';

/** What the boot script leaves: the calls' replies (their bodies; undefined when one failed) and how it asked them. */
export interface EarlyCalls {
  token: string;
  merchant: string | null;
  language: string;
  replies: Record<string, Promise<unknown>>;
}

/** The cookie beside the saved merchant (a white-label link's, `?merchant=`), for the server to draw its pages. */
export const MERCHANT_COOKIE = 'merchant';
