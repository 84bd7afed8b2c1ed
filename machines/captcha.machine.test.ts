import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { connectCaptcha } from './captcha.connect.ts';
import { captchaWalk } from './captcha.events.ts';
import { type CaptchaImage, captchaMachine } from './captcha.machine.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { coverage, transitionPaths } from './test/transitionPaths.ts';

const view = (actor: { getSnapshot(): Parameters<typeof connectCaptcha>[0] }) =>
  connectCaptcha(actor.getSnapshot(), () => {});

describe('captcha: generated paths', () => {
  const paths = transitionPaths(captchaWalk.machine, captchaWalk.events);

  it('visit every state and take every declared transition', () => {
    expect([...coverage(paths).states].sort()).toEqual([
      '"loading"',
      '{"settled":{"image":"failed","throttle":"open"}}',
      '{"settled":{"image":"failed","throttle":{"cooling":"quiet"}}}',
      '{"settled":{"image":"failed","throttle":{"cooling":"refreshDue"}}}',
      '{"settled":{"image":"ready","throttle":"open"}}',
      '{"settled":{"image":"ready","throttle":{"cooling":"quiet"}}}',
      '{"settled":{"image":"ready","throttle":{"cooling":"refreshDue"}}}',
    ]);
    const seen = walked(captchaMachine, paths);
    expect([...seen.states].sort()).toEqual(statePaths(captchaMachine).sort());
    for (const t of declaredTransitions(captchaMachine)) expect(seen.transitions, t).toContain(t);
  });
});

/** A fake captcha service: every call is counted and answers at once with a numbered image. */
function startCaptcha(fail: (n: number) => boolean = () => false) {
  const calls: number[] = [];
  const loadCaptcha = fromPromise<CaptchaImage>(async () => {
    const n = calls.push(Date.now());
    if (fail(n)) throw { code: 'NETWORK' };
    return { captchaId: `c-${n}`, image: `image-${n}` };
  });
  const actor = createActor(captchaMachine.provide({ actors: { loadCaptcha } })).start();
  return { actor, calls };
}

describe('captcha: behaviour', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads an image on start', async () => {
    const { actor, calls } = startCaptcha();
    expect(view(actor).status).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(view(actor).status).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ captchaId: 'c-1', image: 'image-1', error: null });
  });

  it('two clicks within a second make one load, which runs when the second is over', async () => {
    const { actor, calls } = startCaptcha();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'captcha.refresh' });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: 'captcha.refresh' });
    expect(view(actor).refreshPending).toBe(true);
    await vi.advanceTimersByTimeAsync(699);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(1000);
    expect(view(actor).image).toBe('image-2');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
  });

  it('a click after the quiet second loads at once; a type change does the same', async () => {
    const { actor, calls } = startCaptcha();
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'captcha.refresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'captcha.typeChanged' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(3);
  });

  it('ignores requests while an image is loading', async () => {
    const { actor, calls } = startCaptcha();
    actor.send({ type: 'captcha.refresh' });
    actor.send({ type: 'captcha.typeChanged' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
  });

  it('a failed load shows no image and is retried by a click, still at most once a second', async () => {
    const { actor, calls } = startCaptcha((n) => n === 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(view(actor).status).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({
      captchaId: null,
      image: null,
      error: { code: 'NETWORK' },
    });
    actor.send({ type: 'captcha.refresh' });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(view(actor).status).toBe('ready');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
