import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { cdnUrl } from '../../contract/cdn.ts';
import { whitelabelQuery } from '../api/queries.ts';

const NONE: string[] = [];
const noSubscription = () => () => undefined;

/**
 * The address a picture of ours is drawn from: on one of the merchant's image CDNs when it has them. It reads the
 * whitelabel the shell has loaded rather than asking for it: a lobby's hundred tiles add no query observers, and a
 * part drawn outside the app (a test, a preview) keeps its own addresses.
 */
export function useImageUrl(): (src: string) => string {
  const client = useContext(QueryClientContext);
  const subscribe = useCallback(
    (changed: () => void) => (client ? client.getQueryCache().subscribe(changed) : noSubscription()),
    [client],
  );
  const current = () => client?.getQueryData(whitelabelQuery().queryKey)?.imageCDNs ?? NONE;
  const origins = useSyncExternalStore(subscribe, current, current);
  return useCallback((src: string) => cdnUrl(src, origins), [origins]);
}
