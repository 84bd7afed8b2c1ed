import type { SnapshotFrom } from 'xstate';
import type { PlayRule, PlayType } from '../contract/lottery.ts';
import type { BetSlipEvent, betSlipMachine } from './betSlip.machine.ts';
import { entryOf, readStake, slipTotal } from './betSlip.slip.ts';

type Snapshot = SnapshotFrom<typeof betSlipMachine>;

/** What a stake wins for one hit (lô pays per hit, the others once): stake × odds / 100, in minor units. */
const potentialWin = (stake: number, oddsX100: number) => Math.floor((stake * oddsX100) / 100);

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
    stakeText: c.stakeText,
    numbersProblem: c.numbersProblem,
    stakeProblem: c.stakeProblem,
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
    /** The potential win of the stake typed, at the play type's odds; null while the stake or odds are unknown. */
    potentialWin(rule: Pick<PlayRule, 'minStake' | 'maxStake'> | undefined, oddsX100: number | undefined) {
      const stake = readStake(c.stakeText, rule);
      return stake.ok && oddsX100 !== undefined ? potentialWin(stake.value, oddsX100) : null;
    },
    selectPlayType: (playType: PlayType) => send({ type: 'playType.select', playType }),
    toggleNumber: (number: string) => send({ type: 'number.toggle', number }),
    changeDigits: (digits: string) => send({ type: 'digits.change', digits }),
    changeStake: (text: string) => send({ type: 'stake.change', text }),
    add: (rule: Pick<PlayRule, 'minStake' | 'maxStake'> | undefined) => send({ type: 'line.add', rule }),
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
