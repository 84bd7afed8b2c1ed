import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { ForgotMode, ForgotValues, forgotPasswordMachine } from './forgotPassword.machine.ts';

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;
type Send = (event: EventFromLogic<typeof forgotPasswordMachine>) => void;

/** The forgot-password form's props and commands (spec §4 forgot password, §8 its messages). */
export function connectForgotPassword(s: Snapshot, send: Send) {
  return {
    mode: s.context.mode,
    values: s.context.values,
    fieldErrors: s.context.fieldErrors,
    error: s.context.error,
    busy: s.matches('requestingCode') || s.matches('resetting') || s.matches('resettingByPhone'),
    /** The code step (username, e-mailed code, new password) rather than the request form. */
    codeStep: s.matches('enteringCode') || s.matches('resetting'),
    /** Spec §8 "been out": a code went to the account's e-mail if the account exists (the server does not say). */
    codeSentDialog: s.matches('codeSent'),
    /** The new password is set: the next step is the login. */
    passwordResetDialog: s.matches('passwordReset'),
    switchMode: (mode: ForgotMode) => send({ type: 'mode.switch', mode }),
    submit: (values: ForgotValues) => send({ type: 'user.submit', values }),
    enterCode: () => send({ type: 'code.enter' }),
    resend: () => send({ type: 'code.resend' }),
    closeDialog: () => send({ type: 'dialog.close' }),
  };
}
