import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from './forgotPassword.machine.ts';

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export const selectForgotMode = (s: Snapshot) => s.context.mode;
export const selectForgotBusy = (s: Snapshot) =>
  s.matches('requestingCode') || s.matches('resetting') || s.matches('resettingByPhone');
/** The code step (username, e-mailed code, new password) rather than the request form. */
export const selectCodeStep = (s: Snapshot) => s.matches('enteringCode') || s.matches('resetting');
/** Spec §8 "been out": a code went to the account's e-mail if the account exists (the server does not say). */
export const selectCodeSentDialog = (s: Snapshot) => s.matches('codeSent');
/** The new password is set: the next step is the login. */
export const selectPasswordResetDialog = (s: Snapshot) => s.matches('passwordReset');
export const selectForgotValues = (s: Snapshot) => s.context.values;
export const selectForgotFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectForgotError = (s: Snapshot) => s.context.error;
