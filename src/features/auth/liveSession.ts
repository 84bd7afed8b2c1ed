import { fromPromise } from 'xstate';
import { logout } from '../../../contract/routes.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import { call } from '../../api/client.ts';
import { clearSession } from '../../api/session.ts';
import { loadMemberInfo } from './memberInfo.ts';

/** The session machine with the browser's storage and the real API (`onSignedOut` resets caches and goes home). */
export const liveSession = (onSignedOut: () => void, goHome: () => void) =>
  sessionMachine.provide({
    actors: {
      loadMemberInfo,
      logOut: fromPromise(async () => {
        await call(logout, {});
      }),
    },
    actions: {
      clearSession: () => {
        clearSession();
        onSignedOut();
      },
      goHome,
    },
  });
