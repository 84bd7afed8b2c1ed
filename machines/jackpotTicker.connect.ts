import type { SnapshotFrom } from 'xstate';
import type { JackpotTickerEvent, jackpotTickerMachine } from './jackpotTicker.machine.ts';

type Snapshot = SnapshotFrom<typeof jackpotTickerMachine>;

/** The jackpot figure's props and commands: the figure (for the view to show and keep) and the page's visibility. */
export function connectJackpotTicker(snapshot: Snapshot, send: (event: JackpotTickerEvent) => void) {
  return {
    /** The figure to show (and for the view to keep in local storage). */
    jackpot: snapshot.context.value,
    /** No timer runs: the page is hidden. */
    paused: snapshot.matches('paused'),
    /** The document's visibility changed (or is read at mount). */
    reportVisibility: (hidden: boolean) =>
      send({ type: hidden ? 'visibility.hidden' : 'visibility.visible' }),
  };
}
