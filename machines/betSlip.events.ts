import type { EventFromLogic } from 'xstate';
import { type BetSlipContext, betSlipMachine } from './betSlip.machine.ts';
import { doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof betSlipMachine;

/** The stake limits of the walks' play types: 1.00 to 10,000.00. */
export const WALK_RULE = { minStake: 100, maxStake: 1_000_000 };

/**
 * A member's slip on the North lottery (lô: one line per number) and representative events for its generated
 * paths (tests and `npm run paths`): a number and a stake make `line.add` add a line; a logout turns `slip.place`
 * into a login request. The request id is fixed so that replays give the same snapshots.
 */
export const betSlipWalk = {
  name: 'betSlip',
  machine: withInput(betSlipMachine, {
    gameCode: 'XSMB',
    playType: 'LO2',
    loggedIn: true,
    newRequestId: () => '00000000-0000-4000-8000-000000000001',
  }),
  events: [
    { type: 'number.toggle', number: '07' },
    { type: 'stake.change', text: '10' },
    { type: 'line.add', rule: WALK_RULE },
    { type: 'line.remove', key: 'l1' },
    { type: 'playType.select', playType: 'BA_CANG' },
    { type: 'digits.change', digits: '123' },
    { type: 'slip.place', issue: '20300101' },
    doneEvent<M>('placeBets', { count: 1 }),
    errorEvent<M>('placeBets', { code: 'NETWORK' }),
    { type: 'sale.close' },
    { type: 'sale.open' },
    { type: 'session.change', loggedIn: false },
    { type: 'session.change', loggedIn: true },
  ] satisfies EventFromLogic<M>[],
  // What decides a branch: who is logged in, an empty slip or not.
  graph: {
    context: (c: unknown) => {
      const { loggedIn, lines, picked, stakeText } = c as BetSlipContext;
      return { loggedIn, lines: lines.length, picked: picked.length, stakeText };
    },
  },
};
