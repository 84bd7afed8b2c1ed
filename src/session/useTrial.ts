import { useMutation } from '@tanstack/react-query';
import { freePlay } from '../../contract/routes.ts';
import { call } from '../api/client.ts';
import { storeToken } from '../api/session.ts';
import { SessionContext } from './sessionContext.ts';

/** Trial (free play): one call for a type-4 account, then the session loads it like any login. */
export function useTrial() {
  const session = SessionContext.useActorRef();
  const trial = useMutation({
    mutationFn: async () => (await call(freePlay, { body: {} })).value,
    onSuccess: ({ token }) => {
      storeToken(token);
      session.send({ type: 'session.loggedIn', token });
    },
  });
  return { start: () => trial.mutate(), busy: trial.isPending, error: trial.error };
}
