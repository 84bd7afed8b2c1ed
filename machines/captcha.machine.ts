import { assign, type ErrorActorEvent, fromPromise, setup, stateIn } from 'xstate';
import { type FlowError, readFlowError } from './form.ts';

/**
 * Captcha image (spec §4 Captcha: refreshed on click and on registration type change, at most once per second).
 *
 * States: `loading`, then `settled`, a parallel state of
 *   - `image`: `ready` (an image to show) or `failed` (none; the view offers a click to retry);
 *   - `throttle`: `cooling` for `refreshThrottle` (1000 ms, spec §9) after each load, then `open`.
 * A refresh asked for while cooling is remembered (`cooling.refreshDue`) and runs when the second is over, so a
 * click is never lost and loads stay a second apart. Requests while `loading` are ignored: the image on its way is
 * already newer than the request.
 *
 * Events: `captcha.refresh` (click on the image), `captcha.typeChanged` (registration type switched).
 * Context the views read (see captcha.connect.ts): `image` (base64 PNG, kept while the next one loads),
 * `captchaId` (sent with the answer), `error` (why the last load failed; null otherwise).
 * Actor: `loadCaptcha` → `{ captchaId, image }`.
 */

export interface CaptchaImage {
  captchaId: string;
  image: string;
}

export interface CaptchaContext {
  captchaId: string | null;
  image: string | null;
  error: FlowError | null;
}

export type CaptchaEvent = { type: 'captcha.refresh' } | { type: 'captcha.typeChanged' };

export const REFRESH_THROTTLE_MS = 1000;

export const captchaMachine = setup({
  types: {
    context: {} as CaptchaContext,
    events: {} as CaptchaEvent,
  },
  actors: {
    loadCaptcha: fromPromise<CaptchaImage>(async () => {
      throw new Error('loadCaptcha must be provided');
    }),
  },
  delays: { refreshThrottle: REFRESH_THROTTLE_MS },
  guards: { refreshIsDue: stateIn({ settled: { throttle: { cooling: 'refreshDue' } } }) },
  actions: {
    keepImage: assign((_, loaded: CaptchaImage) => ({ ...loaded, error: null })),
    // The old id may have been used up: a failed load leaves no answer to send.
    keepFailure: assign((_, thrown: unknown) => ({
      captchaId: null,
      image: null,
      error: readFlowError(thrown),
    })),
  },
}).createMachine({
  id: 'captcha',
  initial: 'loading',
  context: { captchaId: null, image: null, error: null },
  states: {
    loading: {
      invoke: {
        id: 'loadCaptcha',
        src: 'loadCaptcha',
        onDone: {
          target: 'settled.image.ready',
          actions: { type: 'keepImage', params: ({ event }) => event.output },
        },
        onError: {
          target: 'settled.image.failed',
          actions: { type: 'keepFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    // What was loaded and the refresh throttle are independent: one parallel state instead of two copies.
    settled: {
      type: 'parallel',
      states: {
        image: { initial: 'ready', states: { ready: {}, failed: {} } },
        throttle: {
          initial: 'cooling',
          states: {
            cooling: {
              initial: 'quiet',
              states: {
                quiet: { on: { 'captcha.refresh': 'refreshDue', 'captcha.typeChanged': 'refreshDue' } },
                refreshDue: {},
              },
              after: {
                refreshThrottle: [{ guard: 'refreshIsDue', target: '#captcha.loading' }, { target: 'open' }],
              },
            },
            open: {
              on: { 'captcha.refresh': '#captcha.loading', 'captcha.typeChanged': '#captcha.loading' },
            },
          },
        },
      },
    },
  },
});
