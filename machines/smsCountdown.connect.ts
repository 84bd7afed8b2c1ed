import type { ActorRefFrom, EventFromLogic, SnapshotFrom } from 'xstate';
import type { captchaMachine } from './captcha.machine.ts';
import { type SmsCodeRequest, type smsCountdownMachine, TOO_MANY_REQUESTS } from './smsCountdown.machine.ts';

type Snapshot = SnapshotFrom<typeof smsCountdownMachine>;
type Send = (event: EventFromLogic<typeof smsCountdownMachine>) => void;

/**
 * The SMS code button's props and commands. The button is pressable only in `enabled`; while counting it shows the
 * seconds left (`secondsLeft`, null when no countdown runs). `error` is the failed send for the warning dialog
 * (spec §8), `tooManyRequests` Firebase's 5-minute block, `tooSoon` the seconds left when the server refused a send
 * as too soon (a code went to the number under a minute ago; null otherwise). `captcha` is the countdown's own
 * captcha (the form shows none; undefined otherwise) with its typed `captchaAnswer`.
 */
export function connectSmsCountdown(s: Snapshot, send: Send) {
  return {
    /** Firebase sends the codes (with its own reCAPTCHA): the request carries no captcha. */
    firebase: s.context.firebase,
    disabled: !s.matches('enabled'),
    sending: s.matches('sending'),
    secondsLeft: s.matches('counting') ? s.context.secondsLeft : null,
    error: s.context.error,
    tooManyRequests: s.context.error?.code === TOO_MANY_REQUESTS,
    tooSoon: s.matches('counting') && s.context.tooSoon ? s.context.secondsLeft : null,
    captcha: s.children.captcha as ActorRefFrom<typeof captchaMachine> | undefined,
    captchaAnswer: s.context.answer.captcha,
    answerCaptcha: (captcha: string, captchaId: string) =>
      send({ type: 'captcha.answer', captcha, captchaId }),
    request: (mobileValid: boolean, request: SmsCodeRequest) =>
      send({ type: 'code.request', mobileValid, request }),
    dismissError: () => send({ type: 'error.dismiss' }),
  };
}
