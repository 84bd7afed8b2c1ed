import type { SnapshotFrom } from 'xstate';
import type { captchaMachine } from './captcha.machine.ts';

type Snapshot = SnapshotFrom<typeof captchaMachine>;

/** What the captcha box shows: a spinner over the old image, the image, or the "click to retry" failure. */
export const selectCaptchaStatus = (s: Snapshot): 'loading' | 'ready' | 'failed' =>
  s.matches('loading') ? 'loading' : s.matches({ settled: { image: 'failed' } }) ? 'failed' : 'ready';

export const selectCaptchaImage = (s: Snapshot) => s.context.image;
/** Sent with the typed answer; null while no image could be loaded. */
export const selectCaptchaId = (s: Snapshot) => s.context.captchaId;
/** A click was taken and a new image will come once the one-second throttle is over. */
export const selectRefreshPending = (s: Snapshot) =>
  s.matches('loading') || s.matches({ settled: { throttle: { cooling: 'refreshDue' } } });
