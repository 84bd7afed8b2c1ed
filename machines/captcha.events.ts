import type { EventFromLogic } from 'xstate';
import { captchaMachine } from './captcha.machine.ts';
import { afterEvent, doneEvent, errorEvent } from './test/machineGraph.ts';

type M = typeof captchaMachine;

/** The captcha machine and representative events for its generated paths (tests and `npm run paths`). */
export const captchaWalk = {
  name: 'captcha',
  machine: captchaMachine,
  events: [
    doneEvent<M>('loadCaptcha', { captchaId: 'c-1', image: 'data:image/png;base64,AAAA' }),
    errorEvent<M>('loadCaptcha', { code: 'NETWORK' }),
    { type: 'captcha.refresh' },
    { type: 'captcha.typeChanged' },
    afterEvent<M>('refreshThrottle', 'captcha.settled.throttle.cooling'),
  ] satisfies EventFromLogic<M>[],
};
