import { assign, type ErrorActorEvent, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { PAGE_SIZE } from '../contract/constants.ts';
import type { Game, GameType } from '../contract/games.ts';
import { type FlowError, readFlowError } from './form.ts';

/**
 * The game list of a lobby (spec §4 Game list mode, §2 Game lobbies, §6 visitors and favourites).
 *
 * The root is parallel, so a favourite toggle never blocks the list (and a reload never cancels a toggle):
 *   - `list`:
 *       - `starting` (transient): with `input.firstPage` (a page the app already has, e.g. the one the page's HTML
 *         carried for home's first screen; one of no pages does not count) straight to `ready` with it, loading
 *         nothing; otherwise `loading`.
 *       - `loading`: entering it clears the list (games, page 1, totalPages, more-games off, error) and invokes
 *         `loadGames` for page 1 → `ready` with the page, or `failed` with `error` (`list.retry` loads again).
 *       - `ready.idle` → `list.more` (only while `moreGames`) → `ready.loadingMore`: `loadGames` for page + 1,
 *         appended, page incremented; a failure keeps the list and page and sets `error`. A phone's lobby appends
 *         this way in game mode too ("More games" below the list, where a desktop has the pager).
 *       - `ready.idle` → `page.select` { page } (1 ≤ page ≤ totalPages, page ≠ the current one) → `ready.paging`:
 *         `requestedPage` is set and `error` cleared, the list shown stays; `loadGames` for that page (same mode,
 *         class, vendor, name) replaces the games and the page (a lobby's pager, spec §2); a failure keeps the list
 *         and page and sets `error`. `list.more` and `page.select` are ignored while a page is on its way. `failed`
 *         has no pages (nothing was loaded), so it offers `list.retry` only.
 *     Every filter change, from any of these states, goes (back) to `loading`, cancelling a load under way:
 *       `mode.select` { mode } — the active mode again returns to 'game'; `classify.select` { classify };
 *       `vendor.select` { vendor } — resets the class to ALL (the active vendor again clears it, spec §2);
 *       `search.submit` { gameName } — trimmed, switches to 'game' mode; `minBet.select` { minBet } — the lobby
 *       query's minimum-bet filter (spec §3, §7: games whose minimum bet is at most this, minor units; null for
 *       any); `path.change` { path, gameType } — resets class to ALL, vendor, name and minimum bet;
 *       `language.change` { language } — resets class to ALL.
 *     `session.change` to logged out while the list shows member-only games (mode fav or recent, class FAV)
 *     returns to game / ALL and reloads; otherwise it only records the session.
 *   - `favourites`: `idle`, `loadingIds` (actor `loadFavouriteIds`, run on a login and at start for a member),
 *     `toggling` (actor `toggleFavourite`). `favourite.toggle` { nodeId, vendor, gameType } removes a favourite
 *     or adds one; `favouriteIds` changes only once the call succeeded. A toggle sent while one runs (or while
 *     the ids load) is ignored: the hearts show `selectFavouriteBusy`. Logging out forgets the ids.
 *
 * Visitors (spec §6): mode fav or recent, class FAV and favourite toggles load nothing and call nothing; they emit
 * `auth.required` (the view opens the login popup through `useAuthRequired`). A visitor starting on a members' page
 * (/fav, /recent) gets game mode and the same request on entry.
 *
 * Mode rules: fav loads page 1 of 999 games and turns more-games off; every other mode has more games while
 * page < totalPages. `inhouse` is true for game mode on the '/inhouse' path. Page sizes (spec §9): favourites 999,
 * a name search 28, otherwise `input.pageSize` (default 42).
 *
 * Where the list lands: a page that came in by `list.more` or `page.select` sets `landing` { page, index } — the
 * index of its first game (the first new one when appended, 0 when it replaced the list) — so the view brings
 * that game into view and focus; a first page (a filter change, a retry) sets it to null. `total` is the number
 * of games of the whole list when the call tells it (the game list call does), for "40 of 1,200"; null otherwise.
 *
 * Other events: `list.retry`, `error.dismiss`. Context the views read: see gameList.connect.ts.
 * Actors the app provides: `loadGames` (GameListRequest → { games, totalPages }), `loadFavouriteIds` (→ node
 * ids), `toggleFavourite` ({ nodeId, vendor, gameType, on } → void; on = add).
 */

export type GameListMode = 'game' | 'recent' | 'fav' | 'hot';
/** ALL, NEW (isNew = 1), FAV (the member's favourites), HOT, or a vendor-defined class. */
export type Classify = 'ALL' | 'NEW' | 'FAV' | 'HOT' | (string & {});

export const INHOUSE_PATH = '/inhouse';

/** The `loadGames` actor's input; the app maps it onto the game list, recent, favourite or hot call. */
export interface GameListRequest {
  mode: GameListMode;
  classify: Classify;
  vendor: string | null;
  gameName: string;
  /** Games whose minimum bet is at most this (minor units); null: any. */
  minBet: number | null;
  language: string;
  gameType: GameType;
  inhouse: boolean;
  page: number;
  pageSize: number;
}
export interface GameListPage {
  games: Game[];
  totalPages: number;
  /** Games in the whole list, when the call tells it. */
  total?: number;
}

/** Where the last page that came in begins in the list: the game to bring into view and focus. */
export interface GameListLanding {
  page: number;
  index: number;
}
export interface FavouriteRef {
  nodeId: string;
  vendor: string;
  gameType: GameType;
}
/** The `toggleFavourite` actor's input: `on` adds the game, otherwise it is removed. */
export interface FavouriteToggle extends FavouriteRef {
  on: boolean;
}

export interface GameListInput {
  path: string;
  gameType: GameType;
  loggedIn: boolean;
  /** The mode to start in (the /fav and /hot routes); a visitor asking for fav or recent starts in game mode. */
  mode?: GameListMode;
  language?: string;
  /** Page size of the game modes without a name search (spec §9: 42 by default, 20 in a lobby). */
  pageSize?: number;
  /** Page 1 of the list the input asks for, when the app has it already: the list starts ready with it. */
  firstPage?: GameListPage;
}

export interface GameListContext {
  path: string;
  gameType: GameType;
  mode: GameListMode;
  classify: Classify;
  vendor: string | null;
  gameName: string;
  /** The minimum-bet filter (minor units), or null for any. */
  minBet: number | null;
  language: string;
  pageSize: number;
  page: number;
  /** The page `page.select` asked for, while it loads (`ready.paging`); null otherwise. */
  requestedPage: number | null;
  totalPages: number;
  /** Games in the whole list, when the call tells it; null otherwise. */
  total: number | null;
  games: Game[];
  /** The first game of the page that came in last by More or the pager; null after a first page. */
  landing: GameListLanding | null;
  moreGames: boolean;
  inhouse: boolean;
  loggedIn: boolean;
  favouriteIds: string[];
  pendingToggle: FavouriteToggle | null;
  error: FlowError | null;
}

export type GameListEvent =
  | { type: 'mode.select'; mode: GameListMode }
  | { type: 'classify.select'; classify: Classify }
  | { type: 'vendor.select'; vendor: string | null }
  | { type: 'search.submit'; gameName: string }
  | { type: 'minBet.select'; minBet: number | null }
  | { type: 'path.change'; path: string; gameType: GameType }
  | { type: 'language.change'; language: string }
  | { type: 'list.more' }
  | { type: 'page.select'; page: number }
  | { type: 'list.retry' }
  | ({ type: 'favourite.toggle' } & FavouriteRef)
  | { type: 'session.change'; loggedIn: boolean }
  | { type: 'error.dismiss' };

/** A visitor asked for something only a member may do (spec §6). */
export type GameListEmitted = { type: 'auth.required' };

/** Choosing the active mode again returns to game mode (spec §4). */
export const nextMode = (current: GameListMode, chosen: GameListMode): GameListMode =>
  chosen === current ? 'game' : chosen;

const memberOnlyMode = (mode: GameListMode) => mode === 'fav' || mode === 'recent';

/** The input the machine started with: the root's entry runs on the `xstate.init` event, which carries it. */
const initialInput = (event: unknown) => (event as { input?: GameListInput }).input;

const inhouseFor = (mode: GameListMode, path: string) => mode === 'game' && path === INHOUSE_PATH;

/** The page size a request of this context uses (spec §9). */
export const pageSizeFor = (c: Pick<GameListContext, 'mode' | 'gameName' | 'pageSize'>) =>
  c.mode === 'fav' ? PAGE_SIZE.favourites : c.gameName !== '' ? PAGE_SIZE.search : c.pageSize;

export const gameListRequest = (c: GameListContext, page: number): GameListRequest => ({
  mode: c.mode,
  classify: c.classify,
  vendor: c.vendor,
  gameName: c.gameName,
  minBet: c.minBet,
  language: c.language,
  gameType: c.gameType,
  inhouse: c.inhouse,
  page,
  pageSize: pageSizeFor(c),
});

/** Fav mode shows everything at once; the others have more games while page < totalPages. */
const moreGamesFor = (mode: GameListMode, page: number, totalPages: number) =>
  mode !== 'fav' && page < totalPages;

export const gameListMachine = setup({
  types: {
    context: {} as GameListContext,
    events: {} as GameListEvent,
    input: {} as GameListInput,
    emitted: {} as GameListEmitted,
  },
  actors: {
    loadGames: fromPromise<GameListPage, GameListRequest>(async () => {
      throw new Error('loadGames must be provided');
    }),
    loadFavouriteIds: fromPromise<string[]>(async () => {
      throw new Error('loadFavouriteIds must be provided');
    }),
    toggleFavourite: fromPromise<void, FavouriteToggle>(async () => {
      throw new Error('toggleFavourite must be provided');
    }),
  },
  guards: {
    isVisitor: ({ context }) => !context.loggedIn,
    visitorWantsMemberMode: ({ context }, mode: GameListMode) =>
      !context.loggedIn && memberOnlyMode(nextMode(context.mode, mode)),
    visitorWantsFavClass: ({ context }, classify: Classify) => !context.loggedIn && classify === 'FAV',
    hasMoreGames: ({ context }) => context.moreGames,
    // Only the context factory fills a list before its first load (input.firstPage).
    startsWithFirstPage: ({ context }) => context.totalPages > 0,
    isOtherPage: ({ context }, page: number) =>
      Number.isInteger(page) && page >= 1 && page <= context.totalPages && page !== context.page,
    loggingIn: (_, loggedIn: boolean) => loggedIn,
    // Spec §6: visitors get no favourites or recent games, so a logout takes the list back to what they may see.
    showsMemberOnlyAfterLogout: ({ context }, loggedIn: boolean) =>
      !loggedIn && (memberOnlyMode(context.mode) || context.classify === 'FAV'),
  },
  actions: {
    resetList: assign({
      games: [],
      page: 1,
      requestedPage: null,
      totalPages: 0,
      total: null,
      landing: null,
      moreGames: false,
      error: null,
    }),
    keepFirstPage: assign(({ context }, loaded: GameListPage) => ({
      games: loaded.games,
      page: 1,
      totalPages: loaded.totalPages,
      total: loaded.total ?? null,
      landing: null,
      moreGames: moreGamesFor(context.mode, 1, loaded.totalPages),
    })),
    appendPage: assign(({ context }, loaded: GameListPage) => {
      const page = context.page + 1;
      return {
        games: [...context.games, ...loaded.games],
        page,
        totalPages: loaded.totalPages,
        total: loaded.total ?? null,
        landing: loaded.games.length > 0 ? { page, index: context.games.length } : context.landing,
        moreGames: moreGamesFor(context.mode, page, loaded.totalPages),
      };
    }),
    requestPage: assign((_, page: number) => ({ requestedPage: page, error: null })),
    showPage: assign(({ context }, loaded: GameListPage) => {
      const page = context.requestedPage!;
      return {
        games: loaded.games,
        page,
        requestedPage: null,
        totalPages: loaded.totalPages,
        total: loaded.total ?? null,
        landing: loaded.games.length > 0 ? { page, index: 0 } : null,
        moreGames: moreGamesFor(context.mode, page, loaded.totalPages),
      };
    }),
    dropRequestedPage: assign({ requestedPage: null }),
    keepError: assign((_, error: FlowError) => ({ error })),
    clearError: assign({ error: null }),
    requireLogin: emit({ type: 'auth.required' } as const),
    selectMode: assign(({ context }, mode: GameListMode) => {
      const next = nextMode(context.mode, mode);
      return { mode: next, inhouse: inhouseFor(next, context.path) };
    }),
    selectClassify: assign((_, classify: Classify) => ({ classify })),
    selectVendor: assign(({ context }, vendor: string | null) => ({
      vendor: vendor === context.vendor ? null : vendor,
      classify: 'ALL',
    })),
    search: assign(({ context }, gameName: string) => ({
      gameName: gameName.trim(),
      mode: 'game' as const,
      inhouse: inhouseFor('game', context.path),
    })),
    selectMinBet: assign((_, minBet: number | null) => ({ minBet })),
    changePath: assign(({ context }, p: { path: string; gameType: GameType }) => ({
      path: p.path,
      gameType: p.gameType,
      classify: 'ALL',
      vendor: null,
      gameName: '',
      minBet: null,
      inhouse: inhouseFor(context.mode, p.path),
    })),
    changeLanguage: assign((_, language: string) => ({ language, classify: 'ALL' })),
    keepSession: assign((_, loggedIn: boolean) =>
      loggedIn ? { loggedIn } : { loggedIn, favouriteIds: [], pendingToggle: null },
    ),
    backToVisitorList: assign(({ context }) => ({
      mode: memberOnlyMode(context.mode) ? ('game' as const) : context.mode,
      classify: context.classify === 'FAV' ? 'ALL' : context.classify,
      inhouse: inhouseFor(memberOnlyMode(context.mode) ? 'game' : context.mode, context.path),
    })),
    keepFavouriteIds: assign((_, favouriteIds: string[]) => ({ favouriteIds })),
    startToggle: assign(({ context }, ref: FavouriteRef) => ({
      pendingToggle: {
        nodeId: ref.nodeId,
        vendor: ref.vendor,
        gameType: ref.gameType,
        on: !context.favouriteIds.includes(ref.nodeId),
      },
    })),
    applyToggle: assign(({ context }) => {
      const t = context.pendingToggle!;
      const others = context.favouriteIds.filter((id) => id !== t.nodeId);
      return { favouriteIds: t.on ? [...others, t.nodeId] : others, pendingToggle: null };
    }),
    dropToggle: assign({ pendingToggle: null }),
  },
}).createMachine({
  id: 'gameList',
  type: 'parallel',
  context: ({ input }) => {
    const asked = input.mode ?? 'game';
    const mode: GameListMode = !input.loggedIn && memberOnlyMode(asked) ? 'game' : asked;
    const first = input.firstPage;
    return {
      path: input.path,
      gameType: input.gameType,
      mode,
      classify: 'ALL',
      vendor: null,
      gameName: '',
      minBet: null,
      language: input.language ?? 'EN',
      pageSize: input.pageSize ?? PAGE_SIZE.default,
      page: 1,
      requestedPage: null,
      totalPages: first?.totalPages ?? 0,
      total: first?.total ?? null,
      games: first?.games ?? [],
      landing: null,
      moreGames: first ? moreGamesFor(mode, 1, first.totalPages) : false,
      inhouse: inhouseFor(mode, input.path),
      loggedIn: input.loggedIn,
      favouriteIds: [],
      pendingToggle: null,
      error: null,
    };
  },
  // The session the machine starts with counts as a session change: a member's favourite ids load at once.
  // A visitor starting on a members' page asks for a login (the list itself shows game mode).
  entry: enqueueActions(({ context, event, enqueue }) => {
    if (context.loggedIn) enqueue.raise({ type: 'session.change', loggedIn: true });
    else if (memberOnlyMode(initialInput(event)?.mode ?? 'game')) enqueue('requireLogin');
  }),
  on: {
    'error.dismiss': { actions: 'clearError' },
  },
  states: {
    list: {
      initial: 'starting',
      on: {
        'mode.select': [
          {
            guard: { type: 'visitorWantsMemberMode', params: ({ event }) => event.mode },
            actions: 'requireLogin',
          },
          { target: '.loading', actions: { type: 'selectMode', params: ({ event }) => event.mode } },
        ],
        'classify.select': [
          {
            guard: { type: 'visitorWantsFavClass', params: ({ event }) => event.classify },
            actions: 'requireLogin',
          },
          {
            target: '.loading',
            actions: { type: 'selectClassify', params: ({ event }) => event.classify },
          },
        ],
        'vendor.select': {
          target: '.loading',
          actions: { type: 'selectVendor', params: ({ event }) => event.vendor },
        },
        'search.submit': {
          target: '.loading',
          actions: { type: 'search', params: ({ event }) => event.gameName },
        },
        'minBet.select': {
          target: '.loading',
          actions: { type: 'selectMinBet', params: ({ event }) => event.minBet },
        },
        'path.change': {
          target: '.loading',
          actions: {
            type: 'changePath',
            params: ({ event }) => ({ path: event.path, gameType: event.gameType }),
          },
        },
        'language.change': {
          target: '.loading',
          actions: { type: 'changeLanguage', params: ({ event }) => event.language },
        },
        'session.change': [
          {
            guard: { type: 'showsMemberOnlyAfterLogout', params: ({ event }) => event.loggedIn },
            target: '.loading',
            actions: 'backToVisitorList',
          },
        ],
      },
      states: {
        starting: {
          always: [{ guard: 'startsWithFirstPage', target: 'ready' }, { target: 'loading' }],
        },
        loading: {
          entry: 'resetList',
          invoke: {
            id: 'loadGames',
            src: 'loadGames',
            input: ({ context }) => gameListRequest(context, 1),
            onDone: {
              target: 'ready',
              actions: { type: 'keepFirstPage', params: ({ event }) => event.output },
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'keepError',
                params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
              },
            },
          },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'list.more': { guard: 'hasMoreGames', target: 'loadingMore' },
                'page.select': {
                  guard: { type: 'isOtherPage', params: ({ event }) => event.page },
                  target: 'paging',
                  actions: { type: 'requestPage', params: ({ event }) => event.page },
                },
              },
            },
            loadingMore: {
              invoke: {
                id: 'loadMoreGames',
                src: 'loadGames',
                input: ({ context }) => gameListRequest(context, context.page + 1),
                onDone: {
                  target: 'idle',
                  actions: { type: 'appendPage', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'keepError',
                    params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
                  },
                },
              },
            },
            paging: {
              invoke: {
                id: 'loadPage',
                src: 'loadGames',
                input: ({ context }) => gameListRequest(context, context.requestedPage!),
                onDone: {
                  target: 'idle',
                  actions: { type: 'showPage', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: [
                    'dropRequestedPage',
                    {
                      type: 'keepError',
                      params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
                    },
                  ],
                },
              },
            },
          },
        },
        failed: { on: { 'list.retry': 'loading' } },
      },
    },
    favourites: {
      initial: 'idle',
      on: {
        'session.change': [
          {
            guard: { type: 'loggingIn', params: ({ event }) => event.loggedIn },
            target: '.loadingIds',
            actions: { type: 'keepSession', params: true },
          },
          { target: '.idle', actions: { type: 'keepSession', params: false } },
        ],
      },
      states: {
        idle: {
          on: {
            'favourite.toggle': [
              { guard: 'isVisitor', actions: 'requireLogin' },
              {
                target: 'toggling',
                actions: {
                  type: 'startToggle',
                  params: ({ event }) => ({
                    nodeId: event.nodeId,
                    vendor: event.vendor,
                    gameType: event.gameType,
                  }),
                },
              },
            ],
          },
        },
        loadingIds: {
          invoke: {
            id: 'loadFavouriteIds',
            src: 'loadFavouriteIds',
            onDone: {
              target: 'idle',
              actions: { type: 'keepFavouriteIds', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'keepError',
                params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
              },
            },
          },
        },
        toggling: {
          invoke: {
            id: 'toggleFavourite',
            src: 'toggleFavourite',
            input: ({ context }) => context.pendingToggle!,
            onDone: { target: 'idle', actions: 'applyToggle' },
            onError: {
              target: 'idle',
              actions: [
                'dropToggle',
                {
                  type: 'keepError',
                  params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
                },
              ],
            },
          },
        },
      },
    },
  },
});
