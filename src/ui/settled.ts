import { useEffect, useState } from 'react';

/** After the page has loaded and the browser is idle: no first screen waits for, or shares its main thread with, a tag. */
export function whenSettled(win: Window, run: () => void): void {
  const idle = () =>
    typeof win.requestIdleCallback === 'function'
      ? win.requestIdleCallback(run, { timeout: 5000 })
      : win.setTimeout(run, 1);
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/**
 * False until the page has loaded and the browser is idle (whenSettled), then true; true at once in a page loaded
 * before. False in the first render everywhere, the server's included, so a drawn page is taken over as it is.
 */
export function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    whenSettled(window, () => {
      if (live) setSettled(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return settled;
}
