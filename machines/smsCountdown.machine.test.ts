import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { captchaMachine } from './captcha.machine.ts';
import { connectSmsCountdown } from './smsCountdown.connect.ts';
import { smsCountdownWalk } from './smsCountdown.events.ts';
import {
  type SmsCodeRequest,
  type SmsCodeSent,
  type SmsCountdownInput,
  smsCountdownMachine,
} from './smsCountdown.machine.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { coverage, transitionPaths } from './test/transitionPaths.ts';

const view = (actor: { getSnapshot(): Parameters<typeof connectSmsCountdown>[0] }) =>
  connectSmsCountdown(actor.getSnapshot(), () => {});
const selectCodeButton = (s: Parameters<typeof connectSmsCountdown>[0]) => {
  const { disabled, sending, secondsLeft } = connectSmsCountdown(s, () => {});
  return { disabled, sending, secondsLeft };
};

describe('smsCountdown: generated paths', () => {
  const paths = transitionPaths(smsCountdownWalk.machine, smsCountdownWalk.events);

  it('visit every state and take every declared transition', () => {
    expect([...coverage(paths).states].sort()).toEqual([
      '"blocked"',
      '"counting"',
      '"enabled"',
      '"sending"',
      '"throttled"',
    ]);
    const seen = walked(smsCountdownMachine, paths);
    expect([...seen.states].sort()).toEqual(statePaths(smsCountdownMachine).sort());
    for (const t of declaredTransitions(smsCountdownMachine)) expect(seen.transitions, t).toContain(t);
  });
});

const request: SmsCodeRequest = { countryDialingCode: '+84', mobileNo: '912345678' };
const press = (mobileValid = true) => ({ type: 'code.request' as const, mobileValid, request });

/** The button with a fake sender whose replies the test decides; `sent` records what it was asked to send. */
function startButton(input: SmsCountdownInput, reply: () => SmsCodeSent | Promise<never>) {
  const sent: SmsCodeRequest[] = [];
  const sendCode = fromPromise<SmsCodeSent, SmsCodeRequest>(async ({ input: req }) => {
    sent.push(req);
    return reply();
  });
  const actor = createActor(smsCountdownMachine.provide({ actors: { sendCode } }), { input }).start();
  return { actor, sent };
}

const minutes = (expiredMinutes: number) => () => ({
  expiredMinutes,
  expirationTime: new Date(Date.now() + expiredMinutes * 60_000).toISOString(),
});

describe('smsCountdown: behaviour', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts expiredMinutes × 60 seconds (2 minutes → 120 s), one a second, then enables the button', async () => {
    const { actor, sent } = startButton({}, minutes(2));
    actor.send(press());
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([request]);
    expect(selectCodeButton(actor.getSnapshot())).toEqual({
      disabled: true,
      sending: false,
      secondsLeft: 120,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(119);
    await vi.advanceTimersByTimeAsync(118_000);
    expect(selectCodeButton(actor.getSnapshot()).secondsLeft).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('enabled');
    expect(selectCodeButton(actor.getSnapshot())).toEqual({
      disabled: false,
      sending: false,
      secondsLeft: null,
    });
  });

  it('counts 60 s with Firebase, whatever the reply says', async () => {
    const { actor } = startButton({ firebase: true }, minutes(5));
    actor.send(press());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.secondsLeft).toBe(60);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().value).toBe('enabled');
  });

  it('forgot password counts to the expiration time of the reply', async () => {
    const { actor } = startButton({ countFrom: 'expirationTime' }, () => ({
      expiredMinutes: 5,
      expirationTime: new Date(Date.now() + 90_500).toISOString(),
    }));
    actor.send(press());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.secondsLeft).toBe(91);
    await vi.advanceTimersByTimeAsync(91_000);
    expect(actor.getSnapshot().value).toBe('enabled');
  });

  it('an already expired code leaves the button enabled', async () => {
    const { actor } = startButton({ countFrom: 'expirationTime' }, () => ({
      expiredMinutes: 5,
      expirationTime: new Date(Date.now() - 1000).toISOString(),
    }));
    actor.send(press());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('enabled');
  });

  it('sends nothing while the mobile number is invalid or the countdown runs', async () => {
    const { actor, sent } = startButton({}, minutes(1));
    actor.send(press(false));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('enabled');
    actor.send(press());
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send(press());
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send(press());
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
  });

  it('a failed send keeps the server message and ignores requests for 1000 ms', async () => {
    const { actor, sent } = startButton({}, () =>
      Promise.reject({ code: 'VALIDATION', message: 'Phone number format is incorrect' }),
    );
    actor.send(press());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'VALIDATION',
      message: 'Phone number format is incorrect',
    });
    actor.send(press());
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    expect(selectCodeButton(actor.getSnapshot()).disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('enabled');
    expect(actor.getSnapshot().context.error?.code).toBe('VALIDATION');
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send(press());
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
  });

  it('a send refused as too soon counts down from the server’s retryAfter, without a warning', async () => {
    const { actor, sent } = startButton({}, () =>
      Promise.reject({
        code: 'RATE_LIMITED',
        message: 'A code was just sent to this number, please wait before asking again',
        extra: { retryAfter: 42 },
      }),
    );
    actor.send(press());
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCodeButton(actor.getSnapshot())).toEqual({
      disabled: true,
      sending: false,
      secondsLeft: 42,
    });
    expect(view(actor).tooSoon).toBe(42);
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.advanceTimersByTimeAsync(41_000);
    actor.send(press());
    expect(sent).toHaveLength(1);
    expect(view(actor).tooSoon).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('enabled');
    expect(view(actor).tooSoon).toBeNull();
    expect(actor.getSnapshot().context.tooSoon).toBe(false);
  });

  it('Firebase too-many-requests blocks the button for 5 minutes', async () => {
    const { actor, sent } = startButton({ firebase: true }, () =>
      Promise.reject({ code: 'auth/too-many-requests' }),
    );
    actor.send(press());
    await vi.advanceTimersByTimeAsync(0);
    expect(view(actor).tooManyRequests).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    actor.send(press());
    expect(sent).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('blocked');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('enabled');
  });
});

