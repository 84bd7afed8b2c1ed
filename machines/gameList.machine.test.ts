import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  connectGameList,
  selectCanLoadMore,
  selectCanSelectPage,
  selectFavouriteBusy,
  selectGameCount,
  selectGames,
  selectInhouse,
  selectIsFavourite,
  selectLanding,
  selectListFailed,
  selectMode,
  selectMoreGames,
  selectPage,
  selectRequestedPage,
  selectTotalPages,
  selectTurnsPages,
} from './gameList.connect.ts';
import { gameListWalks, sampleGame } from './gameList.events.ts';
import {
  type FavouriteToggle,
  type GameListInput,
  type GameListPage,
  type GameListRequest,
  gameListMachine,
} from './gameList.machine.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { coverage, transitionPaths } from './test/transitionPaths.ts';

describe('gameList: generated paths', () => {
  it('visit every state and take every declared transition (RNG lobby, home’s hot row, favourites page)', () => {
    const paths = gameListWalks.flatMap((w) => transitionPaths(w.machine, w.events));
    const lists = [
      '"failed"',
      '"loading"',
      '{"ready":"idle"}',
      '{"ready":"loadingMore"}',
      '{"ready":"paging"}',
    ];
    const favourites = ['"idle"', '"loadingIds"', '"toggling"'];
    expect([...coverage(paths).states].sort()).toEqual(
      lists.flatMap((l) => favourites.map((f) => `{"list":${l},"favourites":${f}}`)).sort(),
    );
    const seen = walked(gameListMachine, paths);
    // `list.starting` only decides where the list begins (an eventless transition): no snapshot ever rests in it.
    const resting = statePaths(gameListMachine).filter((p) => p !== 'list.starting');
    expect([...seen.states].sort()).toEqual(resting.sort());
    for (const t of declaredTransitions(gameListMachine)) expect(seen.transitions, t).toContain(t);
  });
});

type Reply<T> = T | { reject: unknown };

interface Fakes {
  /** The catalogue's answer to a request (default: 3 pages of 2 games, numbered by page). */
  games?: (request: GameListRequest) => Reply<GameListPage>;
  favouriteIds?: Reply<string[]>;
  toggleFails?: boolean;
}

const pageOf = (request: GameListRequest): GameListPage => ({
  games: [sampleGame(`p${request.page}a`), sampleGame(`p${request.page}b`)],
  totalPages: 3,
});

