import { type ReactNode, useDeferredValue } from 'react';

/**
 * Shows `fallback` in the render that mounts it and `children` in a render React runs right after as a transition.
 * A store update (the router, a query, an actor) reaches React as an urgent update, rendered in one uninterrupted
 * task however large the page it mounts; a transition yields to the browser every few milliseconds instead, so a
 * phone stays responsive while a whole page mounts. The server's first screen (src/ssr) draws `children`: it is the
 * page the visitor sees before the app's code has loaded.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ready = useDeferredValue(true, import.meta.env.SSR);
  return ready ? children : fallback;
}
