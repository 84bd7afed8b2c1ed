// Which banners a page shows: the SPA's banner area draws them and the server hints the first one in the page's
// HTML (server/http/pageHints.ts). Plain data, no zod: the first page's code imports it.
import type { BannerGroup } from './content.ts';

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

/**
 * A banner's in-site link (linkage ROUTE): a path of this site, never one a browser reads as another host
 * (`//evil.example/login`, `/\evil.example`), a scheme (`javascript:`) or an absolute address.
 */
export const isSitePath = (link: string) => /^\/(?![/\\])[\w\-/?=&#.%~]*$/.test(link);

/** A banner's outside link (linkage URL): an https address, opened in a new tab. */
export const isOutsideLink = (link: string) => /^https:\/\/[^\s\\/]+(\/\S*)?$/.test(link);
