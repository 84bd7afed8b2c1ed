import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic } from 'xstate';
import {
  CLOSED_TEXT,
  countdown,
  selectLoadFailed,
  selectShowSkeleton,
  selectStaleError,
} from '../../../machines/lotteryRefresh.connect.ts';
import { lotteryRefreshWalk } from '../../../machines/lotteryRefresh.events.ts';
import {
  type LotteryRefreshContext,
  lotteryRefreshMachine,
  type MenuLoad,
  RETRY_MS,
  type ResultsLoad,
  visibleGames,
} from '../../../machines/lotteryRefresh.machine.ts';
import type { WalkPath } from '../../../machines/test/transitionPaths.ts';
import { ApiError } from '../../api/client.ts';
import {
  advance,
  expectFullCoverage,
  type InternalEvent,
  server,
  useFakeClock,
  useRealClock,
  viewPaths,
  visitor,
  walk,
} from '../../test/authHarness.tsx';
import { LATEST_RESULTS, MENU, menuData, replyData } from '../../test/lotteryHarness.tsx';
import { show } from '../../test/memberHarness.tsx';
import { favouritesKey } from './favourites.ts';
import { LotteryWidget } from './LotteryWidget.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

type M = typeof lotteryRefreshMachine;
type Event = EventFromLogic<M> | InternalEvent;
const ctx = (s: AnyMachineSnapshot) => s.context as LotteryRefreshContext;

/**
 * The lottery centre of a member (favourites [1] kept in the browser): the menu call answers (after a 400 ms round
 * trip) or fails, the clock runs the refresh and retry timers, and the member uses the South tab, the Favourites
 * mode, Monday, the E-lottery category, a heart, Retry, and hides and shows the page. Logins and logouts and the
 * login popup are the widget tests' (a visitor's requests): `session.change` is not walked.
 */
const EVENTS = lotteryRefreshWalk.events.filter((e) => e.type !== 'session.change') as Event[];

const heartShown = (s: AnyMachineSnapshot) =>
  !selectShowSkeleton(s as never) &&
  !selectLoadFailed(s as never) &&
  visibleGames(ctx(s)).some((g) => g.gameId === 2);

function offered(s: AnyMachineSnapshot): Event[] {
  const paused = s.matches('paused');
  return EVENTS.filter((e) => {
    // The results timer is walked where it runs out before the menu's (the read the list came with).
    if (e.type.startsWith('xstate.after.resultsRead'))
      return ctx(s).resultsDelay !== null && ctx(s).resultsDelay! < ctx(s).delay;
    if (e.type.startsWith('xstate.')) return true;
    if (paused) return e.type === 'visibility.visible';
    switch (e.type) {
      case 'visibility.visible':
        return false;
      case 'list.retry':
        return selectLoadFailed(s as never);
      case 'favourite.toggle':
        return heartShown(s);
      default:
        return true;
    }
  });
}

const serialize = (s: AnyMachineSnapshot) =>
  [
    JSON.stringify(s.value),
    ctx(s).scope,
    heartShown(s) && 'heart',
    selectLoadFailed(s as never) && 'failed',
    selectShowSkeleton(s as never) && 'skeleton',
    selectStaleError(s as never) && 'stale',
  ]
    .filter(Boolean)
    .join(' ');

const paths = viewPaths(lotteryRefreshWalk.machine, offered, serialize);

let visibility: DocumentVisibilityState = 'visible';
/** Local time the last menu reply came in, and its round trip (the countdowns count from its midpoint). */
let replied = { at: 0, rtt: 0 };
/** Local times the list's timers started: the menu refresh (`ready`) and the results timer (`ready.watching`). */
let timers = { ready: 0, watching: 0 };
/** Each results read answers after this round trip. */
const RESULTS_RTT = 300;

async function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Holds until the timer that started at `since` runs out after `ms`: no call to `path` before, one at it. */
async function runTimer(ms: number, since = Date.now(), path = MENU) {
  await advance(since + ms - Date.now() - 1);
  expect(server.pending(path)).toHaveLength(0);
  await advance(1);
}

/** A load cancelled by a newer one (a filter change while loading) gets no answer: the newest is answered. */
function dropCancelled() {
  for (const r of server.pending(MENU).slice(0, -1)) r.settled = true;
  // Leaving `ready` cancels a results read under way.
  for (const r of server.pending(LATEST_RESULTS)) r.settled = true;
}

