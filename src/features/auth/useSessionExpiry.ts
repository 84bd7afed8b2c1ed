import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../api/client.ts';
import { SessionContext } from '../../session/sessionContext.ts';

const refused = (error: unknown) => error instanceof ApiError && error.code === 'UNAUTHORIZED';

/** A call refused for an expired or revoked token ends the session in the header too (spec §8: not logged in). */
export function useSessionExpiry(): void {
  const queryClient = useQueryClient();
  const session = SessionContext.useActorRef();
  useEffect(() => {
    const expire = () => session.send({ type: 'session.expired' });
    const offQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error' && refused(e.action.error)) expire();
    });
    const offMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error' && refused(e.action.error)) expire();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient, session]);
}
