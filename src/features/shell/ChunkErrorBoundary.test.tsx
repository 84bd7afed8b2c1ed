import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '../../test/authHarness.tsx';
import { lazyChunk } from '../../ui/chunkLoad.ts';
import { ChunkErrorBoundary, PreloadErrorNotice } from './ChunkErrorBoundary.tsx';

describe('a chunk that does not load (spec §4: a load error, with a retry)', () => {
  it('shows the notice with the spec’s message in place of the part, and retries', async () => {
    const Broken = lazyChunk('RegisterForm', () =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/RegisterForm-x1.js'),
      ),
    );
    const retry = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mount(
      <main>
        <p>Still here</p>
        <ChunkErrorBoundary retry={retry}>
          <Suspense fallback="loading">
            <Broken />
          </Suspense>
        </ChunkErrorBoundary>
      </main>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network abnormal, please try again.');
    expect(alert).toHaveTextContent('Loading chunk RegisterForm-x1 failed.');
    expect(screen.getByText('Still here')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('lets other errors go on up', () => {
    const Throws = () => {
      throw new Error('not a chunk');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <ChunkErrorBoundary>
          <Throws />
        </ChunkErrorBoundary>,
      ),
    ).toThrow('not a chunk');
    vi.restoreAllMocks();
  });

  it('reports a stylesheet that failed to preload with its code', async () => {
    mount(<PreloadErrorNotice retry={() => {}} />);
    expect(screen.queryByRole('alert')).toBeNull();
    const event = Object.assign(new Event('vite:preloadError'), {
      payload: new Error('Unable to preload CSS for /assets/Ops-9f.css'),
    });
    window.dispatchEvent(event);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading CSS chunk Ops-9f failed.');
    expect(alert.querySelector('[data-code]')).toHaveAttribute('data-code', 'CSS_CHUNK_LOAD_FAILED');
  });
});
