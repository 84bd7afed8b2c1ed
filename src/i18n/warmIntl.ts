/**
 * Starts the Intl warm-up worker (warmIntl.worker.ts). main.tsx imports this module first, so that the worker runs
 * while the rest of the app's code is evaluated. `intlWarmed` settles once it is done, or could not run, or after a
 * second at most: the start waits for it before its own first format.
 */
export const intlWarmed = new Promise<void>((resolve) => {
  setTimeout(resolve, 1000);
  try {
    const worker = new Worker(new URL('./warmIntl.worker.ts', import.meta.url), {
      type: 'module',
      name: document.documentElement.lang,
    });
    worker.onmessage = () => resolve();
    worker.onerror = () => resolve();
  } catch {
    resolve();
  }
});
