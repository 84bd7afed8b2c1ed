import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POLL_MS, readEvents, useOpsLiveUpdates } from './liveUpdates.ts';

const streams: {
  controller: ReadableStreamDefaultController<Uint8Array>;
  headers: Record<string, string>;
}[] = [];
const refusals = { next: false };

vi.mock('../api/client.ts', async (original) => ({
  ...((await original()) as object),
  openStream: async (_path: string, headers: Record<string, string>) => {
    if (refusals.next) return new Response('{}', { status: 429 });
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        streams.push({ controller, headers });
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  },
}));

afterEach(() => {
  streams.length = 0;
  refusals.next = false;
  sessionStorage.clear();
});

const bytes = (s: string) => new TextEncoder().encode(s);

describe('readEvents', () => {
  it('reads data lines split anywhere between chunks, skipping comments and strangers', async () => {
    const got: unknown[] = [];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const part of [
          'retry: 5000\n: open\n\n',
          'data: {"merchant":"LOTUS","queu',
          'es":["payments","dashboard"]}\n\n: ping\n\ndata: {"merchant":"X","queues":["nope"]}\n\n',
        ])
          c.enqueue(bytes(part));
        c.close();
      },
    });
    await readEvents(body, (d) => got.push(d));
    expect(got).toEqual([{ merchant: 'LOTUS', queues: ['payments', 'dashboard'] }]);
  });
});

function Probe() {
  return <p>{useOpsLiveUpdates() ? 'live' : 'polling'}</p>;
}

function mount() {
  const queryClient = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );
  return { queryClient, invalidated, view };
}

describe('useOpsLiveUpdates', () => {
  it('invalidates the queues an event names, with the token sent, and closes on unmount', async () => {
    sessionStorage.setItem('opsToken', 'tok');
    const { queryClient, invalidated, view } = mount();
    expect(await screen.findByText('live')).toBeInTheDocument();
    expect(streams[0]!.headers).toEqual({ authorization: 'Bearer tok' });
    expect(queryClient.getQueryDefaults(['ops', 'payments']).refetchInterval).toBe(false);
    streams[0]!.controller.enqueue(bytes('data: {"merchant":"LOTUS","queues":["payments","dashboard"]}\n\n'));
    await waitFor(() =>
      expect(invalidated).toEqual([
        ['ops', 'payments'],
        ['ops', 'dashboard'],
      ]),
    );
    view.unmount();
  });

  it('polls the queues while the stream is refused, and reads them all again once it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      refusals.next = true;
      const { queryClient, invalidated } = mount();
      await waitFor(() =>
        expect(queryClient.getQueryDefaults(['ops', 'redemptions']).refetchInterval).toBe(POLL_MS),
      );
      expect(screen.getByText('polling')).toBeInTheDocument();
      refusals.next = false;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await screen.findByText('live')).toBeInTheDocument();
      expect(queryClient.getQueryDefaults(['ops', 'redemptions']).refetchInterval).toBe(false);
      expect(invalidated).toEqual(
        expect.arrayContaining([
          ['ops', 'payments'],
          ['ops', 'feedback'],
        ]),
      );
      // A stream that ends (the server's age limit) is opened again at once.
      streams[0]!.controller.close();
      await vi.advanceTimersByTimeAsync(0);
      await waitFor(() => expect(streams).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