/** The game list with fake calls: each one is recorded and answers on the next timer tick. */
function startGameList(input: Partial<GameListInput> = {}, fakes: Fakes = {}) {
  const calls = {
    loadGames: [] as GameListRequest[],
    loadFavouriteIds: 0,
    toggleFavourite: [] as FavouriteToggle[],
    /** `auth.required` emitted: the login popups the view would open. */
    authRequired: 0,
  };
  const answer = <T>(reply: Reply<T>): T => {
    if (reply && typeof reply === 'object' && 'reject' in reply) throw reply.reject;
    return reply as T;
  };
  const logic = gameListMachine.provide({
    actors: {
      loadGames: fromPromise<GameListPage, GameListRequest>(async ({ input }) => {
        calls.loadGames.push(input);
        return answer((fakes.games ?? pageOf)(input));
      }),
      loadFavouriteIds: fromPromise<string[]>(async () => {
        calls.loadFavouriteIds++;
        return answer(fakes.favouriteIds ?? ['p1a']);
      }),
      toggleFavourite: fromPromise<void, FavouriteToggle>(async ({ input }) => {
        calls.toggleFavourite.push(input);
        if (fakes.toggleFails) throw { code: 'NETWORK' };
      }),
    },
  });
  const actor = createActor(logic, {
    input: { path: '/rng', gameType: 'RNG', loggedIn: true, ...input },
  });
  actor.on('auth.required', () => calls.authRequired++);
  actor.start();
  return { actor, calls, snapshot: () => actor.getSnapshot() };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const ids = (s: ReturnType<ReturnType<typeof startGameList>['snapshot']>) =>
  selectGames(s).map((g) => g.nodeId);

describe('gameList: behaviour', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads page 1 of game mode with the default page size, and a member’s favourite ids', async () => {
    const { snapshot, calls } = startGameList();
    await flush();
    expect(calls.loadGames).toEqual([
      {
        mode: 'game',
        classify: 'ALL',
        vendor: null,
        gameName: '',
        minBet: null,
        language: 'EN',
        gameType: 'RNG',
        inhouse: false,
        page: 1,
        pageSize: 42,
      },
    ]);
    expect(ids(snapshot())).toEqual(['p1a', 'p1b']);
    expect(selectMoreGames(snapshot())).toBe(true);
    expect(calls.loadFavouriteIds).toBe(1);
    expect(selectIsFavourite(snapshot(), 'p1a')).toBe(true);
    expect(selectIsFavourite(snapshot(), 'p1b')).toBe(false);
  });

  it('starts ready with the first page it is given (home’s hot row from its first screen), loading none', async () => {
    const firstPage = { games: [sampleGame('h1'), sampleGame('h2')], totalPages: 1 };
    const { snapshot, actor, calls } = startGameList({ path: '/', mode: 'hot', loggedIn: false, firstPage });
    expect(snapshot().matches({ list: { ready: 'idle' } })).toBe(true);
    expect(ids(snapshot())).toEqual(['h1', 'h2']);
    expect(selectMoreGames(snapshot())).toBe(false);
    await flush();
    expect(calls.loadGames).toEqual([]);
    // A later change loads as ever.
    actor.send({ type: 'language.change', language: 'vi' });
    await flush();
    expect(calls.loadGames.map((r) => [r.mode, r.language, r.page])).toEqual([['hot', 'vi', 1]]);
  });

  it('a visitor’s favourite ids are not asked for', async () => {
    const { calls } = startGameList({ loggedIn: false });
    await flush();
    expect(calls.loadFavouriteIds).toBe(0);
  });

  it('load more appends the next page and increments the page until the last one', async () => {
    const { actor, snapshot, calls } = startGameList();
    await flush();
    actor.send({ type: 'list.more' });
    await flush();
    expect(calls.loadGames.map((r) => r.page)).toEqual([1, 2]);
    expect(snapshot().context.page).toBe(2);
    expect(ids(snapshot())).toEqual(['p1a', 'p1b', 'p2a', 'p2b']);
    expect(selectCanLoadMore(snapshot())).toBe(true);
    actor.send({ type: 'list.more' });
    await flush();
    expect(snapshot().context.page).toBe(3);
    expect(ids(snapshot())).toHaveLength(6);
    expect(selectMoreGames(snapshot())).toBe(false);
    expect(selectCanLoadMore(snapshot())).toBe(false);
    actor.send({ type: 'list.more' });
    await flush();
    expect(calls.loadGames).toHaveLength(3);
  });

  it('a phone’s lobby appends in game mode: the first new game is where the list lands, the count grows', async () => {
    const { actor, snapshot, calls } = startGameList(
      { pageSize: 20 },
      { games: (r) => ({ ...pageOf(r), total: 6 }) },
    );
    await flush();
    expect(selectMode(snapshot())).toBe('game');
    expect(selectLanding(snapshot())).toBeNull();
    expect(selectGameCount(snapshot())).toEqual({ shown: 2, total: 6 });
    actor.send({ type: 'list.more' });
    await flush();
    expect(calls.loadGames.map((r) => [r.mode, r.page, r.pageSize])).toEqual([
      ['game', 1, 20],
      ['game', 2, 20],
    ]);
    expect(ids(snapshot())).toEqual(['p1a', 'p1b', 'p2a', 'p2b']);
    expect(selectLanding(snapshot())).toEqual({ page: 2, index: 2 });
    expect(selectGameCount(snapshot())).toEqual({ shown: 4, total: 6 });
    actor.send({ type: 'list.more' });
    await flush();
    expect(selectLanding(snapshot())).toEqual({ page: 3, index: 4 });
    expect(selectGameCount(snapshot())).toEqual({ shown: 6, total: 6 });
  });

  it('a page chosen in the pager lands on its top; a first page, or a failed next page, lands nowhere new', async () => {
    const { actor, snapshot } = startGameList(
      {},
      { games: (r) => (r.page === 3 ? { reject: { code: 'NETWORK' } } : pageOf(r)) },
    );
    await flush();
    actor.send({ type: 'page.select', page: 2 });
    await flush();
    expect(selectLanding(snapshot())).toEqual({ page: 2, index: 0 });
    expect(selectGameCount(snapshot())).toEqual({ shown: 2, total: null });
    actor.send({ type: 'list.more' });
    await flush();
    expect(snapshot().context.error).toEqual({ code: 'NETWORK' });
    expect(selectLanding(snapshot())).toEqual({ page: 2, index: 0 });
    actor.send({ type: 'classify.select', classify: 'NEW' });
    expect(selectLanding(snapshot())).toBeNull();
    await flush();
    expect(selectLanding(snapshot())).toBeNull();
  });

  it('a failed next page keeps the list and the page and reports the error', async () => {
    const { actor, snapshot } = startGameList(
      {},
      { games: (r) => (r.page === 2 ? { reject: { code: 'NETWORK' } } : pageOf(r)) },
    );
    await flush();
    actor.send({ type: 'list.more' });
    await flush();
    expect(ids(snapshot())).toEqual(['p1a', 'p1b']);
    expect(snapshot().context.page).toBe(1);
    expect(snapshot().context.error).toEqual({ code: 'NETWORK' });
    expect(selectCanLoadMore(snapshot())).toBe(true);
  });

  it('page.select loads exactly that page, replacing the games and keeping mode, class, vendor, bet and search', async () => {
    const { actor, snapshot, calls } = startGameList({ pageSize: 20 });
    actor.send({ type: 'vendor.select', vendor: 'PG' });
    actor.send({ type: 'minBet.select', minBet: 500 });
    actor.send({ type: 'classify.select', classify: 'SLOT' });
    actor.send({ type: 'search.submit', gameName: ' tiger ' });
    await flush();
    expect(selectTurnsPages(snapshot())).toBe(true);
    expect(selectTotalPages(snapshot())).toBe(3);
    actor.send({ type: 'page.select', page: 3 });
    // The list shown stays while the page loads; the pager knows which one is coming.
    expect(ids(snapshot())).toEqual(['p1a', 'p1b']);
    expect(selectPage(snapshot())).toBe(1);
    expect(selectRequestedPage(snapshot())).toBe(3);
    expect(selectCanSelectPage(snapshot(), 2)).toBe(false);
    expect(selectCanLoadMore(snapshot())).toBe(false);
    await flush();
    expect(calls.loadGames.at(-1)).toEqual({
      mode: 'game',
      classify: 'SLOT',
      vendor: 'PG',
      gameName: 'tiger',
      minBet: 500,
      language: 'EN',
      gameType: 'RNG',
      inhouse: false,
      page: 3,
      pageSize: 28,
    });
    expect(ids(snapshot())).toEqual(['p3a', 'p3b']);
    expect(selectPage(snapshot())).toBe(3);
    expect(selectRequestedPage(snapshot())).toBeNull();
    expect(selectMoreGames(snapshot())).toBe(false);
    expect(snapshot().context).toMatchObject({ classify: 'SLOT', vendor: 'PG', gameName: 'tiger' });
    actor.send({ type: 'page.select', page: 1 });
    await flush();
    expect(calls.loadGames.at(-1)).toMatchObject({ page: 1, classify: 'SLOT', vendor: 'PG' });
    expect(ids(snapshot())).toEqual(['p1a', 'p1b']);
    expect(selectMoreGames(snapshot())).toBe(true);
  });

  it('page.select takes only another existing page, and none while a page is on its way', async () => {
    const { actor, snapshot, calls } = startGameList();
    await flush();
    for (const page of [0, 1, 4, 1.5, Number.NaN]) {
      expect(selectCanSelectPage(snapshot(), page), String(page)).toBe(false);
      actor.send({ type: 'page.select', page });
    }
    await flush();
    expect(calls.loadGames).toHaveLength(1);
    actor.send({ type: 'page.select', page: 2 });
    actor.send({ type: 'page.select', page: 3 });
    actor.send({ type: 'list.more' });
    await flush();
    expect(calls.loadGames.map((r) => r.page)).toEqual([1, 2]);
    expect(selectPage(snapshot())).toBe(2);
  });

  it('a failed first page has no pages to choose from', async () => {
    const { actor, snapshot, calls } = startGameList({}, { games: () => ({ reject: { code: 'NETWORK' } }) });
    await flush();
    expect(selectListFailed(snapshot())).toBe(true);
    expect(selectCanSelectPage(snapshot(), 2)).toBe(false);
    actor.send({ type: 'page.select', page: 2 });
    await flush();
    expect(calls.loadGames).toHaveLength(1);
  });

  it('a failed page keeps the list and the page and reports the error; choosing a page again clears it', async () => {
    let fail = true;
    const { actor, snapshot, calls } = startGameList(
      {},
      { games: (r) => (r.page === 2 && fail ? { reject: { code: 'NETWORK' } } : pageOf(r)) },
    );
    await flush();
    actor.send({ type: 'page.select', page: 2 });
    await flush();
    expect(ids(snapshot())).toEqual(['p1a', 'p1b']);
    expect(selectPage(snapshot())).toBe(1);
    expect(selectRequestedPage(snapshot())).toBeNull();
    expect(snapshot().context.error).toEqual({ code: 'NETWORK' });
    fail = false;
    actor.send({ type: 'page.select', page: 2 });
    expect(snapshot().context.error).toBeNull();
    await flush();
    expect(calls.loadGames.map((r) => r.page)).toEqual([1, 2, 2]);
    expect(ids(snapshot())).toEqual(['p2a', 'p2b']);
  });

  it('a filter change while a page loads cancels it and goes back to page 1', async () => {
    const { actor, snapshot, calls } = startGameList();
    await flush();
    actor.send({ type: 'page.select', page: 3 });
    actor.send({ type: 'classify.select', classify: 'NEW' });
    expect(selectRequestedPage(snapshot())).toBeNull();
    expect(selectPage(snapshot())).toBe(1);
    await flush();
    expect(calls.loadGames.map((r) => [r.page, r.classify])).toEqual([
      [1, 'ALL'],
      [3, 'ALL'],
      [1, 'NEW'],
    ]);
    expect(ids(snapshot())).toEqual(['p1a', 'p1b']);
    expect(selectPage(snapshot())).toBe(1);
  });

  it('recent mode appends with More rather than turning pages', async () => {
    const { actor, snapshot } = startGameList();
    actor.send({ type: 'mode.select', mode: 'recent' });
    expect(selectTurnsPages(snapshot())).toBe(false);
    actor.send({ type: 'mode.select', mode: 'recent' });
    expect(selectTurnsPages(snapshot())).toBe(true);
  });

  it('a failed first page can be retried', async () => {
    let fail = true;
    const { actor, snapshot, calls } = startGameList(
      {},
      { games: (r) => (fail ? { reject: { code: 'NETWORK', message: 'down' } } : pageOf(r)) },
    );
    await flush();
    expect(selectListFailed(snapshot())).toBe(true);
    expect(snapshot().context.error).toEqual({ code: 'NETWORK', message: 'down' });
    fail = false;
    actor.send({ type: 'list.retry' });
    await flush();
    expect(calls.loadGames).toHaveLength(2);
    expect(ids(snapshot())).toEqual(['p1a', 'p1b']);
    expect(snapshot().context.error).toBeNull();
  });

  it('choosing the active mode again returns to game mode', async () => {
    const { actor, snapshot, calls } = startGameList();
    await flush();
    actor.send({ type: 'mode.select', mode: 'hot' });
    expect(selectMode(snapshot())).toBe('hot');
    actor.send({ type: 'mode.select', mode: 'hot' });
    expect(selectMode(snapshot())).toBe('game');
    actor.send({ type: 'mode.select', mode: 'recent' });
    actor.send({ type: 'mode.select', mode: 'fav' });
    expect(selectMode(snapshot())).toBe('fav');
    await flush();
    // Each change cancelled the load before it: only the last one answered.
    expect(calls.loadGames.map((r) => r.mode)).toEqual(['game', 'hot', 'game', 'recent', 'fav']);
  });

  it.each([
    ['mode.select', { type: 'mode.select', mode: 'hot' }],
    ['classify.select', { type: 'classify.select', classify: 'NEW' }],
    ['vendor.select', { type: 'vendor.select', vendor: 'JDB' }],
    ['search.submit', { type: 'search.submit', gameName: 'dragon' }],
    ['minBet.select', { type: 'minBet.select', minBet: 1000 }],
    ['path.change', { type: 'path.change', path: '/fish', gameType: 'FISH' }],
    ['language.change', { type: 'language.change', language: 'TY' }],
  ] as const)('%s clears the list, resets the page to 1 and reloads', async (_, event) => {
    const { actor, snapshot, calls } = startGameList();
    await flush();
    actor.send({ type: 'list.more' });
    await flush();
    expect(snapshot().context.page).toBe(2);
    actor.send(event);
    expect(selectGames(snapshot())).toEqual([]);
    expect(snapshot().context.page).toBe(1);
    expect(selectMoreGames(snapshot())).toBe(false);
    await flush();
    expect(calls.loadGames).toHaveLength(3);
    expect(calls.loadGames[2]!.page).toBe(1);
    expect(ids(snapshot())).toEqual(['p1a', 'p1b']);
  });

  it('fav mode loads the first 999 games at once and has no more games', async () => {
    const { actor, snapshot, calls } = startGameList(
      {},
      { games: () => ({ games: [sampleGame('f1')], totalPages: 4 }) },
    );
    await flush();
    actor.send({ type: 'mode.select', mode: 'fav' });
    await flush();
    expect(calls.loadGames[1]).toMatchObject({ mode: 'fav', page: 1, pageSize: 999 });
    expect(selectMoreGames(snapshot())).toBe(false);
    expect(selectCanLoadMore(snapshot())).toBe(false);
  });

  it('recent mode has more games while page < totalPages', async () => {
    const { actor, snapshot, calls } = startGameList(
      {},
      { games: (r) => ({ games: [sampleGame(`r${r.page}`)], totalPages: 2 }) },
    );
    actor.send({ type: 'mode.select', mode: 'recent' });
    await flush();
    expect(calls.loadGames.at(-1)).toMatchObject({ mode: 'recent', page: 1, pageSize: 42 });
    expect(selectMoreGames(snapshot())).toBe(true);
    actor.send({ type: 'list.more' });
    await flush();
    expect(calls.loadGames.at(-1)).toMatchObject({ mode: 'recent', page: 2 });
    expect(ids(snapshot())).toEqual(['r1', 'r2']);
    expect(selectMoreGames(snapshot())).toBe(false);
  });

  it('search trims the name, switches to game mode and uses the search page size', async () => {
    const { actor, snapshot, calls } = startGameList();
    actor.send({ type: 'mode.select', mode: 'hot' });
    actor.send({ type: 'search.submit', gameName: '  Fortune Tiger ' });
    expect(selectMode(snapshot())).toBe('game');
    await flush();
    expect(calls.loadGames.at(-1)).toMatchObject({ mode: 'game', gameName: 'Fortune Tiger', pageSize: 28 });
  });

  it('the inhouse flag is set for game mode on /inhouse only', async () => {
    const { actor, snapshot, calls } = startGameList();
    expect(selectInhouse(snapshot())).toBe(false);
    actor.send({ type: 'path.change', path: '/inhouse', gameType: 'RNG' });
    expect(selectInhouse(snapshot())).toBe(true);
    actor.send({ type: 'mode.select', mode: 'hot' });
    expect(selectInhouse(snapshot())).toBe(false);
    actor.send({ type: 'mode.select', mode: 'hot' });
    expect(selectInhouse(snapshot())).toBe(true);
    await flush();
    expect(calls.loadGames.at(-1)).toMatchObject({ mode: 'game', inhouse: true });
    expect(startGameList({ path: '/inhouse' }).snapshot().context.inhouse).toBe(true);
  });

  it('changing path, vendor or language resets the class to ALL', async () => {
    const { actor, snapshot, calls } = startGameList();
    actor.send({ type: 'classify.select', classify: 'NEW' });
    actor.send({ type: 'vendor.select', vendor: 'PG' });
    expect(snapshot().context).toMatchObject({ classify: 'ALL', vendor: 'PG' });
    actor.send({ type: 'classify.select', classify: 'SLOT' });
    actor.send({ type: 'language.change', language: 'TY' });
    expect(snapshot().context).toMatchObject({ classify: 'ALL', language: 'TY', vendor: 'PG' });
    actor.send({ type: 'classify.select', classify: 'HOT' });
    actor.send({ type: 'search.submit', gameName: 'x' });
    actor.send({ type: 'path.change', path: '/live', gameType: 'LIVE' });
    expect(snapshot().context).toMatchObject({
      classify: 'ALL',
      vendor: null,
      gameName: '',
      gameType: 'LIVE',
    });
    await flush();
    expect(calls.loadGames.at(-1)).toMatchObject({
      classify: 'ALL',
      vendor: null,
      gameType: 'LIVE',
      pageSize: 42,
    });
  });

  it('the minimum-bet filter narrows the list until cleared; a path change clears it, the vendor keeps it', async () => {
    const { actor, snapshot, calls } = startGameList();
    actor.send({ type: 'minBet.select', minBet: 200 });
    actor.send({ type: 'vendor.select', vendor: 'PG' });
    await flush();
    expect(calls.loadGames.at(-1)).toMatchObject({ minBet: 200, vendor: 'PG', page: 1 });
    actor.send({ type: 'minBet.select', minBet: null });
    await flush();
    expect(calls.loadGames.at(-1)).toMatchObject({ minBet: null, vendor: 'PG' });
    actor.send({ type: 'minBet.select', minBet: 1000 });
    actor.send({ type: 'path.change', path: '/live', gameType: 'LIVE' });
    expect(snapshot().context.minBet).toBeNull();
  });

  it('choosing the active vendor again clears the vendor filter', () => {
    const { actor, snapshot } = startGameList();
    actor.send({ type: 'vendor.select', vendor: 'PG' });
    actor.send({ type: 'vendor.select', vendor: 'PG' });
    expect(snapshot().context.vendor).toBeNull();
  });

  it('a visitor asking for class FAV, fav or recent mode gets the login popup and no load', async () => {
    const { actor, snapshot, calls } = startGameList({ loggedIn: false });
    await flush();
    expect(calls.authRequired).toBe(0);
    actor.send({ type: 'classify.select', classify: 'FAV' });
    expect(calls.authRequired).toBe(1);
    expect(snapshot().context.classify).toBe('ALL');
    actor.send({ type: 'mode.select', mode: 'fav' });
    expect(calls.authRequired).toBe(2);
    actor.send({ type: 'mode.select', mode: 'recent' });
    expect(calls.authRequired).toBe(3);
    expect(selectMode(snapshot())).toBe('game');
    await flush();
    expect(calls.loadGames).toHaveLength(1);
    expect(ids(snapshot())).toEqual(['p1a', 'p1b']);
    // Hot games and the other classes are for everyone.
    actor.send({ type: 'classify.select', classify: 'NEW' });
    expect(snapshot().context.classify).toBe('NEW');
  });

  it('a visitor on the /fav route starts in game mode with the login popup', () => {
    const { snapshot, calls } = startGameList({ loggedIn: false, mode: 'fav', path: '/fav' });
    expect(selectMode(snapshot())).toBe('game');
    expect(calls.authRequired).toBe(1);
    expect(calls.loadGames[0]!.mode).toBe('game');
  });

  it('after a login FAV is allowed and the favourite ids load', async () => {
    const { actor, calls } = startGameList({ loggedIn: false });
    await flush();
    actor.send({ type: 'classify.select', classify: 'FAV' });
    expect(calls.authRequired).toBe(1);
    actor.send({ type: 'session.change', loggedIn: true });
    await flush();
    expect(calls.loadFavouriteIds).toBe(1);
    expect(calls.loadGames).toHaveLength(1);
    actor.send({ type: 'classify.select', classify: 'FAV' });
    await flush();
    expect(calls.loadGames.at(-1)).toMatchObject({ classify: 'FAV', page: 1 });
    expect(calls.authRequired).toBe(1);
  });

  it('a logout forgets the favourites and takes a member-only list back to game / ALL', async () => {
    const { actor, snapshot, calls } = startGameList();
    actor.send({ type: 'mode.select', mode: 'fav' });
    actor.send({ type: 'classify.select', classify: 'FAV' });
    await flush();
    expect(selectIsFavourite(snapshot(), 'p1a')).toBe(true);
    actor.send({ type: 'session.change', loggedIn: false });
    expect(snapshot().context).toMatchObject({
      mode: 'game',
      classify: 'ALL',
      loggedIn: false,
      favouriteIds: [],
    });
    await flush();
    expect(calls.loadGames.at(-1)).toMatchObject({ mode: 'game', classify: 'ALL' });
  });

  it('a logout with a list for everyone keeps it', async () => {
    const { actor, snapshot, calls } = startGameList();
    await flush();
    actor.send({ type: 'session.change', loggedIn: false });
    await flush();
    expect(calls.loadGames).toHaveLength(1);
    expect(ids(snapshot())).toEqual(['p1a', 'p1b']);
  });

  it('favourite toggle adds a game, updating the ids only after the call', async () => {
    const { actor, snapshot, calls } = startGameList();
    await flush();
    actor.send({ type: 'favourite.toggle', nodeId: 'p1b', vendor: 'PG', gameType: 'RNG' });
    expect(selectFavouriteBusy(snapshot())).toBe(true);
    expect(selectIsFavourite(snapshot(), 'p1b')).toBe(false);
    // The list stays usable while the call runs.
    expect(selectCanLoadMore(snapshot())).toBe(true);
    await flush();
    expect(calls.toggleFavourite).toEqual([{ nodeId: 'p1b', vendor: 'PG', gameType: 'RNG', on: true }]);
    expect(selectIsFavourite(snapshot(), 'p1b')).toBe(true);
    expect(selectFavouriteBusy(snapshot())).toBe(false);
  });

  it('favourite toggle removes a favourite, updating the ids only after the call', async () => {
    const { actor, snapshot, calls } = startGameList();
    await flush();
    actor.send({ type: 'favourite.toggle', nodeId: 'p1a', vendor: 'PG', gameType: 'RNG' });
    expect(selectIsFavourite(snapshot(), 'p1a')).toBe(true);
    await flush();
    expect(calls.toggleFavourite).toEqual([{ nodeId: 'p1a', vendor: 'PG', gameType: 'RNG', on: false }]);
    expect(selectIsFavourite(snapshot(), 'p1a')).toBe(false);
    expect(snapshot().context.favouriteIds).toEqual([]);
  });

  it('a failed favourite toggle leaves the ids as they were and reports the error', async () => {
    const { actor, snapshot } = startGameList({}, { toggleFails: true });
    await flush();
    actor.send({ type: 'favourite.toggle', nodeId: 'p1b', vendor: 'PG', gameType: 'RNG' });
    await flush();
    expect(snapshot().context.favouriteIds).toEqual(['p1a']);
    expect(snapshot().context.error).toEqual({ code: 'NETWORK' });
    actor.send({ type: 'error.dismiss' });
    expect(snapshot().context.error).toBeNull();
  });

  it('a visitor’s favourite toggle calls nothing and asks for a login', async () => {
    const { actor, calls } = startGameList({ loggedIn: false });
    await flush();
    actor.send({ type: 'favourite.toggle', nodeId: 'p1a', vendor: 'PG', gameType: 'RNG' });
    await flush();
    expect(calls.toggleFavourite).toEqual([]);
    expect(calls.authRequired).toBe(1);
  });
});

