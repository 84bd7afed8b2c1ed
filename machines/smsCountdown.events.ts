import type { EventFromLogic } from 'xstate';
import { smsCountdownMachine } from './smsCountdown.machine.ts';
import { afterEvent, doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof smsCountdownMachine;

const request = { countryDialingCode: '+84', mobileNo: '912345678' };

/** The SMS code button and representative events for its generated paths (tests and `npm run paths`). */
export const smsCountdownWalk = {
  name: 'smsCountdown',
  machine: withInput(smsCountdownMachine, { firebase: false }),
  events: [
    { type: 'code.request', mobileValid: false, request },
    { type: 'code.request', mobileValid: true, request },
    doneEvent<M>('sendCode', { expiredMinutes: 2, expirationTime: '2030-01-01T00:02:00.000Z' }),
    doneEvent<M>('sendCode', { expiredMinutes: 0, expirationTime: '2030-01-01T00:00:00.000Z' }),
    errorEvent<M>('sendCode', { code: 'VALIDATION', message: 'Phone number format is incorrect' }),
    errorEvent<M>('sendCode', { code: 'auth/too-many-requests' }),
    // The server's refusal of a code asked too soon, with the seconds left (3 here: a short countdown to walk).
    errorEvent<M>('sendCode', {
      code: 'RATE_LIMITED',
      message: 'A code was just sent to this number, please wait before asking again',
      extra: { retryAfter: 3 },
    }),
    afterEvent<M>('tick', 'smsCountdown.counting'),
    afterEvent<M>('sendThrottle', 'smsCountdown.throttled'),
    afterEvent<M>('tooManyRequestsBlock', 'smsCountdown.blocked'),
    { type: 'error.dismiss' },
    { type: 'captcha.answer', captchaId: 'c1', captcha: 'ab12' },
  ] satisfies EventFromLogic<M>[],
};
