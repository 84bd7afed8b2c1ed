import type { SnapshotFrom } from 'xstate';
import type { jackpotTickerMachine } from './jackpotTicker.machine.ts';

type Snapshot = SnapshotFrom<typeof jackpotTickerMachine>;

/** The figure to show (and for the view to keep in local storage). */
export const selectJackpot = (s: Snapshot) => s.context.value;

/** No timer runs: the page is hidden. */
export const selectJackpotPaused = (s: Snapshot) => s.matches('paused');
