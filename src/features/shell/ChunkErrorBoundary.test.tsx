import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '../../test/authHarness.tsx';
import { lazyChunk } from '../../ui/chunkLoad.ts';
import { ChunkErrorBoundary, PageLoadTimeout, PreloadErrorNotice } from './ChunkErrorBoundary.tsx';

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

  /** A page loading until "Loaded" is pressed. */
  function Page({ ms, retry }: { ms: number; retry?: () => void }) {
    const [pending, setPending] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setPending(false)}>
          Loaded
        </button>
        <PageLoadTimeout pending={pending} page="/member" ms={ms} retry={retry} />
      </>
    );
  }

  it('says a page still loading after the time-out timed out, with a retry; gone once the page comes', async () => {
    const retry = vi.fn();
    mount(<Page ms={40} retry={retry} />);
    expect(screen.queryByRole('alert')).toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The page took longer to load. Please check your network.');
    expect(alert).toHaveTextContent('Loading chunk /member failed.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Loaded' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays quiet for a page that comes within the time-out', async () => {
    mount(<Page ms={300} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Loaded' }));
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
