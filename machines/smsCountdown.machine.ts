import { assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { type FlowError, readFlowError, retryAfterOf } from './form.ts';

/**
 * SMS code button (spec §4 SMS code button, §9: 60 s for Firebase or expiredMinutes × 60; send throttle 1000 ms;
 * too-many-requests retry after 5 minutes).
 *
 * States:
 *   - `enabled`: the button can be pressed; `code.request` goes on only when the event says the mobile number
 *     passed validation (the form machine owns that rule) — otherwise nothing happens;
 *   - `sending`: actor `sendCode`;
 *   - `counting`: `secondsLeft` goes down by one each `tick` (1000 ms); at 0 the button is `enabled` again. A send
 *     the server refused as too soon (a code went to the number under a minute ago, e.g. at registration) counts
 *     down from the envelope's `retryAfter` too, with `tooSoon` set (the view says why) and no warning;
 *   - `throttled`: a send failed; requests are ignored for `sendThrottle` (1000 ms), then `enabled`, `error` kept;
 *   - `blocked`: Firebase said 'auth/too-many-requests'; no request for `tooManyRequestsBlock` (5 minutes).
 * Events: `code.request` { mobileValid, request } (request: the number and captcha answer for `sendCode`),
 * `error.dismiss` (the warning dialog's confirm button, spec §8).
 * Context the views read: `secondsLeft`, `error` ({ code, message } of the failed send, shown in the warning).
 * Input: `firebase` (count 60 s), `countFrom: 'expirationTime'` (forgot password: count to the reply's expiry).
 */

/** What `sendCode` needs: the number (with dial code) and, when the form shows one, the captcha answer. */
export interface SmsCodeRequest {
  countryDialingCode: string;
  mobileNo: string;
  captchaId?: string;
  captcha?: string;
}

/** The server's reply (contract/auth.ts smsCodeReply); a Firebase sender may answer anything, it counts 60 s. */
export interface SmsCodeSent {
  expiredMinutes: number;
  expirationTime: string;
}

export interface SmsCountdownInput {
  firebase?: boolean;
  countFrom?: 'expiredMinutes' | 'expirationTime';
}

export interface SmsCountdownContext {
  firebase: boolean;
  countFrom: 'expiredMinutes' | 'expirationTime';
  request: SmsCodeRequest | null;
  secondsLeft: number;
  error: FlowError | null;
  /** The countdown runs because the server refused a send as too soon, not after a code was sent. */
  tooSoon: boolean;
}

export type SmsCountdownEvent =
  | { type: 'code.request'; mobileValid: boolean; request: SmsCodeRequest }
  | { type: 'error.dismiss' };

export const FIREBASE_COUNTDOWN_S = 60;
export const SEND_THROTTLE_MS = 1000;
export const TOO_MANY_REQUESTS_BLOCK_MS = 5 * 60_000;
export const TOO_MANY_REQUESTS = 'auth/too-many-requests';

/** Seconds to count after a successful send; `now` is Date.now() so fake timers move it. */
export function countdownSeconds(
  context: Pick<SmsCountdownContext, 'firebase' | 'countFrom'>,
  sent: SmsCodeSent,
  now: number,
): number {
  if (context.firebase) return FIREBASE_COUNTDOWN_S;
  if (context.countFrom === 'expirationTime') {
    const left = Math.ceil((Date.parse(sent.expirationTime) - now) / 1000);
    return Number.isFinite(left) ? Math.max(0, left) : 0;
  }
  return Math.max(0, sent.expiredMinutes * 60);
}

export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    events: {} as SmsCountdownEvent,
    input: {} as SmsCountdownInput,
  },
  actors: {
    sendCode: fromPromise<SmsCodeSent, SmsCodeRequest>(async () => {
      throw new Error('sendCode must be provided');
    }),
  },
  delays: {
    tick: 1000,
    sendThrottle: SEND_THROTTLE_MS,
    tooManyRequestsBlock: TOO_MANY_REQUESTS_BLOCK_MS,
  },
  guards: {
    mobileIsValid: (_, mobileValid: boolean) => mobileValid,
    leavesTimeToCount: (_, seconds: number) => seconds > 0,
    isLastSecond: ({ context }) => context.secondsLeft <= 1,
    isTooManyRequests: (_, error: FlowError) => error.code === TOO_MANY_REQUESTS,
    isTooSoon: (_, retryAfter: number | null) => retryAfter !== null,
  },
  actions: {
    keepRequest: assign((_, request: SmsCodeRequest) => ({ request, error: null })),
    startCountdown: assign((_, secondsLeft: number) => ({ secondsLeft, tooSoon: false })),
    waitAsTold: assign((_, secondsLeft: number) => ({ secondsLeft, tooSoon: true, error: null })),
    countDown: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })),
    endWait: assign({ tooSoon: false }),
    keepError: assign((_, error: FlowError) => ({ error, secondsLeft: 0 })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'smsCountdown',
  initial: 'enabled',
  // The warning dialog can be confirmed whatever the button is doing.
  on: { 'error.dismiss': { actions: 'clearError' } },
  context: ({ input }) => ({
    firebase: input.firebase ?? false,
    countFrom: input.countFrom ?? 'expiredMinutes',
    request: null,
    secondsLeft: 0,
    error: null,
    tooSoon: false,
  }),
  states: {
    enabled: {
      on: {
        'code.request': {
          guard: { type: 'mobileIsValid', params: ({ event }) => event.mobileValid },
          target: 'sending',
          actions: { type: 'keepRequest', params: ({ event }) => event.request },
        },
      },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: {
              type: 'leavesTimeToCount',
              params: ({ context, event }) => countdownSeconds(context, event.output, Date.now()),
            },
            target: 'counting',
            actions: {
              type: 'startCountdown',
              params: ({ context, event }) => countdownSeconds(context, event.output, Date.now()),
            },
          },
          // A code that has already expired (clock skew) leaves nothing to wait for.
          { target: 'enabled' },
        ],
        onError: [
          {
            guard: {
              type: 'isTooSoon',
              params: ({ event }: { event: ErrorActorEvent }) => retryAfterOf(event.error),
            },
            target: 'counting',
            actions: {
              type: 'waitAsTold',
              params: ({ event }: { event: ErrorActorEvent }) => retryAfterOf(event.error)!,
            },
          },
          {
            guard: {
              type: 'isTooManyRequests',
              params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
            },
            target: 'blocked',
            actions: {
              type: 'keepError',
              params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
            },
          },
          {
            target: 'throttled',
            actions: {
              type: 'keepError',
              params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
            },
          },
        ],
      },
    },
    counting: {
      after: {
        tick: [
          { guard: 'isLastSecond', target: 'enabled', actions: ['countDown', 'endWait'] },
          // Re-entering restarts the one-second timer.
          { target: 'counting', reenter: true, actions: 'countDown' },
        ],
      },
    },
    throttled: {
      after: { sendThrottle: 'enabled' },
    },
    blocked: {
      after: { tooManyRequestsBlock: 'enabled' },
    },
  },
});
