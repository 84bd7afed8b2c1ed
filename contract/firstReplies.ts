// The calls every portal page makes before its first screen (src/app/firstPage.ts), as the addresses the SPA's
// client asks for. The server answers them inside the page's HTML (server/http/pageHints.ts) and the client takes
// those replies instead of asking (src/api/firstReplies.ts): the first screen waits for no round trip but the page's.

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

/** Every page's, and home's lists where the first screen draws them. */
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

/** The cookie beside the saved merchant (a white-label link's, `?merchant=`), for the server to draw its pages. */
export const MERCHANT_COOKIE = 'merchant';
