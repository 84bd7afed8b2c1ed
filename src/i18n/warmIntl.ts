/**
 * Starts the Intl warm-up worker (warmIntl.worker.ts). main.tsx imports this module first, so that the worker runs
 * while the rest of the app's code is evaluated.
 */
new Worker(new URL('./warmIntl.worker.ts', import.meta.url), { type: 'module' });
