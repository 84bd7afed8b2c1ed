import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type LotteryScope,
  type LotteryTab,
  lotteryRefreshMachine,
  type MenuLoad,
  type MenuRequest,
} from '../../../machines/lotteryRefresh.machine.ts';
import { selectLoginRequired } from '../../../machines/lotteryRefresh.selectors.ts';
import { selectIsLoggedIn, selectMember } from '../../../machines/session.selectors.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { readFavourites, writeFavourites } from './favourites.ts';
import { loadLotteryMenu } from './queries.ts';

/** The machine with the real calls. */
export const liveLotteryRefresh = lotteryRefreshMachine.provide({
  actors: { loadMenu: fromPromise<MenuLoad, MenuRequest>(({ input }) => loadLotteryMenu(input)) },
});

/**
 * A lottery list actor kept in step with what lives outside it: the session and the member's favourites in this
 * browser (`session.change`), the page's visibility (`visibility.hidden` / `visible`), and the login popup the machine
 * asks for (`login.prompted`). `toggleFavourite` sends the toggle and keeps the member's list in the browser.
 */
export function useLotteryList(input: { scope: LotteryScope; tag?: LotteryTab }) {
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const account = SessionContext.useSelector((s) => selectMember(s)?.account ?? null);
  const username = loggedIn ? account : null;
  const actor = useActorRef(liveLotteryRefresh, {
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

  const loginRequired = useSelector(actor, selectLoginRequired);
  const { open } = useAuthModals();
  useEffect(() => {
    if (!loginRequired) return;
    open({ name: 'login' });
    actor.send({ type: 'login.prompted' });
  }, [actor, loginRequired, open]);

  const toggleFavourite = (gameId: number) => {
    actor.send({ type: 'favourite.toggle', gameId });
    const c = actor.getSnapshot().context;
    if (c.loggedIn && username) writeFavourites(username, c.favourites);
  };

  return { actor, toggleFavourite };
}

/**
 * The local clock for the countdowns: the view renders again every second (and whenever the list changes), reading
 * the clock at each render so a fresh list is counted from the right moment. The machine owns the refreshes.
 */
export function useNow(): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, []);
  return Date.now();
}
