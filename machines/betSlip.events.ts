import type { EventFromLogic } from 'xstate';
import { type BetSlipContext, betSlipMachine } from './betSlip.machine.ts';
import { doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof betSlipMachine;

/** The price of the walks' play types: a point costs 27.00 and wins 95.00 per hit, 1 to 100 points a line. */
export const WALK_PRICE = { pointCost: 2_700, winPerPoint: 9_500, minPoints: 1, maxPoints: 100 };

/**
 * A member's slip on the North lottery (lô: one line per number) and representative events for its generated
 * paths (tests and `npm run paths`): a number and points make `line.add` add a line; a logout turns `slip.place`
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
    { type: 'points.change', text: '2' },
    { type: 'line.add', price: WALK_PRICE },
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
      const { loggedIn, lines, picked, pointsText } = c as BetSlipContext;
      return { loggedIn, lines: lines.length, picked: picked.length, pointsText };
    },
  },
};
