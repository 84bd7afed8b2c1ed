import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { LOTTERY_CENTRE } from '../../../contract/firstReplies.ts';
import type { Clock } from '../../../machines/lotteryRefresh.connect.ts';
import {
  type LotteryScope,
  type LotteryTab,
  lotteryRefreshMachine,
  type MenuLoad,
  type MenuRequest,
  type ResultsLoad,
} from '../../../machines/lotteryRefresh.machine.ts';
import { selectIsLoggedIn, selectMember } from '../../../machines/session.connect.ts';
import { freshQueryData, lotteryMenuQuery } from '../../api/queries.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { SessionContext } from '../../session/sessionContext.ts';
import { useAuthRequired } from '../../session/useAuthRequired.ts';
import { readFavourites, writeFavourites } from './favourites.ts';
import { loadLotteryMenu, loadLotteryResults } from './listCalls.ts';

/** The machine with the real calls. */
export const liveLotteryRefresh = lotteryRefreshMachine.provide({
  actors: {
    loadMenu: fromPromise<MenuLoad, MenuRequest>(({ input }) => loadLotteryMenu(input)),
    loadResults: fromPromise<ResultsLoad, { scope: LotteryScope }>(({ input }) => loadLotteryResults(input)),
  },
});

/**
 * The menu of `scope` when the app has it fresh already: the lottery centre's came with its page (src/app/firstPage.ts),
 * whatever tab its link names. The list starts with it, so the server draws the rows and the app takes them over as
 * they are, where a skeleton would be replaced after the takeover.
 */
function useFirstList(scope: LotteryScope): MenuLoad | undefined {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  return scope === LOTTERY_CENTRE.prizeMode
    ? freshQueryData(queryClient, lotteryMenuQuery(i18n.locale))
    : undefined;
}

/**
 * A lottery list actor kept in step with what lives outside it: the session and the member's favourites in this
 * browser (`session.change`) and the page's visibility (`visibility.hidden` / `visible`); a visitor's request for a
 * member's list opens the login popup (`auth.required`); a member's changed favourites (`favourites.change`) are kept in
 * the browser.
 */
export function useLotteryList(input: { scope: LotteryScope; tag?: LotteryTab }) {
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const account = SessionContext.useSelector((s) => selectMember(s)?.account ?? null);
  const username = loggedIn ? account : null;
  const firstList = useFirstList(input.scope);
  const actor = useActorRef(liveLotteryRefresh, {
    inspect: liveInspect,
    input: {
      ...input,
      loggedIn: username !== null,
      favourites: username ? readFavourites(username) : [],
      firstList,
      // Its timers run from when the page's answer came, not from now.
      startedAt: Date.now(),
    },
  });

  useEffect(() => {
    const c = actor.getSnapshot().context;
    const now = username !== null;
    if (c.loggedIn !== now)
      actor.send({
        type: 'session.change',
        loggedIn: now,
        favourites: username ? readFavourites(username) : [],
      });
  }, [actor, username]);

  useEffect(() => {
    const report = () =>
      actor.send({
        type: document.visibilityState === 'hidden' ? 'visibility.hidden' : 'visibility.visible',
      });
    if (document.visibilityState === 'hidden') report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [actor]);

  // A member's favourites live in this browser, per username (spec §3): the machine announces each change.
  useEffect(() => {
    if (!username) return;
    const sub = actor.on('favourites.change', (e) => writeFavourites(username, e.favourites));
    return () => sub.unsubscribe();
  }, [actor, username]);

  useAuthRequired(actor);
  return actor;
}

/** The countdowns' ticks, by clock offset: one timer each, however many countdowns read it. */
const ticks = new Map<number, Tick>();
type Tick = { listeners: Set<() => void>; timer?: ReturnType<typeof setTimeout> };

/**
 * Calls `listener` at every whole second of the server's clock (local time + `offset`), a few ms past the edge so
 * that a render reads the new second: sales close on whole seconds, and a fixed 1 s interval from a mount would show
 * each change up to a second late.
 */
function onEverySecond(offset: number, listener: () => void): () => void {
  const tick = ticks.get(offset) ?? startTick(offset);
  tick.listeners.add(listener);
  return () => {
    tick.listeners.delete(listener);
    if (tick.listeners.size > 0) return;
    clearTimeout(tick.timer);
    ticks.delete(offset);
  };
}

function startTick(offset: number): Tick {
  const tick: Tick = { listeners: new Set() };
  const schedule = () => {
    const delay = 1000 - ((((Date.now() + offset) % 1000) + 1000) % 1000) + EDGE_MARGIN_MS;
    tick.timer = setTimeout(() => {
      schedule();
      for (const l of tick.listeners) l();
    }, delay);
  };
  schedule();
  ticks.set(offset, tick);
  return tick;
}

const EDGE_MARGIN_MS = 5;

/**
 * The local time a countdown on `clock` is shown at: the component renders again at every whole second of the
 * server's clock, reading the time at each render so that a fresh list is counted from the right moment. The server's
 * render of a page and the app's takeover of it (hydration) show the list as of its own time (`asOf`, the games'
 * `remainTime`s as given), the only moment both know alike; the countdown ticks from the render after. The machine
 * owns the refreshes.
 */
export function useNow(clock: Clock): number {
  const { offset, asOf } = clock;
  const subscribe = useCallback((listener: () => void) => onEverySecond(offset, listener), [offset]);
  const second = useSyncExternalStore(
    subscribe,
    () => Math.floor((Date.now() + offset) / 1000),
    () => null,
  );
  return second === null ? asOf - offset : Date.now();
}
