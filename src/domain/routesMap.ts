import type { GameType } from '../../contract/games.ts';

/** Spec §2 path map: a game type's lobby route. */
export const GAME_TYPE_PATH = {
  ELOTT: '/elott',
  LOTT: '/lott',
  LIVE: '/live',
  SPORTS: '/sports',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  ESPORTS: '/esports',
  COCKFIGHT: '/cockfight',
  INHOUSE: '/inhouse',
} as const satisfies Record<GameType, string>;

export type LobbyPath = (typeof GAME_TYPE_PATH)[GameType];

export { bannerGroupOf, bannersFor } from '../../contract/banners.ts';

/** Spec §2: /index, /index.html and /home are the home page, /register.html the registration page. */
export const ROUTE_ALIASES: Record<string, string> = {
  '/index': '/',
  '/index.html': '/',
  '/home': '/',
  '/register.html': '/register',
};

/** The operator back office (its pages are a search parameter): none of the portal's frame, guard or gate. */
export const isOpsPath = (path: string) => path === '/ops';

/** Spec §2 Access guard: without a token only these paths are open when the merchant's flag is on. */
export const OPEN_PATHS = ['/login', '/register', '/register.html', '/helpmc', '/contact', '/download'];

export function mustLogIn(path: string, loggedInToHome: boolean, hasToken: boolean): boolean {
  return loggedInToHome && !hasToken && !OPEN_PATHS.includes(path);
}