describe('gameList: connect', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pager and More send only what the machine can take; a tile’s heart sends its game', async () => {
    const { actor, snapshot } = startGameList();
    const send = vi.fn(actor.send);
    const view = () => connectGameList(snapshot(), send);
    view().selectPage(2);
    view().more();
    expect(send).not.toHaveBeenCalled(); // page 1 is on its way
    await flush();
    view().selectPage(1);
    view().selectPage(4);
    expect(send).not.toHaveBeenCalled();
    view().selectPage(2);
    view().more();
    expect(send.mock.calls).toEqual([[{ type: 'page.select', page: 2 }]]);
    expect(view().requestedPage).toBe(2);
    await flush();
    view().more();
    view().toggleFavourite(sampleGame('p2a', { vassalage: 'JILI', gameType: 'FISH' }));
    expect(send.mock.calls.slice(1)).toEqual([
      [{ type: 'list.more' }],
      [{ type: 'favourite.toggle', nodeId: 'p2a', vendor: 'JILI', gameType: 'FISH' }],
    ]);
  });

  it('an empty list says which it is: none, a search with no match, recent games, favourites', async () => {
    const { actor, snapshot } = startGameList({}, { games: () => ({ games: [], totalPages: 0 }) });
    const view = () => connectGameList(snapshot(), actor.send);
    await flush();
    expect(view().empty).toBe('none');
    view().search('  dragon ');
    await flush();
    expect(view().empty).toBe('search');
    view().selectMode('recent');
    await flush();
    expect(view().empty).toBe('recent');
    view().selectMode('fav');
    await flush();
    expect(view().empty).toBe('fav');
  });
});
