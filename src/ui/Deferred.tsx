import { type ReactNode, Suspense, useDeferredValue, useEffect, useState } from 'react';

/**
 * The page's first screen is the server's (src/ssr): drawn there with `children`, and taken over (hydrated) by the
 * app's first render, which must draw the same.
 */
let firstScreenDrawn = import.meta.env.SSR;
export const adoptDrawnScreen = () => {
  firstScreenDrawn = true;
};

/**
 * Shows `fallback` in the render that mounts it and `children` in a render React runs right after as a transition.
 * A store update (the router, a query, an actor) reaches React as an urgent update, rendered in one uninterrupted
 * task however large the page it mounts; a transition yields to the browser every few milliseconds instead, so a
 * phone stays responsive while a whole page mounts. On a drawn first screen, `children` at once: they are there.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [drawn] = useState(() => firstScreenDrawn);
  useEffect(() => {
    firstScreenDrawn = false;
  }, []);
  const ready = useDeferredValue(true, drawn);
  // A boundary of its own: on a drawn screen React takes these parts over one by one, after the frame around them
  // (each its own render and commit, not all of the page's in one task; a click on one still goes first).
  return ready ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
