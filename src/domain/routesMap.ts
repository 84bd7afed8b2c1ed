import type { BannerGroup } from '../../contract/content.ts';
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

/** Spec §2: the banner area is chosen by route group; routes not listed show no banner. */
const BANNER_GROUP_BY_PATH: Record<string, BannerGroup> = {
  '/': 'home',
  '/hot': 'home',
  '/fav': 'home',
  '/rng': 'rng',
  '/live': 'live',
  '/fish': 'fish',
  '/pvp': 'pvp',
  '/sports': 'sports',
  '/esports': 'esports',
  '/cockfight': 'cockfight',
  '/inhouse': 'inhouse',
  '/elott': 'lottery',
  '/lott': 'lottery',
  '/lotteryCenter': 'lottery',
  '/promotions': 'promotion',
  '/promoDetail': 'promotion',
  '/pointMall': 'shop',
  '/help': 'help',
  '/helpmc': 'help',
  '/contact': 'help',
  '/register': 'register',
};

/** Spec §2: /index, /index.html and /home are the home page, /register.html the registration page. */
export const ROUTE_ALIASES: Record<string, string> = {
  '/index': '/',
  '/index.html': '/',
  '/home': '/',
  '/register.html': '/register',
};

export const bannerGroupOf = (path: string): BannerGroup | null => BANNER_GROUP_BY_PATH[path] ?? null;

/** The banners to show for a group: the help page prefers its w_help banners (spec §2). */
export function bannersFor<B extends { groupName: BannerGroup }>(
  banners: B[],
  group: BannerGroup | null,
): B[] {
  if (!group) return [];
  if (group === 'help') {
    const help = banners.filter((b) => b.groupName === 'w_help');
    if (help.length > 0) return help;
  }
  return banners.filter((b) => b.groupName === group);
}

/** The operator back office (its pages are a search parameter): none of the portal's frame, guard or gate. */
export const isOpsPath = (path: string) => path === '/ops';

/** Spec §2 Access guard: without a token only these paths are open when the merchant's flag is on. */
export const OPEN_PATHS = ['/login', '/register', '/register.html', '/helpmc', '/contact', '/download'];

export function mustLogIn(path: string, loggedInToHome: boolean, hasToken: boolean): boolean {
  return loggedInToHome && !hasToken && !OPEN_PATHS.includes(path);
}
