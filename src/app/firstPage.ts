import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { drawsHomeLists, LOTTERY_CENTRE, listLobbyAt } from '../../contract/firstReplies.ts';
import {
  gameMenusQuery,
  hotGamesQuery,
  lobbyPageQuery,
  lotteryMenuQuery,
  noticeIndexQuery,
  vendorLanesQuery,
  whitelabelQuery,
  winnerBoardQuery,
} from '../api/queries.ts';
import type { UiLocale } from '../i18n/i18n.ts';

/**
 * Settles after the promise callbacks queued so far, and before any timer: what needs no network is done by then.
 * Awaited between steps of the start, it also lets the browser in between them (one long task is several short).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * What the first portal page waits for, started before the app renders (beside the catalogue) rather than one call
 * after another once it has (the status gate, then the root route, then the page and its banners).
 *
 * The promise settles once the replies the page's HTML carries (api/firstReplies.ts) are in the cache, and never
 * waits for the network: rendered with them in place, the first render (a transition, which yields) already has its
 * data. A reply that lands after the first render reaches React as an urgent update instead, and re-renders the
 * header, menus, banners and home sections in one long task (Lighthouse's Total Blocking Time). It tells whether
 * they were all there.
 */
export function prefetchFirstPage(
  queryClient: QueryClient,
  locale: UiLocale,
  path: string,
): Promise<boolean> {
  const lobby = listLobbyAt(path);
  const prefetches = [
    queryClient.prefetchQuery(whitelabelQuery()),
    queryClient.prefetchQuery(vendorLanesQuery()),
    queryClient.prefetchQuery(gameMenusQuery(locale)),
    // Its banners: the server's page hints the first picture (server/http/pageHints.ts).
    queryClient.prefetchQuery(noticeIndexQuery(locale)),
    ...(drawsHomeLists(path)
      ? [
          queryClient.prefetchQuery(hotGamesQuery(locale)),
          queryClient.prefetchQuery(winnerBoardQuery('ALL', locale)),
        ]
      : []),
    ...(lobby ? [queryClient.prefetchQuery(lobbyPageQuery(lobby, locale))] : []),
    ...(path === LOTTERY_CENTRE.path ? [queryClient.prefetchQuery(lotteryMenuQuery(locale))] : []),
  ];
  return Promise.race([Promise.all(prefetches).then(() => true), nextTask().then(() => false)]);
}

/**
 * Loads the router's first location before the first render, as far as it can without the network: loaded on mount
 * instead, the router's state changes under every link already drawn, and React draws the whole page again in one
 * urgent, long task. A page whose code is still to come (a lazy route) finishes loading once rendered.
 */
export const loadFirstLocation = (router: AnyRouter): Promise<void> =>
  // A failed load must not keep the app from rendering: the router shows the route's error itself.
  Promise.race([router.load().catch(() => undefined), nextTask()]);

/**
 * The code of the first location's routes (their lazy parts), loaded: what the server draws with (src/ssr), and what
 * the app needs to take that over (src/main.tsx). In the browser, `router.load()` of a lazy route settles only once
 * the route has rendered; its code is fetched here first.
 */
export const loadRouteCode = (router: AnyRouter): Promise<unknown> =>
  Promise.all(
    router.matchRoutes(router.state.location).map((m) => router.loadRouteChunk(router.routesById[m.routeId])),
  );
