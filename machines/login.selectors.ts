import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from './login.machine.ts';

type Snapshot = SnapshotFrom<typeof loginMachine>;

export const selectLoginMode = (s: Snapshot) => s.context.mode;
/** Spec §8: after a failed login whose error carried the flag, the username form shows the captcha. */
export const selectShowCaptcha = (s: Snapshot) => s.context.mode === 'username' && s.context.captchaRequired;
/** A call is running: the loader shows and the buttons are disabled. */
export const selectLoginBusy = (s: Snapshot) =>
  s.matches('submitting') || s.matches('loadingInfo') || s.matches({ changingPassword: 'submitting' });
/** The forced change-password modal is open (it replaces the login form and cannot be closed). */
export const selectForcedPasswordChange = (s: Snapshot) => s.matches('changingPassword');
export const selectLoginValues = (s: Snapshot) => s.context.values;
export const selectLoginFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectLoginError = (s: Snapshot) => s.context.error;
