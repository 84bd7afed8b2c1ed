import { assign, type ErrorActorEvent, emit, fromPromise, setup } from 'xstate';
import type { DrawResult, LotteryGame, PrizeMode } from '../contract/lottery.ts';
import { type FlowError, readFlowError } from './form.ts';

/**
 * The lottery list of the lottery widget, the lottery centre and the betting pages (spec §2 Lottery widget, §4 Lottery
 * list, §9): it loads the menu, measures the round trip and schedules the next refresh.
 *
 * States:
 *   - `starting` (transient): with `input.firstList` (the menu the app already has: the lottery centre's, which its
 *     page carried) straight to `ready` with it, as if `loading` had just brought it; otherwise `loading`.
 *   - `loading`: invokes `loadMenu` for the current scope and list source (the menu; the popular list in hot mode;
 *     the member's recent menu in recent mode) → `ready`, or `failed` (the last list is kept, with `error`).
 *   - `ready`: after `refresh` — clamp(nearest remaining time among the listed games − rtt / 2, 7000, 30000) ms,
 *     computed when the list came in — it loads again. A closed sale's next change is its draw (+ 500 ms, so the
 *     call lands after it and brings the new issue). Meanwhile it watches the results (issue 24: a fast lottery's
 *     numbers on screen within 5 s of its draw), apart from that menu refresh:
 *     - `ready.watching`: after `resultsRead` — 500 ms past the first draw time of a listed game whose numbers the
 *       list lacks (each game's next draw; a draw that passed stays awaited up to 30 s) — it reads the results;
 *       with nothing awaited → `ready.caughtUp`.
 *     - `ready.reading`: invokes `loadResults` (the latest result of every lottery of the scope) → its numbers go
 *       into the list's games → `watching`, which reads again 1 s later while the awaited draw's numbers are
 *       missing; a failed read is tried again after 7 s (the list stays as it was).
 *     - `ready.caughtUp`: nothing awaited until the next menu load.
 *   - `failed`: after `retry` (7000 ms) or on `list.retry` it loads again; the last list stays on screen.
 *   - `paused`: the page is hidden (`visibility.hidden`), no timer runs; `visibility.visible` loads at once.
 * A tag (`tag.select`), list mode (`mode.select`) or prize mode (`prizeMode.select`) change loads at once, from any
 * state, cancelling a load under way. Choosing a tag resets the week filter (to All) and the list mode (spec §4);
 * choosing the active mode again goes back to the plain list. The week filter (`week.select`) only filters.
 *
 * Visitors (spec §2): fav and recent modes and favourite toggles need a login; they emit `auth.required` (the view
 * opens the login popup through `useAuthRequired`) and change nothing. Favourites are lottery ids that the view keeps in the
 * browser per username (spec §3): it hands them in with `session.change` and stores the `favourites.change` a toggle emits.
 *
 * Clock: the reply's `serverTime` against the local midpoint of the call gives `offset` (server − local), so the
 * countdown ticks on the server's clock; `asOf` is the server time the games' `remainTime`s were measured at. The
 * offset kept is that of the quickest of the last CLOCK_SAMPLES calls: a slow reply (one that waited behind the draw
 * job, which the refresh after a draw meets) is measured off by up to half its round trip.
 */

/** Spec §9: the refresh timer runs at least 7000 and at most 30000 ms. */
export const MIN_REFRESH_MS = 7000;
export const MAX_REFRESH_MS = 30_000;
/** How many recent calls' clock measures are kept; the quickest one's offset is used. */
export const CLOCK_SAMPLES = 8;
/** A failed load is tried again after the shortest refresh. */
export const RETRY_MS = MIN_REFRESH_MS;
/** Results are read this long after a draw time: the server reveals at the draw time, within tens of ms. */
export const RESULT_MARGIN_MS = 500;
/** A results read that did not bring the awaited numbers is tried again after this. */
export const RESULT_RETRY_MS = 1000;
/** A draw whose numbers have not come this long after its time is left to the menu refresh. */
export const RESULT_WAIT_MS = 30_000;

/** Vietnam lottery tags of the widget's tabs, in order (spec §2); KENO only when the menu has such a group. */
export const VN_TAGS = ['MB', 'MT', 'MN', 'FAST'] as const;
export type LotteryTab = 'ALL' | (typeof VN_TAGS)[number] | 'KENO';

