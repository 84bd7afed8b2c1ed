import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { connectOpsLive } from '../../machines/opsLive.connect.ts';
import { opsLiveWalk } from '../../machines/opsLive.events.ts';
import { opsLiveMachine, RETRY_MS } from '../../machines/opsLive.machine.ts';
import { declaredTransitions, statePaths, walked } from '../../machines/test/machineGraph.ts';
import { transitionPaths } from '../../machines/test/transitionPaths.ts';
import { POLL_MS, useOpsLiveUpdates } from './liveUpdates.ts';

/** The stream the server would send: the test opens, fills, ends or breaks it as each path's step says. */
interface Wire {
  open: () => void;
  fail: () => void;
  push: (data: string) => void;
  end: () => void;
}
const wires: Wire[] = [];

vi.mock('../api/client.ts', async (original) => ({
  ...((await original()) as object),
  openStream: () =>
    new Promise<Response>((resolve, reject) => {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (c) => {
          controller = c;
        },
      });
      let opened = false;
      const open = () => {
        opened = true;
        resolve(new Response(body));
      };
      wires.push({
        open,
        // Refused before it opens; broken after.
        fail: () => (opened ? controller.error(new Error('reset')) : reject(new Error('refused'))),
        push: (data) => controller.enqueue(new TextEncoder().encode(data)),
        // A stream that ends before its first line has opened and ended at once.
        end: () => {
          if (!opened) open();
          controller.close();
        },
      });
    }),
}));

function Probe() {
  return <p>{useOpsLiveUpdates() ? 'Live' : 'Refreshing every 30 s'}</p>;
}

const paths = transitionPaths(opsLiveWalk.machine, opsLiveWalk.events);

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  wires.length = 0;
});

describe('live updates: the generated paths on the hook', () => {
  it('cover every state and transition of the machine', () => {
    const seen = walked(opsLiveMachine, paths);
    expect([...seen.states].sort()).toEqual(statePaths(opsLiveMachine).sort());
    for (const t of declaredTransitions(opsLiveMachine)) expect(seen.transitions, t).toContain(t);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const queryClient = new QueryClient();
    const reloaded: unknown[] = [];
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (f) => {
      reloaded.push(f?.queryKey);
    });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );
    const expectScreen = async (state: AnyMachineSnapshot) => {
      const { live } = connectOpsLive(state as Parameters<typeof connectOpsLive>[0]);
      expect(await screen.findByText(live ? 'Live' : 'Refreshing every 30 s')).toBeInTheDocument();
      expect(queryClient.getQueryDefaults(['ops', 'payments']).refetchInterval).toBe(live ? false : POLL_MS);
    };
    for (const step of path.steps) {
      const wire = wires.at(-1)!;
      const before = reloaded.length;
      await act(async () => {
        const { type } = step.event;
        if (type === 'stream.open') wire.open();
        else if (type === 'stream.failed') wire.fail();
        else if (type === 'stream.ended') wire.end();
        else if (type === 'stream.event')
          wire.push('data: {"merchant":"LOTUS","queues":["payments","dashboard"]}\n\n');
        else await vi.advanceTimersByTimeAsync(RETRY_MS);
        await vi.advanceTimersByTimeAsync(0);
      });
      await expectScreen(step.state);
      if (step.event.type === 'stream.event')
        expect(reloaded.slice(before)).toEqual([
          ['ops', 'payments'],
          ['ops', 'dashboard'],
        ]);
    }
    view.unmount();
  });
});
