import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while the server draws a page (src/ssr) and while the app takes that page over (hydration), true otherwise:
 * what only this browser knows (a figure kept in its storage) waits for the render after, so that the two agree.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
