import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { LoginMode, LoginValues, loginMachine, NewPassword } from './login.machine.ts';
import type { SmsCodeRequest } from './smsCountdown.machine.ts';

type Snapshot = SnapshotFrom<typeof loginMachine>;
type Send = (event: EventFromLogic<typeof loginMachine>) => void;

/**
 * The login modal's props and commands (LoginForm, NewPasswordFields, SocialLogin):
 *   - `showCaptcha`: after a failed login whose error carried the flag, the username form shows the captcha
 *     (spec §8), the machine's `captcha` child;
 *   - `busy`: a call runs (the loader shows, the buttons are disabled); `socialBusy` for the social buttons;
 *   - `forcedPasswordChange`: the change-password modal replaces the form and cannot be closed;
 *   - `error` is the form's failure (the forced change's dialog shows its own), `socialError` the social login's.
 */
export function connectLogin(s: Snapshot, send: Send) {
  const forced = s.matches('changingPassword');
  return {
    mode: s.context.mode,
    values: s.context.values,
    fieldErrors: s.context.fieldErrors,
    error: s.context.error,
    socialError: s.context.socialError,
    showCaptcha: s.context.mode === 'username' && s.context.captchaRequired,
    busy:
      s.matches('submitting') ||
      s.matches('signingInSocially') ||
      s.matches('loadingInfo') ||
      s.matches({ changingPassword: 'submitting' }),
    socialBusy: s.matches('signingInSocially'),
    forcedPasswordChange: forced,
    captcha: s.children.captcha,
    smsCountdown: s.children.smsCountdown,
    setMode: (mode: LoginMode) => send({ type: 'mode.set', mode }),
    submit: (values: LoginValues, remember = false) => send({ type: 'user.submit', values, remember }),
    submitNewPassword: (values: NewPassword) => send({ type: 'password.submit', values }),
    signInWith: (provider: string) => send({ type: 'social.signIn', provider }),
    requestCode: (mobileValid: boolean, request: SmsCodeRequest) =>
      send({ type: 'code.request', mobileValid, request }),
  };
}