/** `all` is the plain list; hot (popular), fav (login) and recent (login) are the spec's list modes. */
export type LotteryListMode = 'all' | 'hot' | 'fav' | 'recent';
/** Where a list comes from: the menu, the popular call or the recent menu. */
export type LotterySource = 'menu' | 'popular' | 'recent';
/** The prize mode of the menu, or `ANY` (the betting page looks a game up in both Lott and Elott). */
export type LotteryScope = PrizeMode | 'ANY';

/** Spec §9 week days: 2 Monday … 7 Saturday, 1 Sunday; 0 here is "All". */
export type WeekFilter = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** The weekday menu in its order: Mon … Sun, then All. */
export const WEEK_MENU: WeekFilter[] = [2, 3, 4, 5, 6, 7, 1, 0];

export interface MenuRequest {
  scope: LotteryScope;
  source: LotterySource;
}

/** What `loadMenu` gives back: the games, the server's clock (null when the call has none) and the call's times. */
export interface MenuLoad {
  games: LotteryGame[];
  serverTime: string | null;
  /** Local clock (ms) when the request went out and when its answer came in. */
  sentAt: number;
  receivedAt: number;
}

/** What `loadResults` gives back: the latest result of each lottery of the scope, and when it came in (local ms). */
export interface ResultsLoad {
  results: DrawResult[];
  receivedAt: number;
}

export interface LotteryRefreshInput {
  scope?: LotteryScope;
  tag?: LotteryTab;
  loggedIn?: boolean;
  favourites?: number[];
  /**
   * The menu of `scope` when the app has it already (the lottery centre's, which its page carried): the list starts
   * ready with it and loads nothing until its refresh timer.
   */
  firstList?: MenuLoad;
  /**
   * Local ms when the list starts with `firstList`, later than the list came in (the page's answer, then the app's
   * start): its timers are those of that answer, less the time since, not a fresh load's.
   */
  startedAt?: number;
}

export interface LotteryRefreshContext {
  scope: LotteryScope;
  tag: LotteryTab;
  mode: LotteryListMode;
  week: WeekFilter;
  loggedIn: boolean;
  favourites: number[];
  games: LotteryGame[];
  /** The source `games` came from (null before the first list). */
  source: LotterySource | null;
  /** Server clock (ms since epoch) the games' remaining times were measured at. */
  asOf: number;
  /** Server clock − local clock, ms: that of the quickest of `clockSamples`. */
  offset: number;
  /** The last calls' clock measures (offset and round trip), oldest first. */
  clockSamples: { offset: number; rtt: number }[];
  /** The last call's round trip, ms. */
  rtt: number;
  /** The refresh timer of `ready`, ms. */
  delay: number;
  /**
   * By game code, the draw time (server ms) whose numbers the list awaits: the game's next draw, or one that passed
   * without its numbers (for up to RESULT_WAIT_MS).
   */
  awaited: Record<string, number>;
  /** The results timer of `ready.watching`, ms; null when no listed game awaits numbers. */
  resultsDelay: number | null;
  error: FlowError | null;
}

export type LotteryRefreshEvent =
  | { type: 'tag.select'; tag: LotteryTab }
  | { type: 'mode.select'; mode: LotteryListMode }
  | { type: 'week.select'; week: WeekFilter }
  | { type: 'prizeMode.select'; prizeMode: PrizeMode }
  | { type: 'favourite.toggle'; gameId: number }
  | { type: 'session.change'; loggedIn: boolean; favourites: number[] }
  | { type: 'list.retry' }
  | { type: 'visibility.hidden' }
  | { type: 'visibility.visible' };

/** A visitor asked for something only a member may do (spec §2). */
export type LotteryRefreshEmitted =
  | { type: 'auth.required' }
  /** A member's favourites changed: the app keeps them in this browser (spec §3). */
  | { type: 'favourites.change'; favourites: number[] };
export const sourceOf = (mode: LotteryListMode): LotterySource =>
  mode === 'hot' ? 'popular' : mode === 'recent' ? 'recent' : 'menu';

const memberOnly = (mode: LotteryListMode) => mode === 'fav' || mode === 'recent';

/** Choosing the active mode again returns to the plain list. */
export const nextMode = (current: LotteryListMode, chosen: LotteryListMode): LotteryListMode =>
  chosen === current ? 'all' : chosen;

