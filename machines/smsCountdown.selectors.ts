import type { SnapshotFrom } from 'xstate';
import { type smsCountdownMachine, TOO_MANY_REQUESTS } from './smsCountdown.machine.ts';

type Snapshot = SnapshotFrom<typeof smsCountdownMachine>;

/**
 * The SMS code button: pressable only in `enabled`; while counting it shows the seconds left instead of its label.
 * `secondsLeft` is null when no countdown runs.
 */
export const selectCodeButton = (s: Snapshot) => ({
  disabled: !s.matches('enabled'),
  sending: s.matches('sending'),
  secondsLeft: s.matches('counting') ? s.context.secondsLeft : null,
});

/** The failed send for the warning dialog (spec §8): the server message, or a Firebase code the view words. */
export const selectSmsError = (s: Snapshot) => s.context.error;

/** Firebase refused for too many requests: the view says "try again after 5 minutes". */
export const selectTooManyRequests = (s: Snapshot) => s.context.error?.code === TOO_MANY_REQUESTS;

/**
 * The server refused the send as too soon (a code went to the number under a minute ago): the seconds to wait, for
 * the line under the field; null otherwise.
 */
export const selectTooSoon = (s: Snapshot) =>
  s.matches('counting') && s.context.tooSoon ? s.context.secondsLeft : null;
