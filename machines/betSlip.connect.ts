import type { SnapshotFrom } from 'xstate';
import type { PlayType } from '../contract/lottery.ts';
import type { BetSlipEvent, betSlipMachine } from './betSlip.machine.ts';
import { entryOf, type LinePrice, quoteOf, readPoints, slipTotal } from './betSlip.slip.ts';

type Snapshot = SnapshotFrom<typeof betSlipMachine>;

/**
 * The bet form's props and commands from a bet slip snapshot: what to show (values, problems as codes, the
 * outcome of the last place call) and what the controls do. The view words the codes and lays it out.
 */
export function connectBetSlip(snapshot: Snapshot, send: (event: BetSlipEvent) => void) {
  const c = snapshot.context;
  const placing = snapshot.matches({ slip: 'placing' });
  const saleClosed = snapshot.matches({ sale: 'closed' });
  return {
    playType: c.playType,
    entry: entryOf(c.playType),
    isPicked: (n: string) => c.picked.includes(n),
    digits: c.digits,
    pointsText: c.pointsText,
    numbersProblem: c.numbersProblem,
    pointsProblem: c.pointsProblem,
    lines: c.lines,
    total: slipTotal(c.lines),
    /** Bets just placed ("n bets placed"), or null. */
    placed: snapshot.matches({ slip: 'placed' }) ? c.placed : null,
    /** The refusal of the last place call, or null. */
    refusal: snapshot.matches({ slip: 'refused' }) ? c.error : null,
    placing,
    saleClosed,
    /** A visitor gets a Log in button instead of Place bets (it asks the machine, which asks for a login). */
    loggedIn: c.loggedIn,
    placeDisabled: saleClosed || c.lines.length === 0 || placing,
    /**
     * What a line of the points typed costs and wins per hit (lô pays per hit, the others once) at the play type's
     * price; null while the points are not valid or the price is unknown.
     */
    quote(price: LinePrice | undefined) {
      const points = readPoints(c.pointsText, price);
      return points.ok && price ? quoteOf(points.value, price) : null;
    },
    selectPlayType: (playType: PlayType) => send({ type: 'playType.select', playType }),
    toggleNumber: (number: string) => send({ type: 'number.toggle', number }),
    changeDigits: (digits: string) => send({ type: 'digits.change', digits }),
    changePoints: (text: string) => send({ type: 'points.change', text }),
    add: (price: LinePrice | undefined) => send({ type: 'line.add', price }),
    remove: (key: string) => send({ type: 'line.remove', key }),
    place: (issue: string) => send({ type: 'slip.place', issue }),
    /** The view's clock on the server's time says whether the draw is still on sale. */
    syncSale: (closed: boolean) => {
      if (closed !== saleClosed) send({ type: closed ? 'sale.close' : 'sale.open' });
    },
    syncSession: (loggedIn: boolean) => {
      if (loggedIn !== c.loggedIn) send({ type: 'session.change', loggedIn });
    },
  };
}

export type BetSlipView = ReturnType<typeof connectBetSlip>;
