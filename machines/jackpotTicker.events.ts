import type { EventFromLogic } from 'xstate';
import { jackpotTickerMachine } from './jackpotTicker.machine.ts';
import { afterEvent, withInput } from './test/machineGraph.ts';

type M = typeof jackpotTickerMachine;

/** The home jackpot figure (fixed seed, fresh start) and representative events for its generated paths. */
export const jackpotTickerWalk = {
  name: 'jackpotTicker',
  machine: withInput(jackpotTickerMachine, { seed: 42 }),
  events: [
    { type: 'visibility.hidden' },
    { type: 'visibility.visible' },
    afterEvent<M>('tick', 'jackpotTicker.running'),
  ] satisfies EventFromLogic<M>[],
};
