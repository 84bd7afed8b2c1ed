import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { OpsQueue } from '../contract/opsEvents.ts';
import { connectOpsLive } from './opsLive.connect.ts';
import { opsLiveWalk } from './opsLive.events.ts';
import { type OpsLiveEvent, opsLiveMachine, RETRY_MS } from './opsLive.machine.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { coverage, transitionPaths } from './test/transitionPaths.ts';

describe('opsLive: generated paths', () => {
  const paths = transitionPaths(opsLiveWalk.machine, opsLiveWalk.events);

  it('visit every state and take every declared transition', () => {
    expect([...coverage(paths).states].sort()).toEqual([
      '"polling"',
      '{"streaming":"connecting"}',
      '{"streaming":"live"}',
    ]);
    const seen = walked(opsLiveMachine, paths);
    expect([...seen.states].sort()).toEqual(statePaths(opsLiveMachine).sort());
    for (const t of declaredTransitions(opsLiveMachine)) expect(seen.transitions, t).toContain(t);
  });
});

describe('opsLive', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** The machine with a stream the test drives, and what it reloaded. */
  function start() {
    const reloaded: (OpsQueue[] | 'all')[] = [];
    const streams: { send: (e: OpsLiveEvent) => void; closed: boolean }[] = [];
    const actor = createActor(
      opsLiveMachine.provide({
        actors: {
          stream: fromCallback<OpsLiveEvent>(({ sendBack }) => {
            const s = { send: sendBack, closed: false };
            streams.push(s);
            return () => {
              s.closed = true;
            };
          }),
        },
        actions: {
          reload: (_, params) => reloaded.push(params.queues),
          reloadAll: () => reloaded.push('all'),
        },
      }),
    ).start();
    return { actor, reloaded, streams, live: () => connectOpsLive(actor.getSnapshot()).live };
  }

  it('reloads the queues each event names while the stream is live', () => {
    const { streams, reloaded, live } = start();
    expect(live()).toBe(false);
    streams[0]!.send({ type: 'stream.open' });
    expect(live()).toBe(true);
    streams[0]!.send({ type: 'stream.event', queues: ['payments', 'dashboard'] });
    expect(reloaded).toEqual([['payments', 'dashboard']]);
  });

  it('polls after a failure, tries again after RETRY_MS, and reads everything once it is back', () => {
    const { streams, reloaded, live, actor } = start();
    streams[0]!.send({ type: 'stream.failed' });
    expect([actor.getSnapshot().value, streams[0]!.closed, live()]).toEqual(['polling', true, false]);
    vi.advanceTimersByTime(RETRY_MS - 1);
    expect(streams).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(streams).toHaveLength(2);
    streams[1]!.send({ type: 'stream.open' });
    expect([live(), reloaded]).toEqual([true, ['all']]);
  });

  it('opens a stream that ended again at once', () => {
    const { streams, live } = start();
    streams[0]!.send({ type: 'stream.open' });
    streams[0]!.send({ type: 'stream.ended' });
    expect([streams.length, streams[0]!.closed, live()]).toEqual([2, true, false]);
  });
});
