import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { LotteryGame, PrizeMode } from '../contract/lottery.ts';
import {
  type LotteryListMode,
  type LotteryRefreshContext,
  type LotteryTab,
  type lotteryRefreshMachine,
  sourceOf,
  VN_TAGS,
  visibleGames,
} from './lotteryRefresh.machine.ts';

type Snapshot = SnapshotFrom<typeof lotteryRefreshMachine>;
type Send = (event: EventFromLogic<typeof lotteryRefreshMachine>) => void;

/** Spec §9: a day is 86400000 ms. */
export const DAY_MS = 86_400_000;

/**
 * Spec §4 countdown: `closed` (shown `-- : -- : --`) when the sale is closed or under 1 s remains; `clock` hh:mm:ss
 * under a day; otherwise whole `days` and `hours`. Codes only: the view words the days-and-hours form.
 */
export type Countdown =
  | { kind: 'closed' }
  | { kind: 'clock'; text: string }
  | { kind: 'days'; days: number; hours: number };

export const CLOSED_TEXT = '-- : -- : --';

const two = (n: number) => String(n).padStart(2, '0');

export function countdown(remainMs: number, isSale: boolean): Countdown {
  if (!isSale || !Number.isFinite(remainMs) || remainMs < 1000) return { kind: 'closed' };
  if (remainMs < DAY_MS) {
    const s = Math.floor(remainMs / 1000);
    return {
      kind: 'clock',
      text: `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`,
    };
  }
  const hoursTotal = Math.floor(remainMs / 3_600_000);
  return { kind: 'days', days: Math.floor(hoursTotal / 24), hours: hoursTotal % 24 };
}

/** What a countdown is measured from: the offset (server − local) and the server time of the list. */
export type Clock = Pick<LotteryRefreshContext, 'offset' | 'asOf'>;

/** The server's clock now, from the local clock and the measured offset. */
export const serverNow = (c: Pick<LotteryRefreshContext, 'offset'>, localNow: number) => localNow + c.offset;

/** Milliseconds of a game's sale left at `localNow` (its `remainTime` counted down from the list's server time). */
export const remainingAt = (c: Clock, game: Pick<LotteryGame, 'remainTime'>, localNow: number) =>
  Math.max(0, c.asOf + game.remainTime - serverNow(c, localNow));

/** A game's countdown at `localNow`. */
export const gameCountdown = (c: Clock, game: Pick<LotteryGame, 'remainTime' | 'isSale'>, localNow: number) =>
  countdown(remainingAt(c, game, localNow), game.isSale);

/** The tabs: ALL, one per Vietnam tag, and KENO only when the loaded menu has a KENO group. */
export const selectTabs = (s: Snapshot): LotteryTab[] => [
  'ALL',
  ...VN_TAGS,
  ...(s.context.games.some((g) => g.tag === 'KENO') ? (['KENO'] as const) : []),
];

/** The rows to show: the tab, list mode and week filter applied, in the menu's order. */
export const selectRows = (s: Snapshot) => visibleGames(s.context);

/** Nothing of this list's source to show yet: skeletons. */
export const selectShowSkeleton = (s: Snapshot) =>
  s.context.source !== sourceOf(s.context.mode) && (s.matches('loading') || s.matches('paused'));

/** The list (of this source) could not load and there is nothing to show: the failure with Retry. */
export const selectLoadFailed = (s: Snapshot) =>
  s.matches('failed') && s.context.source !== sourceOf(s.context.mode);

/** A refresh failed while a list is shown: it stays, with a note (retried on the timer). */
export const selectStaleError = (s: Snapshot) =>
  s.context.error !== null && s.context.source === sourceOf(s.context.mode) ? s.context.error : null;

/** The weekday menu is offered on the tabs of daily lotteries with a weekly rota (spec §9: central, southern). */
export const selectWeekMenuShown = (s: Snapshot) =>
  s.context.tag === 'ALL' || s.context.tag === 'MT' || s.context.tag === 'MN';

/** A game of the loaded list by code. */
export const selectGame = (s: Snapshot, code: string | undefined) =>
  code ? s.context.games.find((g) => g.code === code) : undefined;

/**
 * A lottery list's props and commands (the widget, the lottery page): what to show (tabs, rows, skeletons, the
 * failure or the stale note) and what the controls do. Choosing a tab, the open one too, resets the week filter and
 * the list mode and refreshes (spec §4): the machine decides; the view only says which.
 */
export function connectLotteryRefresh(s: Snapshot, send: Send) {
  const c = s.context;
  return {
    scope: c.scope,
    tag: c.tag,
    mode: c.mode,
    week: c.week,
    games: c.games,
    error: c.error,
    /** What a countdown is measured from: the offset and the server time of the list. */
    clock: { offset: c.offset, asOf: c.asOf } satisfies Clock,
    tabs: selectTabs(s),
    rows: selectRows(s),
    skeleton: selectShowSkeleton(s),
    loadFailed: selectLoadFailed(s),
    staleError: selectStaleError(s),
    weekMenu: selectWeekMenuShown(s),
    /** A refresh runs while the list is shown. */
    busy: s.matches('loading'),
    isFavourite: (gameId: number) => c.favourites.includes(gameId),
    game: (code: string | undefined) => selectGame(s, code),
    /**
     * The lottery a betting page shows: the one its URL names, else the first (in menu order) of the page's default
     * tag, else the first of the menu; undefined while none is loaded or the code is unknown.
     */
    pageGame(code: string | undefined, defaultTag?: LotteryTab) {
      const sorted = [...c.games].sort((a, b) => a.gameMenuSort - b.gameMenuSort);
      return code
        ? sorted.find((g) => g.code === code)
        : (sorted.find((g) => !defaultTag || g.tag === defaultTag) ?? sorted[0]);
    },
    selectTab: (tag: LotteryTab) => send({ type: 'tag.select', tag }),
    selectPrizeMode: (prizeMode: PrizeMode) => send({ type: 'prizeMode.select', prizeMode }),
    selectMode: (mode: LotteryListMode) => send({ type: 'mode.select', mode }),
    selectWeek: (week: LotteryRefreshContext['week']) => send({ type: 'week.select', week }),
    /** A visitor's toggle asks for a login (`auth.required`); a member's is announced (`favourites.change`). */
    toggleFavourite: (gameId: number) => send({ type: 'favourite.toggle', gameId }),
    retry: () => send({ type: 'list.retry' }),
  };
}

export type LotteryRefreshView = ReturnType<typeof connectLotteryRefresh>;
