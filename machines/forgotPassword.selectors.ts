import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from './forgotPassword.machine.ts';

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export const selectForgotMode = (s: Snapshot) => s.context.mode;
export const selectForgotBusy = (s: Snapshot) => s.matches('sendingEmail') || s.matches('resettingByPhone');
/** Spec §8: the "been out" dialog after the reset e-mail went; closing it closes the modal. */
export const selectEmailSentDialog = (s: Snapshot) => s.matches('emailSent');
export const selectForgotValues = (s: Snapshot) => s.context.values;
export const selectForgotFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectForgotError = (s: Snapshot) => s.context.error;
