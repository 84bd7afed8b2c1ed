import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../api/client.ts';
import { SessionContext } from '../../session/sessionContext.ts';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : null);

/**
 * A call refused for an expired or revoked token, or a locked account, ends the session in the header too (spec §8:
 * not logged in); one refused for a password still to be changed brings the change dialog back.
 */
export function useSessionExpiry(): void {
  const queryClient = useQueryClient();
  const session = SessionContext.useActorRef();
  useEffect(() => {
    const heard = (error: unknown) => {
      const code = codeOf(error);
      if (code === 'UNAUTHORIZED' || code === 'ACCOUNT_LOCKED') session.send({ type: 'session.expired' });
      else if (code === 'PASSWORD_CHANGE_REQUIRED') session.send({ type: 'session.passwordChangeRequired' });
    };
    const offQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') heard(e.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') heard(e.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, session]);
}