async function perform(event: Event, from: AnyMachineSnapshot) {
  const user = visitor();
  if (event.type.endsWith('actor.loadMenu')) dropCancelled();
  switch (event.type) {
    case 'xstate.done.actor.loadMenu': {
      const load = (event as InternalEvent).output as MenuLoad;
      const rtt = load.receivedAt - load.sentAt;
      await advance(rtt);
      await replyData(MENU, menuData(load.games, load.serverTime!));
      replied = { at: Date.now(), rtt };
      timers = { ready: Date.now(), watching: Date.now() };
      return;
    }
    case 'xstate.error.actor.loadMenu':
      return server.fail(MENU, new ApiError('NETWORK', ''));
    case 'xstate.after.refresh.lotteryRefresh.ready':
      return runTimer(ctx(from).delay, timers.ready);
    case 'xstate.after.retry.lotteryRefresh.failed':
      return runTimer(RETRY_MS);
    case 'xstate.after.resultsRead.lotteryRefresh.ready.watching':
      return runTimer(ctx(from).resultsDelay!, timers.watching, LATEST_RESULTS);
    case 'xstate.done.actor.loadResults': {
      const { results } = (event as InternalEvent).output as ResultsLoad;
      await advance(RESULTS_RTT);
      const byGame = Object.fromEntries(results.map((r) => [r.gameCode, [r]]));
      await replyData(LATEST_RESULTS, { results: byGame });
      timers.watching = Date.now();
      return;
    }
    case 'xstate.error.actor.loadResults':
      await server.fail(LATEST_RESULTS, new ApiError('NETWORK', ''));
      timers.watching = Date.now();
      return;
    case 'list.retry':
      return user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    case 'tag.select':
      return user.click(screen.getByRole('tab', { name: 'South' }));
    case 'mode.select':
      return user.click(screen.getByRole('button', { name: 'Favourites' }));
    case 'week.select':
      return user.click(screen.getByRole('button', { name: 'Monday' }));
    case 'prizeMode.select':
      return user.click(screen.getByRole('button', { name: 'E-lottery' }));
    case 'favourite.toggle':
      return user.click(screen.getByRole('button', { name: 'Favourite TP. Hồ Chí Minh' }));
    case 'visibility.hidden':
      return setVisibility('hidden');
    case 'visibility.visible':
      return setVisibility('visible');
    default:
      throw new Error(`the widget has no control for ${event.type}`);
  }
}

/** The menu calls the path has started so far (each entry into `loading` starts one). */
function started(path: WalkPath<M>, upTo: number): number {
  const sessions = new Set<string>();
  for (const step of path.steps.slice(0, upTo + 1)) {
    const ref = (step.state.children as Record<string, { sessionId: string } | undefined>).loadMenu;
    if (ref) sessions.add(ref.sessionId);
  }
  return sessions.size;
}

const TAB_NAMES = { ALL: 'All', MB: 'North', MT: 'Central', MN: 'South', FAST: 'Fast', KENO: 'Keno' };
const pressed = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .queryAllByRole('button', { pressed: true })
    .map((b) => b.getAttribute('aria-label') ?? b.textContent);

function expectScreen(path: WalkPath<M>, i: number) {
  const state = path.steps[i]!.state;
  const c = ctx(state);
  expect(screen.getByRole('tab', { selected: true })).toHaveTextContent(TAB_NAMES[c.tag]);
  expect(pressed('Category')).toEqual([c.scope === 'Elott' ? 'E-lottery' : 'Lottery']);
  expect(pressed('List type')).toEqual(c.mode === 'fav' ? ['Favourites'] : []);
  expect(pressed('Draw day')).toEqual([c.week === 2 ? 'Monday' : 'Every day']);

  const skeleton = selectShowSkeleton(state as never);
  const failed = selectLoadFailed(state as never);
  expect(screen.queryAllByTestId('lottery-skeleton').length > 0).toBe(skeleton && !failed);
  const alerts = screen.queryAllByRole('alert');
  if (failed) {
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('Network abnormal, please try again.');
    expect(within(alerts[0]!).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  } else if (selectStaleError(state as never)) {
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('The list is refreshed again shortly.');
  } else expect(alerts).toHaveLength(0);

  if (!skeleton && !failed) {
    const rows = visibleGames(c);
    const list = screen.queryByRole('list', { name: 'Lotteries' });
    if (rows.length === 0) expect(list).toBeNull();
    else {
      const items = within(list!).getAllByRole('listitem');
      expect(items.map((li) => li.getAttribute('aria-label'))).toEqual(rows.map((g) => g.labelName));
      // Each countdown on the server's clock: the remaining time less what passed since the call's midpoint.
      items.forEach((li, j) => {
        const g = rows[j]!;
        const left = g.remainTime - (Date.now() - replied.at) - replied.rtt / 2;
        const cd = countdown(left, g.isSale);
        expect(within(li).getByTestId('countdown')).toHaveTextContent(
          cd.kind === 'clock' ? cd.text : CLOSED_TEXT,
        );
        expect(within(li).getByRole('button', { name: `Favourite ${g.labelName}` })).toHaveAttribute(
          'aria-pressed',
          String(c.favourites.includes(g.gameId)),
        );
      });
    }
  }
  // What went to the server: one menu call per load the path started, for the category shown.
  expect(server.sent(MENU)).toHaveLength(started(path, i));
  if (state.matches('loading'))
    expect(server.pending(MENU).at(-1)?.input).toEqual({ query: { prizeMode: c.scope } });
  expect(JSON.parse(localStorage.getItem(favouritesKey('player01')) ?? '[]')).toEqual(c.favourites);
}

describe('lottery widget: paths generated from the lotteryRefresh machine, walked on a simulated clock', () => {
  beforeEach(() => {
    useFakeClock();
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'));
    server.reset();
    visibility = 'visible';
    replied = { at: 0, rtt: 0 };
    timers = { ready: 0, watching: 0 };
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    useRealClock();
  });

  it('cover every state and transition but the session’s (widget tests)', () => {
    // `starting` only decides where the list begins (an eventless transition): no snapshot rests in it. A widget
    // given a first list is the lottery centre's first screen (src/ssr/firstScreen.test.tsx).
    expectFullCoverage(lotteryRefreshMachine, paths as never, {
      states: ['starting'],
      transitions: [':session.change'],
    });
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await walk(
      path,
      () => {
        localStorage.setItem(favouritesKey('player01'), '[1]');
        show(<LotteryWidget prizeMode="Lott" lobby />, 'member');
      },
      (event, from) => perform(event, from),
      (_state, i) => expectScreen(path, i),
    );
  });
});