/** The games of a tab and list mode (before the week filter): what the refresh timer looks at. */
export function listedGames(
  c: Pick<LotteryRefreshContext, 'games' | 'tag' | 'mode' | 'favourites'>,
): LotteryGame[] {
  return c.games.filter(
    (g) => (c.tag === 'ALL' || g.tag === c.tag) && (c.mode !== 'fav' || c.favourites.includes(g.gameId)),
  );
}

/**
 * Daily lotteries drawn on that week day (fast ones list all seven days); All (0) keeps every game. Sorted by the
 * menu's order.
 */
export function visibleGames(
  c: Pick<LotteryRefreshContext, 'games' | 'tag' | 'mode' | 'favourites' | 'week'>,
): LotteryGame[] {
  return listedGames(c)
    .filter((g) => c.week === 0 || g.drawDayOfWeek.includes(c.week))
    .sort((a, b) => a.gameMenuSort - b.gameMenuSort);
}

/**
 * Milliseconds, as of the list's time, until something changes for a game: its sale closes, or (closed) it draws —
 * the server lists the next issue from the draw time on, so the call is aimed RESULT_MARGIN_MS past it.
 */
export function untilNextChange(game: LotteryGame, asOf: number): number {
  if (game.isSale && game.remainTime > 0) return game.remainTime;
  const draw = Date.parse(game.drawTime);
  return Number.isFinite(draw) ? Math.max(0, draw + RESULT_MARGIN_MS - asOf) : Number.POSITIVE_INFINITY;
}

/** Spec §4/§9: clamp(nearest remaining time among the listed games − rtt / 2, 7000, 30000). */
export function refreshDelay(games: LotteryGame[], asOf: number, rtt: number): number {
  const nearest = Math.min(...games.map((g) => untilNextChange(g, asOf)));
  if (!Number.isFinite(nearest)) return MAX_REFRESH_MS;
  return Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, Math.round(nearest - rtt / 2)));
}

const timeOf = (iso: string | null) => (iso === null ? Number.NEGATIVE_INFINITY : Date.parse(iso));

/** The games with the newer of their own previous numbers and those of `results` (the latest of each lottery). */
export function withResults(games: LotteryGame[], results: DrawResult[]): LotteryGame[] {
  const latest = new Map(results.map((r) => [r.gameCode, r]));
  return games.map((g) => {
    const r = latest.get(g.code);
    if (!r || Date.parse(r.drawTime) <= timeOf(g.previousWinningTime)) return g;
    return { ...g, previousWinningNumber: r.winningNumber, previousWinningTime: r.drawTime };
  });
}

/**
 * The draws whose numbers the games lack at `serverNow`: for each game the earliest of the one awaited before and
 * its next draw that is newer than its previous numbers, dropped RESULT_WAIT_MS after its time.
 */
export function awaitedDraws(
  games: LotteryGame[],
  before: Record<string, number>,
  serverNow: number,
): Record<string, number> {
  const awaited: Record<string, number> = {};
  for (const g of games) {
    const have = timeOf(g.previousWinningTime);
    const times = [before[g.code], Date.parse(g.drawTime)].filter(
      (t): t is number => t !== undefined && Number.isFinite(t) && t > have && t > serverNow - RESULT_WAIT_MS,
    );
    if (times.length > 0) awaited[g.code] = Math.min(...times);
  }
  return awaited;
}

/**
 * The results timer at `serverNow`: RESULT_MARGIN_MS past the first awaited draw of the listed games, or
 * RESULT_RETRY_MS when that moment has passed (a read after it lacked the numbers); null when nothing is awaited.
 */
export function resultsDelay(games: LotteryGame[], awaited: Record<string, number>, serverNow: number) {
  const due = Math.min(...games.map((g) => awaited[g.code] ?? Number.POSITIVE_INFINITY));
  if (!Number.isFinite(due)) return null;
  const wait = due + RESULT_MARGIN_MS - serverNow;
  return wait > 0 ? Math.round(wait) : RESULT_RETRY_MS;
}

/** The measure of the quickest call (the newest of equals), undefined when there is none. */
export const quickest = <T extends { rtt: number }>(samples: T[]): T | undefined =>
  samples.reduce<T | undefined>((best, s) => (best === undefined || s.rtt <= best.rtt ? s : best), undefined);

