import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type LotteryScope,
  type LotteryTab,
  lotteryRefreshMachine,
  type MenuLoad,
  type MenuRequest,
  type ResultsLoad,
} from '../../../machines/lotteryRefresh.machine.ts';
import { selectIsLoggedIn, selectMember } from '../../../machines/session.connect.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { SessionContext } from '../../session/sessionContext.ts';
import { useAuthRequired } from '../../session/useAuthRequired.ts';
import { readFavourites, writeFavourites } from './favourites.ts';
import { loadLotteryMenu, loadLotteryResults } from './queries.ts';

/** The machine with the real calls. */
export const liveLotteryRefresh = lotteryRefreshMachine.provide({
  actors: {
    loadMenu: fromPromise<MenuLoad, MenuRequest>(({ input }) => loadLotteryMenu(input)),
    loadResults: fromPromise<ResultsLoad, { scope: LotteryScope }>(({ input }) => loadLotteryResults(input)),
  },
});

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
  const actor = useActorRef(liveLotteryRefresh, {
    inspect: liveInspect,
    input: { ...input, loggedIn: username !== null, favourites: username ? readFavourites(username) : [] },
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

/**
 * The local clock for the countdowns: the view renders again at every whole second of the server's clock (local time
 * + `offset`), when a countdown's shown second changes — sales close on whole seconds — and whenever the list
 * changes, reading the clock at each render so a fresh list is counted from the right moment. A fixed 1 s interval
 * from mount would show each change up to a second late. The machine owns the refreshes.
 */
export function useNow(offset = 0): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    let id: ReturnType<typeof setTimeout>;
    const schedule = () => {
      // A few ms past the edge, so the render reads the new second.
      const delay = 1000 - ((((Date.now() + offset) % 1000) + 1000) % 1000) + EDGE_MARGIN_MS;
      id = setTimeout(() => {
        setTick((n) => n + 1);
        schedule();
      }, delay);
    };
    schedule();
    return () => clearTimeout(id);
  }, [offset]);
  return Date.now();
}

const EDGE_MARGIN_MS = 5;
