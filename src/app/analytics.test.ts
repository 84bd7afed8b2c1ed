import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { WhitelabelInfo } from '../../contract/system.ts';
import { whitelabelQuery } from '../api/queries.ts';
import { startAnalytics } from './analytics.ts';

const clientWith = (gtagId: string) => {
  const client = new QueryClient();
  client.setQueryData(whitelabelQuery().queryKey, { analytics: { gtagId } } as WhitelabelInfo);
  return client;
};
const tags = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-gtag]')];

afterEach(() => {
  for (const s of tags()) s.remove();
  delete window.dataLayer;
});

describe('startAnalytics', () => {
  it("loads the merchant's GA4 tag once the page has loaded, once, with its config queued", async () => {
    expect(document.readyState).toBe('complete');
    expect(await startAnalytics(clientWith('G-ABC123XYZ'))).toBe('G-ABC123XYZ');
    expect(tags().map((s) => s.src)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ']);
    expect(tags()[0]!.async).toBe(true);
    expect(window.dataLayer?.map((args) => Array.from(args as ArrayLike<unknown>)[0])).toEqual([
      'js',
      'config',
    ]);
    expect(await startAnalytics(clientWith('G-ABC123XYZ'))).toBeNull();
    expect(tags()).toHaveLength(1);
  });

  it('waits for the load event when the page is still loading', async () => {
    const listeners: (() => void)[] = [];
    const win = {
      document: {
        readyState: 'loading',
        head: document.head,
        querySelector: (q: string) => document.querySelector(q),
        createElement: (tag: string) => document.createElement(tag),
      },
      addEventListener: (_: string, f: () => void) => listeners.push(f),
      setTimeout: (f: () => void) => f(),
    } as unknown as Window;
    const started = startAnalytics(clientWith('G-ABC123XYZ'), win);
    await Promise.resolve();
    expect(tags()).toHaveLength(0);
    for (const f of listeners) f();
    expect(await started).toBe('G-ABC123XYZ');
  });

  it('loads nothing without a tag or with one that is not a measurement id', async () => {
    expect(await startAnalytics(clientWith(''))).toBeNull();
    expect(await startAnalytics(clientWith('G-1"><script>'))).toBeNull();
    expect(await startAnalytics(clientWith('UA-12345-1'))).toBeNull();
    expect(tags()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });
});
