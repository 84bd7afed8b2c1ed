import { act, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { adoptDrawnScreen, Deferred } from './Deferred.tsx';

describe('Deferred', () => {
  it('commits the fallback first, even in an urgent render, and the children in the render that follows', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(container);
    flushSync(() =>
      root.render(
        <Deferred fallback={<p>waiting</p>}>
          <p>page</p>
        </Deferred>,
      ),
    );
    expect(container.textContent).toBe('waiting');
    await act(async () => {});
    expect(container.textContent).toBe('page');
    act(() => root.unmount());
    container.remove();
  });

  it('ends with the children once React is idle (what a test that renders a page sees)', () => {
    render(
      <Deferred fallback={<p>waiting</p>}>
        <p>page</p>
      </Deferred>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
  });

  it('draws its children on a drawn screen, inside a boundary the takeover hydrates apart', () => {
    adoptDrawnScreen();
    const html = renderToString(
      <Deferred fallback={<p>waiting</p>}>
        <p>page</p>
      </Deferred>,
    );
    // React's marks of a Suspense boundary around the part.
    expect(html).toBe('<!--$--><p>page</p><!--/$-->');
  });
});
