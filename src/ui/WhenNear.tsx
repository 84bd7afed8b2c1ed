import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once its place comes within `margin` of the view, and keeps them from then on; until then an
 * empty block of `height` holds the place (not a skeleton: nothing is loading yet). For long pages whose lower sections each fetch and render a lot: a phone's
 * first screen does not wait for them. Where the browser cannot observe (tests in jsdom) they render at once.
 */
export function WhenNear({
  children,
  height,
  margin = '600px',
}: {
  children: ReactNode;
  height: string;
  margin?: string;
}) {
  // The server's first screen (src/ssr) draws the placeholder, as the browser's first render does.
  const [near, setNear] = useState(() => !import.meta.env.SSR && typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver(
      // As a transition: a row of tiles renders in slices between frames, not in one task while the page scrolls.
      (entries) => entries.some((e) => e.isIntersecting) && startTransition(() => setNear(true)),
      {
        rootMargin: margin,
      },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, margin]);
  if (near) return children;
  return <div ref={ref} style={{ minHeight: height }} />;
}