/** The clock of a loaded list: round trip, server time at the local midpoint of the call, offset. */
export function clockOf(load: MenuLoad, previousOffset: number) {
  const rtt = Math.max(0, load.receivedAt - load.sentAt);
  const midpoint = load.sentAt + rtt / 2;
  const server = load.serverTime === null ? Number.NaN : Date.parse(load.serverTime);
  if (!Number.isFinite(server)) return { rtt, offset: previousOffset, asOf: midpoint + previousOffset };
  return { rtt, offset: server - midpoint, asOf: server };
}

/**
 * The context's list, clock and timers once `load` has come in (keepList), or `now` (local ms) when it came in before
 * (input.firstList): its timers run from when it came in.
 */
function listed(context: LotteryRefreshContext, load: MenuLoad, now = load.receivedAt) {
  const since = Math.max(0, now - load.receivedAt);
  const measured = clockOf(load, context.offset);
  const clockSamples =
    load.serverTime === null
      ? context.clockSamples
      : [...context.clockSamples, { offset: measured.offset, rtt: measured.rtt }].slice(-CLOCK_SAMPLES);
  const clock = { ...measured, offset: quickest(clockSamples)?.offset ?? measured.offset };
  const next = { ...context, games: load.games };
  // The server's clock when the list came in: the call's midpoint plus half its round trip.
  const received = clock.asOf + clock.rtt / 2;
  const awaited = awaitedDraws(load.games, context.awaited, received);
  return {
    games: load.games,
    source: sourceOf(context.mode),
    ...clock,
    clockSamples,
    delay: Math.max(0, refreshDelay(listedGames(next), clock.asOf, clock.rtt) - since),
    awaited,
    resultsDelay: resultsDelay(listedGames(next), awaited, received + since),
    error: null,
  };
}

