import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * An IntersectionObserver the test drives (jsdom has none): `enter(true)` reports every observed element as in view,
 * `enter(false)` as out of it. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  class Fake {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ callback, options });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', Fake);
  const enter = (isIntersecting: boolean) =>
    act(() => {
      for (const o of observers)
        o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { observers, enter };
}
