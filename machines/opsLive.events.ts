import type { EventFromLogic } from 'xstate';
import { opsLiveMachine } from './opsLive.machine.ts';
import { afterEvent } from './test/machineGraph.ts';

type M = typeof opsLiveMachine;

/** The back office's live updates and representative events for their generated paths. */
export const opsLiveWalk = {
  name: 'opsLive',
  machine: opsLiveMachine,
  events: [
    { type: 'stream.open' },
    { type: 'stream.event', queues: ['payments', 'dashboard'] },
    { type: 'stream.ended' },
    { type: 'stream.failed' },
    afterEvent<M>('retry', 'opsLive.polling'),
  ] satisfies EventFromLogic<M>[],
};
