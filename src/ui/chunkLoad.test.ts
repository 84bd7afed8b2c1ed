import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asChunkLoadError, CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunkLoad.ts';

describe('chunk loading (spec §4, §8, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports a chunk that has not loaded after 120 s as a timed-out load error', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const never = loadChunk(() => new Promise<never>(() => {}), 'LoginForm');
    const outcome = never.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await outcome) as ChunkLoadError;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ code: 'CHUNK_LOAD_FAILED', type: 'timeout', chunkId: 'LoginForm' });
    expect(error.message).toBe('Loading chunk LoginForm failed.\n(timeout: LoginForm)');
  });

  it('passes a loaded chunk on, and names a failed one with its type and address', async () => {
    await expect(loadChunk(async () => 'module', 'x')).resolves.toBe('module');
    const failed = loadChunk(
      () =>
        Promise.reject(
          new TypeError(
            'Failed to fetch dynamically imported module: https://p.example/assets/LoginForm-B3xQ.js',
          ),
        ),
      'LoginForm',
    );
    await expect(failed).rejects.toMatchObject({
      code: 'CHUNK_LOAD_FAILED',
      type: 'missing',
      message: 'Loading chunk LoginForm-B3xQ failed.\n(missing: https://p.example/assets/LoginForm-B3xQ.js)',
    });
    // Anything else is not a chunk's failure and goes on as it is.
    const other = new Error('boom');
    await expect(loadChunk(() => Promise.reject(other), 'x')).rejects.toBe(other);
  });

  it('recognises each browser’s words and Vite’s stylesheet preload failure', () => {
    expect(
      asChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a-1.js')),
    ).toMatchObject({
      chunkId: 'a-1',
      code: 'CHUNK_LOAD_FAILED',
    });
    expect(asChunkLoadError(new TypeError('Importing a module script failed.'))).toMatchObject({
      chunkId: 'unknown',
    });
    const css = asChunkLoadError(new Error('Unable to preload CSS for /assets/Ops-9f.css'));
    expect(css).toMatchObject({ code: 'CSS_CHUNK_LOAD_FAILED', chunkId: 'Ops-9f' });
    expect(css?.message).toBe('Loading CSS chunk Ops-9f failed.\n(/assets/Ops-9f.css)');
    expect(asChunkLoadError(new Error('Network abnormal'))).toBeNull();
    expect(asChunkLoadError(undefined)).toBeNull();
  });
});
