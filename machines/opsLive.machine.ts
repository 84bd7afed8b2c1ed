import { assign, fromCallback, setup } from 'xstate';
import type { OpsQueue } from '../contract/opsEvents.ts';

/**
 * The back office's live updates (issue 28): one stream of `GET /ops/events` whose events reload the queues they
 * name, with polling while there is none.
 *
 * States:
 *   - `streaming`: invokes `stream` (the app's: it opens the stream and reports `stream.open`, each
 *     `stream.event`, then `stream.ended` or `stream.failed`).
 *     - `streaming.connecting`: until the stream answers; `stream.open` → `live` (after an earlier try, every
 *       queue is read once, for what changed meanwhile).
 *     - `streaming.live`: each `stream.event` reloads its queues.
 *     A stream that ends (the server closes it after its age limit) is opened again at once; one that fails →
 *   - `polling`: the view polls the queues (`connectOpsLive`: not live); after `retry` it streams again.
 */

/** A failed stream is tried again after this long, while the queues poll. */
export const RETRY_MS = 10_000;

export type OpsLiveEvent =
  | { type: 'stream.open' }
  | { type: 'stream.event'; queues: OpsQueue[] }
  | { type: 'stream.ended' }
  | { type: 'stream.failed' };

export const opsLiveMachine = setup({
  types: {
    context: {} as { tries: number },
    events: {} as OpsLiveEvent,
  },
  actors: {
    // Provided by the app (src/ops/liveUpdates.ts); tests provide their own.
    stream: fromCallback<OpsLiveEvent>(() => () => {}),
  },
  actions: {
    reload: (_, _params: { queues: OpsQueue[] }) => {},
    reloadAll: () => {},
    countTry: assign({ tries: ({ context }) => context.tries + 1 }),
  },
  guards: {
    triedBefore: ({ context }) => context.tries > 1,
  },
  delays: { retry: RETRY_MS },
}).createMachine({
  id: 'opsLive',
  context: { tries: 0 },
  initial: 'streaming',
  states: {
    streaming: {
      entry: 'countTry',
      invoke: { id: 'stream', src: 'stream' },
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            'stream.open': [
              { guard: 'triedBefore', target: 'live', actions: 'reloadAll' },
              { target: 'live' },
            ],
          },
        },
        live: {
          on: {
            'stream.event': {
              actions: { type: 'reload', params: ({ event }) => ({ queues: event.queues }) },
            },
          },
        },
      },
      on: {
        'stream.ended': { target: 'streaming', reenter: true },
        'stream.failed': 'polling',
      },
    },
    polling: {
      after: { retry: 'streaming' },
    },
  },
});
