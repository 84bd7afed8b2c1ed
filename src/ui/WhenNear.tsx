import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Whether the element given to the returned ref (a callback: the element may come later than the component) has come
 * into the view, or within `margin` of it once the page is scrolled; it stays true from then on. False on the
 * server's first screen (src/ssr) and the browser's first render alike; true at once where the browser cannot
 * observe (tests in jsdom).
 */
export function useNear<T extends Element>(margin: string): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => !import.meta.env.SSR && typeof IntersectionObserver === 'undefined');
  const [element, ref] = useState<T | null>(null);
  useEffect(() => {
    if (near || !element) return;
    const observe = (rootMargin: string) => {
      const observer = new IntersectionObserver(
        // As a transition: what it adds renders in slices between frames, not in one task while the page scrolls.
        (entries) => entries.some((e) => e.isIntersecting) && startTransition(() => setNear(true)),
        { rootMargin },
      );
      observer.observe(element);
      return observer;
    };
    // At the top of the page (a page loading, or one gone to), only the view: a first screen draws nothing below
    // itself. Once the visitor scrolls, `margin` ahead of the view: a section is there as they reach it.
    let observer = observe(scrollY ? margin : '0px');
    const onScroll = () => {
      observer.disconnect();
      observer = observe(margin);
    };
    addEventListener('scroll', onScroll, { once: true });
    return () => {
      removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [near, element, margin]);
  return [ref, near];
}

/**
 * Renders `children` once its place comes within `margin` of the view, and keeps them from then on; until then an
 * empty block of `height` holds the place (not a skeleton: nothing is loading yet). For long pages whose lower
 * sections each fetch and render a lot: a phone's first screen does not wait for them.
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
  const [ref, near] = useNear<HTMLDivElement>(margin);
  if (near) return children;
  return <div ref={ref} style={{ minHeight: height }} />;
}
