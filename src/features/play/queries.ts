import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { loadPlaySession } from './api.ts';

/** The launched game's session; only a network failure is worth asking again (a refused token stays refused). */
export const playSessionQuery = (token: string) =>
  queryOptions({
    queryKey: ['play', 'session', token],
    queryFn: () => loadPlaySession(token),
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: (failures, err) => err instanceof ApiError && err.code === 'NETWORK' && failures < 2,
  });