export const lotteryRefreshMachine = setup({
  types: {
    context: {} as LotteryRefreshContext,
    events: {} as LotteryRefreshEvent,
    input: {} as LotteryRefreshInput,
    emitted: {} as LotteryRefreshEmitted,
  },
  actors: {
    loadMenu: fromPromise<MenuLoad, MenuRequest>(async () => {
      throw new Error('loadMenu must be provided');
    }),
    loadResults: fromPromise<ResultsLoad, { scope: LotteryScope }>(async () => {
      throw new Error('loadResults must be provided');
    }),
  },
  delays: {
    refresh: ({ context }) => context.delay,
    retry: RETRY_MS,
    resultsRead: ({ context }) => context.resultsDelay ?? RESULT_RETRY_MS,
  },
  guards: {
    visitorWantsMemberMode: ({ context }, mode: LotteryListMode) =>
      !context.loggedIn && memberOnly(nextMode(context.mode, mode)),
    isVisitor: ({ context }) => !context.loggedIn,
    // Spec §2: visitors see no favourites or recent lotteries, so a logout leaves those lists.
    leavesMemberList: ({ context }, loggedIn: boolean) => !loggedIn && memberOnly(context.mode),
    isOtherPrizeMode: ({ context }, prizeMode: PrizeMode) => context.scope !== prizeMode,
    nothingAwaited: ({ context }) => context.resultsDelay === null,
    // Only the context factory fills a list before its first load (input.firstList).
    startsWithFirstList: ({ context }) => context.source !== null,
  },
  actions: {
    keepList: assign(({ context }, load: MenuLoad) => listed(context, load)),
    keepResults: assign(({ context }, load: ResultsLoad) => {
      const games = withResults(context.games, load.results);
      const received = load.receivedAt + context.offset;
      const awaited = awaitedDraws(games, context.awaited, received);
      return {
        games,
        awaited,
        resultsDelay: resultsDelay(listedGames({ ...context, games }), awaited, received),
      };
    }),
    retryResults: assign({ resultsDelay: RETRY_MS }),
    keepError: assign((_, error: FlowError) => ({ error })),
    clearError: assign({ error: null }),
    selectTag: assign((_, tag: LotteryTab) => ({ tag, week: 0 as WeekFilter, mode: 'all' as const })),
    selectMode: assign(({ context }, mode: LotteryListMode) => ({ mode: nextMode(context.mode, mode) })),
    selectWeek: assign((_, week: WeekFilter) => ({ week })),
    selectPrizeMode: assign((_, prizeMode: PrizeMode) => ({
      scope: prizeMode as LotteryScope,
      games: [],
      source: null,
      week: 0 as WeekFilter,
      error: null,
    })),
    requireLogin: emit({ type: 'auth.required' } as const),
    announceFavourites: emit(
      ({ context }) => ({ type: 'favourites.change', favourites: context.favourites }) as const,
    ),
    toggleFavourite: assign(({ context }, gameId: number) => ({
      favourites: context.favourites.includes(gameId)
        ? context.favourites.filter((id) => id !== gameId)
        : [...context.favourites, gameId],
    })),
    keepSession: assign((_, s: { loggedIn: boolean; favourites: number[] }) =>
      s.loggedIn ? { loggedIn: true, favourites: s.favourites } : { loggedIn: false, favourites: [] },
    ),
    backToPlainList: assign({ mode: 'all' as const }),
  },
}).createMachine({
  id: 'lotteryRefresh',
  initial: 'starting',
  context: ({ input }) => {
    const empty: LotteryRefreshContext = {
      scope: input?.scope ?? 'Lott',
      tag: input?.tag ?? 'ALL',
      mode: 'all',
      week: 0,
      loggedIn: input?.loggedIn ?? false,
      favourites: input?.loggedIn ? (input.favourites ?? []) : [],
      games: [],
      source: null,
      asOf: 0,
      offset: 0,
      clockSamples: [],
      rtt: 0,
      delay: MAX_REFRESH_MS,
      awaited: {},
      resultsDelay: null,
      error: null,
    };
    return input?.firstList ? { ...empty, ...listed(empty, input.firstList, input.startedAt) } : empty;
  },
  on: {
    'tag.select': {
      target: '.loading',
      reenter: true,
      actions: { type: 'selectTag', params: ({ event }) => event.tag },
    },
    'mode.select': [
      {
        guard: { type: 'visitorWantsMemberMode', params: ({ event }) => event.mode },
        actions: 'requireLogin',
      },
      {
        target: '.loading',
        reenter: true,
        actions: { type: 'selectMode', params: ({ event }) => event.mode },
      },
    ],
    'prizeMode.select': {
      guard: { type: 'isOtherPrizeMode', params: ({ event }) => event.prizeMode },
      target: '.loading',
      reenter: true,
      actions: { type: 'selectPrizeMode', params: ({ event }) => event.prizeMode },
    },
    'week.select': { actions: { type: 'selectWeek', params: ({ event }) => event.week } },
    'favourite.toggle': [
      { guard: 'isVisitor', actions: 'requireLogin' },
      { actions: [{ type: 'toggleFavourite', params: ({ event }) => event.gameId }, 'announceFavourites'] },
    ],
    'session.change': [
      {
        guard: { type: 'leavesMemberList', params: ({ event }) => event.loggedIn },
        target: '.loading',
        reenter: true,
        actions: [{ type: 'keepSession', params: ({ event }) => event }, 'backToPlainList'],
      },
      { actions: { type: 'keepSession', params: ({ event }) => event } },
    ],
    'visibility.hidden': '.paused',
  },
  states: {
    starting: {
      always: [{ guard: 'startsWithFirstList', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadMenu',
        src: 'loadMenu',
        input: ({ context }) => ({ scope: context.scope, source: sourceOf(context.mode) }),
        onDone: { target: 'ready', actions: { type: 'keepList', params: ({ event }) => event.output } },
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
      after: { refresh: 'loading' },
      initial: 'watching',
      states: {
        watching: {
          always: { guard: 'nothingAwaited', target: 'caughtUp' },
          after: { resultsRead: 'reading' },
        },
        reading: {
          invoke: {
            id: 'loadResults',
            src: 'loadResults',
            input: ({ context }) => ({ scope: context.scope }),
            onDone: {
              target: 'watching',
              actions: { type: 'keepResults', params: ({ event }) => event.output },
            },
            onError: { target: 'watching', actions: 'retryResults' },
          },
        },
        caughtUp: {},
      },
    },
    failed: {
      after: { retry: 'loading' },
      on: { 'list.retry': 'loading' },
    },
    paused: {
      on: { 'visibility.visible': 'loading' },
    },
  },
});
