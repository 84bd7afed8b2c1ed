import { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_REPLIES_ID,
  firstCalls,
  hotGamesParams,
  LIST_LOBBIES,
  LOTTERY_CENTRE,
  lobbyPageParams,
} from '../../contract/firstReplies.ts';
import { gameList, hotGames } from '../../contract/routes.ts';
import { SERVER_TIME, sampleLottery } from '../../machines/lotteryRefresh.events.ts';
import { setApiLanguage, withQuery } from '../api/client.ts';
import { adoptFirstReplies } from '../api/firstReplies.ts';
import { freshQueryData, hotGamesQuery, lobbyPageQuery, lotteryMenuQuery } from '../api/queries.ts';
import { GAME_TYPE_PATH } from '../domain/routesMap.ts';
import { loadLotteryMenu } from '../features/lottery/listCalls.ts';
import { menuData } from '../test/lotteryHarness.tsx';
import { loadFirstLocation, prefetchFirstPage } from './firstPage.ts';

const [status, whitelabel, vendor, notices, menus] = firstCalls('en', '/rng') as [
  string,
  string,
  string,
  string,
  string,
];
const replies = {
  [status]: { success: true, value: { status: 0 } },
  [whitelabel]: { success: true, value: { merchantCode: 'PORTICO' } },
  [vendor]: { success: true, data: { lanes: [{ title: 'RNG', cards: [], gameClassify: [] }] } },
  [notices]: { success: true, value: { notices: [], banners: [], popup: [] } },
  [menus]: { success: true, data: { menus: [{ gameType: 'RNG', vendors: [] }] } },
};

function pageWith(block: object) {
  const doc = document.implementation.createHTMLDocument();
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_REPLIES_ID;
  script.textContent = JSON.stringify(block);
  doc.head.append(script);
  return doc;
}

/** A page of PORTICO's in English carrying the first replies, and `more`. */
const adoptPageWith = (more: Record<string, unknown>) =>
  adoptFirstReplies(pageWith({ merchant: 'PORTICO', language: 'en', replies: { ...replies, ...more } }));

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // A network that never answers: whatever the first page has, it has from the page itself.
  fetchMock = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal('fetch', fetchMock);
  setApiLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the first page', () => {
  it('has the replies its HTML carries in the cache before the first render, with no call made', async () => {
    adoptFirstReplies(pageWith({ merchant: 'PORTICO', language: 'en', replies }));
    const queryClient = new QueryClient();
    expect(await prefetchFirstPage(queryClient, 'en', '/promotions')).toBe(true);
    expect(queryClient.getQueryData(['whitelabel'])).toEqual({ merchantCode: 'PORTICO' });
    expect(queryClient.getQueryData(['gameVendor'])).toEqual(replies[vendor]!.data!.lanes);
    expect(queryClient.getQueryData(['gameMenus', 'en'])).toEqual(replies[menus]!.data!.menus);
    expect(queryClient.getQueryData(['noticeIndex', 'en'])).toEqual(replies[notices]!.value);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on home, the hot games and the board of wins too, which home’s first screen draws', async () => {
    const [hot, wins] = firstCalls('en', '/').slice(-2) as [string, string];
    expect(wins).toBe('/wps/game/winners?gameCategory=ALL&limitNum=20&language=en');
    // The address the hot row's own call writes (gameListCalls.ts), so the page's reply answers it.
    expect(hot).toBe(withQuery(hotGames.path, hotGamesParams('en')));
    const list = [{ account: 'a***1', gameName: 'Limbo', amount: 1200, gameType: 'RNG' }];
    const games = [{ nodeId: 'g1', displayName: 'Dragon Gold' }];
    adoptPageWith({ [hot]: { success: true, data: { games } }, [wins]: { success: true, value: { list } } });
    const queryClient = new QueryClient();
    expect(await prefetchFirstPage(queryClient, 'en', '/')).toBe(true);
    expect(queryClient.getQueryData(['winnerBoard', 'ALL', 'en'])).toEqual(list);
    expect(freshQueryData(queryClient, hotGamesQuery('en'))).toEqual(games);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a list lobby, its first page of games, as the lobby’s own call asks it', async () => {
    const page = firstCalls('en', '/live').at(-1)!;
    expect(page).toBe(withQuery(gameList.path, lobbyPageParams('LIVE', 'en')));
    const games = [{ nodeId: 'l1', displayName: 'Baccarat' }];
    adoptPageWith({ [page]: { success: true, data: { games, totalPages: 3, total: 41 } } });
    const queryClient = new QueryClient();
    expect(await prefetchFirstPage(queryClient, 'en', '/live')).toBe(true);
    expect(freshQueryData(queryClient, lobbyPageQuery('LIVE', 'en'))).toEqual({
      games,
      totalPages: 3,
      total: 41,
    });
    expect(fetchMock).not.toHaveBeenCalled();
    // Every list lobby is its game type's lobby (the path map the app's routes use).
    for (const [path, type] of Object.entries(LIST_LOBBIES)) expect(GAME_TYPE_PATH[type]).toBe(path);
  });

  it('on the lottery centre, its menu, as the list’s own first load asks it, timed by the page’s request', async () => {
    const menu = firstCalls('en', LOTTERY_CENTRE.path).at(-1)!;
    // The address the list's first load fetches (src/features/lottery/queries.ts), so the page's reply answers it.
    void loadLotteryMenu({ scope: LOTTERY_CENTRE.prizeMode, source: 'menu' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(menu).toBe(fetchMock.mock.calls[0]![0]);
    fetchMock.mockClear();
    const games = [sampleLottery(1), sampleLottery(2, { tag: 'MN' })];
    adoptPageWith({ [menu]: { success: true, data: menuData(games, SERVER_TIME) } });
    // The page was asked for 120 ms into the navigation and began to come in at 480 ms.
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { requestStart: 120, responseStart: 480 } as PerformanceNavigationTiming,
    ]);
    const queryClient = new QueryClient();
    expect(await prefetchFirstPage(queryClient, 'en', LOTTERY_CENTRE.path)).toBe(true);
    expect(freshQueryData(queryClient, lotteryMenuQuery('en'))).toEqual({
      games,
      serverTime: SERVER_TIME,
      sentAt: performance.timeOrigin + 120,
      receivedAt: performance.timeOrigin + 480,
    });
    expect(fetchMock).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('does not wait for the network when the page carries none it can use: the app renders with its skeletons', async () => {
    // Replies for another language than the visitor's.
    adoptFirstReplies(pageWith({ merchant: 'PORTICO', language: 'vi', replies }));
    const queryClient = new QueryClient();
    expect(await prefetchFirstPage(queryClient, 'en', '/rng')).toBe(false);
    expect(fetchMock).toHaveBeenCalled();
    expect(queryClient.getQueryData(['whitelabel'])).toBeUndefined();
    expect(queryClient.getQueryState(['whitelabel'])?.fetchStatus).toBe('fetching');
  });

  it('renders even when the first location fails to load or waits on the network', async () => {
    const failing = { load: () => Promise.reject(new Error('loader failed')) } as unknown as AnyRouter;
    await expect(loadFirstLocation(failing)).resolves.toBeUndefined();
    const waiting = { load: () => new Promise<void>(() => {}) } as unknown as AnyRouter;
    await expect(loadFirstLocation(waiting)).resolves.toBeUndefined();
  });
});
