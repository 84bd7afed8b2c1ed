import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Spec §9: a chunk that has not loaded after this long is a load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Why a chunk did not load: it failed (network, a removed file after a release) or never came. */
export type ChunkFailure = 'missing' | 'timeout';

/**
 * A code or stylesheet chunk that did not load (spec §8): "Loading chunk {id} failed" with the failure's type and
 * address, or "Loading CSS chunk {id} failed" with code CSS_CHUNK_LOAD_FAILED.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly code: 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED';
  constructor(
    readonly chunkId: string,
    readonly type: ChunkFailure,
    readonly request: string,
    css = false,
  ) {
    super(
      css
        ? `Loading CSS chunk ${chunkId} failed.\n(${request})`
        : `Loading chunk ${chunkId} failed.\n(${type}: ${request})`,
    );
    this.code = css ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED';
  }
}

/** A chunk's id: its file name without the extension ("/assets/LoginForm-B3x.js" → "LoginForm-B3x"). */
const chunkIdOf = (address: string) =>
  address
    .split(/[?#]/)[0]!
    .split('/')
    .pop()!
    .replace(/\.[a-z]+$/i, '');

/** What browsers and Vite say when a chunk does not load, each with the address where it names one. */
const FAILURES: [RegExp, boolean][] = [
  [/Unable to preload CSS for (\S+)/, true],
  [/Failed to fetch dynamically imported module: (\S+)/, false],
  [/error loading dynamically imported module: (\S+)/, false],
  [/Importing a module script failed/, false],
];

/** The error as a chunk load error, or null when it is something else. */
export function asChunkLoadError(error: unknown): ChunkLoadError | null {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  for (const [pattern, css] of FAILURES) {
    const m = pattern.exec(message);
    if (m) return new ChunkLoadError(m[1] ? chunkIdOf(m[1]) : 'unknown', 'missing', m[1] ?? '', css);
  }
  return null;
}

/**
 * Loads a chunk (`load`: its dynamic import), failing with a ChunkLoadError when it does not load or has not loaded
 * after `ms` (spec §9: 120 s); `name` names it while its address is unknown.
 */
export function loadChunk<T>(load: () => Promise<T>, name: string, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(name, 'timeout', name)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(asChunkLoadError(error) ?? error);
      },
    );
  });
}

/** React's lazy() with the chunk's failure and time-out as ChunkLoadErrors (src/features/shell/ChunkErrorBoundary). */
// biome-ignore lint/suspicious/noExplicitAny: React's own lazy() takes any component type this way
export const lazyChunk = <C extends ComponentType<any>>(
  name: string,
  load: () => Promise<{ default: C }>,
): LazyExoticComponent<C> => lazy(() => loadChunk(load, name));