describe('smsCountdown: its own captcha', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The button with a captcha of its own whose loads are numbered (`c-1`, `c-2`, …) and a sender failing or not. */
  function startOwn(input: SmsCountdownInput, fail: boolean) {
    const sent: SmsCodeRequest[] = [];
    let loads = 0;
    const actor = createActor(
      smsCountdownMachine.provide({
        actors: {
          sendCode: fromPromise<SmsCodeSent, SmsCodeRequest>(async ({ input: req }) => {
            sent.push(req);
            if (fail) throw { code: 'VALIDATION', message: 'Captcha is incorrect' };
            return minutes(1)();
          }),
          captcha: captchaMachine.provide({
            actors: {
              loadCaptcha: fromPromise(async () => {
                loads += 1;
                return { captchaId: `c-${loads}`, image: 'img' };
              }),
            },
          }),
        },
      }),
      { input },
    ).start();
    return { actor, sent, loads: () => loads };
  }

  it.each([
    ['sent', false],
    ['refused', true],
  ])('carries its answer and, once the request is %s, shows a new image', async (_, fail) => {
    const { actor, sent, loads } = startOwn({ ownCaptcha: true }, fail);
    await vi.advanceTimersByTimeAsync(0);
    expect(view(actor).captcha?.getSnapshot().context.captchaId).toBe('c-1');
    connectSmsCountdown(actor.getSnapshot(), actor.send).answerCaptcha(' ab12 ', 'c-1');
    expect(view(actor).captchaAnswer).toBe(' ab12 ');
    // The form's answer (none here) gives way to the own one.
    actor.send({
      type: 'code.request',
      mobileValid: true,
      request: { ...request, captchaId: 'x', captcha: 'y' },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ ...request, captchaId: 'c-1', captcha: 'ab12' }]);
    // The first image is under a second old: the new one comes when the refresh throttle is over.
    await vi.advanceTimersByTimeAsync(1000);
    expect(loads()).toBe(2);
    expect(view(actor).captcha?.getSnapshot().context.captchaId).toBe('c-2');
  });

  it('runs none with Firebase or when the form shows its own, and sends the request as the form gives it', async () => {
    const withForm = startOwn({}, false);
    const firebase = startOwn({ ownCaptcha: true, firebase: true }, false);
    await vi.advanceTimersByTimeAsync(0);
    for (const { actor, loads } of [withForm, firebase]) {
      expect(view(actor).captcha).toBeUndefined();
      expect(loads()).toBe(0);
      actor.send({
        type: 'code.request',
        mobileValid: true,
        request: { ...request, captchaId: 'f', captcha: 'a' },
      });
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(withForm.sent).toEqual([{ ...request, captchaId: 'f', captcha: 'a' }]);
    // Firebase brings its own reCAPTCHA: the number only.
    expect(firebase.sent).toEqual([request]);
  });
});
