import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIntersectionObserver } from '../test/fakeIntersectionObserver.ts';
import { WhenNear } from './WhenNear.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('WhenNear', () => {
  it('holds the place until the section comes near the view, then renders it and keeps it', async () => {
    const io = fakeIntersectionObserver();
    const { container } = render(
      <WhenNear height="10rem">
        <p>Fishing games</p>
      </WhenNear>,
    );
    expect(screen.queryByText('Fishing games')).toBeNull();
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('10rem');
    // Before the visitor scrolls, only the view itself: the first screen draws nothing below it at load.
    expect(io.observers.map((o) => o.options?.rootMargin)).toEqual(['0px']);
    await act(() => window.dispatchEvent(new Event('scroll')));
    expect(io.observers.map((o) => o.options?.rootMargin)).toEqual(['0px', '600px']);
    await io.enter(false);
    expect(screen.queryByText('Fishing games')).toBeNull();
    await io.enter(true);
    expect(screen.getByText('Fishing games')).toBeInTheDocument();
    await io.enter(false);
    expect(screen.getByText('Fishing games')).toBeInTheDocument();
  });

  it('renders at once where the browser cannot observe', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear height="10rem">
        <p>Live games</p>
      </WhenNear>,
    );
    expect(screen.getByText('Live games')).toBeInTheDocument();
  });
});
