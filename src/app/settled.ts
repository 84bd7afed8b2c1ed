/** After the page has loaded and the browser is idle: no first screen waits for, or shares its main thread with, a tag. */
export function whenSettled(win: Window, run: () => void): void {
  const idle = () =>
    typeof win.requestIdleCallback === 'function'
      ? win.requestIdleCallback(run, { timeout: 5000 })
      : win.setTimeout(run, 1);
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
