import { assign, type ErrorActorEvent, enqueueActions, fromPromise, setup } from 'xstate';
import { captchaMachine } from './captcha.machine.ts';
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
 * Events: `code.request` { mobileValid, request } (request: the number and the form's captcha answer for
 * `sendCode`), `captcha.answer` { captchaId, captcha } (the own captcha's typed answer), `error.dismiss` (the
 * warning dialog's confirm button, spec §8).
 * Child `captcha` when the form shows none (input `ownCaptcha`, never with Firebase, whose reCAPTCHA it brings):
 * our server sends a code only with a solved captcha, so each request carries the own answer and uses it up,
 * sent or refused — leaving `sending` asks the child for a new image.
 * Context the views read: `secondsLeft`, `error` ({ code, message } of the failed send, shown in the warning),
 * `answer` (the own captcha's).
 * Input: `firebase` (count 60 s), `countFrom: 'expirationTime'` (forgot password: count to the reply's expiry),
 * `ownCaptcha`.
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
  /** The form shows no captcha: the countdown runs its own for the code requests (ignored with Firebase). */
  ownCaptcha?: boolean;
}

/** The own captcha's typed answer and the id of the image it answers. */
export interface CaptchaAnswer {
  captchaId: string;
  captcha: string;
}

export interface SmsCountdownContext {
  firebase: boolean;
  countFrom: 'expiredMinutes' | 'expirationTime';
  request: SmsCodeRequest | null;
  secondsLeft: number;
  error: FlowError | null;
  /** The countdown runs because the server refused a send as too soon, not after a code was sent. */
  tooSoon: boolean;
  ownCaptcha: boolean;
  answer: CaptchaAnswer;
}

export type SmsCountdownEvent =
  | { type: 'code.request'; mobileValid: boolean; request: SmsCodeRequest }
  | ({ type: 'captcha.answer' } & CaptchaAnswer)
  | { type: 'error.dismiss' };

export const FIREBASE_COUNTDOWN_S = 60;
export const SEND_THROTTLE_MS = 1000;
export const TOO_MANY_REQUESTS_BLOCK_MS = 5 * 60_000;
export const TOO_MANY_REQUESTS = 'auth/too-many-requests';

/** What `sendCode` gets: Firebase needs the number only; the own captcha's answer replaces the form's (none). */
export function codeRequest(
  context: Pick<SmsCountdownContext, 'firebase' | 'ownCaptcha' | 'answer'>,
  request: SmsCodeRequest,
): SmsCodeRequest {
  const { countryDialingCode, mobileNo } = request;
  if (context.firebase) return { countryDialingCode, mobileNo };
  if (context.ownCaptcha)
    return {
      countryDialingCode,
      mobileNo,
      captchaId: context.answer.captchaId,
      captcha: context.answer.captcha.trim(),
    };
  return request;
}

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
    captcha: captchaMachine,
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
    keepRequest: assign(({ context }, request: SmsCodeRequest) => ({
      request: codeRequest(context, request),
      error: null,
    })),
    keepAnswer: assign((_, answer: CaptchaAnswer) => ({ answer })),
    startOwnCaptcha: enqueueActions(({ context, enqueue }) => {
      if (context.ownCaptcha) enqueue.spawnChild('captcha', { id: 'captcha' });
    }),
    // The request used the own answer up, sent or refused: the next one needs a new image.
    renewOwnCaptcha: enqueueActions(({ context, enqueue }) => {
      if (context.ownCaptcha) enqueue.sendTo('captcha', { type: 'captcha.refresh' });
    }),
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
  entry: 'startOwnCaptcha',
  on: {
    // The warning dialog can be confirmed whatever the button is doing.
    'error.dismiss': { actions: 'clearError' },
    'captcha.answer': {
      actions: {
        type: 'keepAnswer',
        params: ({ event }) => ({ captchaId: event.captchaId, captcha: event.captcha }),
      },
    },
  },
  context: ({ input }) => ({
    firebase: input.firebase ?? false,
    ownCaptcha: (input.ownCaptcha ?? false) && !input.firebase,
    answer: { captchaId: '', captcha: '' },
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
      exit: 'renewOwnCaptcha',
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
