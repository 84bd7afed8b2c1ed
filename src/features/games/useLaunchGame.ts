import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { Game } from '../../../contract/games.ts';
import { selectIsLoggedIn, selectIsStarting, selectIsTrial } from '../../../machines/session.connect.ts';
import { storedToken } from '../../api/session.ts';
import { launchTarget } from '../../domain/launchTarget.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { useTrial } from '../../session/useTrial.ts';

export type LaunchGame = Pick<Game, 'nodeId' | 'vassalage' | 'gameType' | 'gameName'> &
  Partial<Pick<Game, 'supportPlay'>>;

/** Spec §6: a trial account (agent type 4) plays only the games that support free play; the server refuses the rest. */
export const trialRefuses = (trial: boolean, game: LaunchGame) => trial && game.supportPlay === false;

/**
 * Starting a game (spec §4, §6): members go to the game; a visitor's play opens the login popup and a free trial
 * opens a trial account first — either way the chosen game opens once the session is there (closing the popup
 * without logging in forgets it). A trial account asking for a game without free play (a sports book's lobby) gets
 * the "Please Register An Account First" notice instead.
 */
export function useLaunchGame() {
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const trialAccount = SessionContext.useSelector(selectIsTrial);
  const starting = SessionContext.useSelector(selectIsStarting);
  const modals = useAuthModals();
  const trial = useTrial();
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState<LaunchGame | null>(null);

  const go = useCallback(
    (game: LaunchGame) => {
      // The trial account gets the spec's notice ("Please Register An Account First", OK), not a refused launch.
      if (trialRefuses(trialAccount, game)) return modals.open({ name: 'realAccount' });
      const target = launchTarget(game);
      if (target.page === '/game')
        void navigate({
          to: '/game',
          search: { nodeId: game.nodeId, vendor: game.vassalage, name: game.gameName },
        });
      else void navigate({ to: target.page });
    },
    [navigate, trialAccount, modals.open],
  );

  useEffect(() => {
    if (!waiting) return;
    if (loggedIn) {
      setWaiting(null);
      go(waiting);
    } else if (modals.modal === null && !trial.busy && !starting && storedToken() === null) setWaiting(null);
  }, [waiting, loggedIn, modals.modal, trial.busy, starting, go]);

  const launch = (game: LaunchGame, mode: 'play' | 'trial' = 'play') => {
    if (loggedIn) return go(game);
    setWaiting(game);
    if (mode === 'trial') trial.start();
    else modals.open({ name: 'login' });
  };

  return { launch, pending: waiting?.nodeId ?? null, trialError: trial.error };
}
