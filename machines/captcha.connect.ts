import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { captchaMachine } from './captcha.machine.ts';

type Snapshot = SnapshotFrom<typeof captchaMachine>;
type Send = (event: EventFromLogic<typeof captchaMachine>) => void;

/**
 * The captcha box's props and commands: `status` is a spinner over the old image, the image, or the "tap to retry"
 * failure; `captchaId` goes with the typed answer ('' while no image could be loaded); `refreshPending`: a click was
 * taken and a new image comes once the one-second throttle is over.
 */
export function connectCaptcha(s: Snapshot, send: Send) {
  return {
    status: (s.matches('loading')
      ? 'loading'
      : s.matches({ settled: { image: 'failed' } })
        ? 'failed'
        : 'ready') as 'loading' | 'ready' | 'failed',
    image: s.context.image,
    captchaId: s.context.captchaId ?? '',
    refreshPending: s.matches('loading') || s.matches({ settled: { throttle: { cooling: 'refreshDue' } } }),
    refresh: () => send({ type: 'captcha.refresh' }),
  };
}
