import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { RegisterFieldRule } from '../contract/auth.ts';
import { PATTERNS } from '../contract/registerRules.ts';
import { forgotPasswordWalks } from './forgotPassword.events.ts';
import {
  type ForgotMode,
  forgotPasswordMachine,
  type PhoneResetRequest,
  type ResetEmailRequest,
} from './forgotPassword.machine.ts';
import { selectEmailSentDialog } from './forgotPassword.selectors.ts';
import { passwordRule } from './login.events.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { coverage, transitionPaths } from './test/transitionPaths.ts';

describe('forgotPassword: generated paths', () => {
  it('visit every state and take every declared transition (both starting modes together)', () => {
    const paths = forgotPasswordWalks.flatMap((w) => transitionPaths(w.machine, w.events));
    expect([...coverage(paths).states].sort()).toEqual([
      '"done"',
      '"editing"',
      '"emailSent"',
      '"resettingByPhone"',
      '"sendingEmail"',
    ]);
    const seen = walked(forgotPasswordMachine, paths);
    expect([...seen.states].sort()).toEqual(statePaths(forgotPasswordMachine).sort());
    for (const t of declaredTransitions(forgotPasswordMachine)) expect(seen.transitions, t).toContain(t);
  });
});

const emailRule: RegisterFieldRule = {
  field: 'email',
  enabled: true,
  required: false,
  minLength: 5,
  maxLength: 100,
  patternId: 3,
  acceptedPattern: PATTERNS[3]!,
};

/** The modal with fake calls that fail with `failure` when given one; `calls` records what they were sent. */
function startForgot(mode: ForgotMode, failure?: unknown) {
  const calls = { email: [] as ResetEmailRequest[], phone: [] as PhoneResetRequest[] };
  const logic = forgotPasswordMachine.provide({
    actors: {
      sendResetEmail: fromPromise<void, ResetEmailRequest>(async ({ input }) => {
        calls.email.push(input);
        if (failure) throw failure;
      }),
      resetByPhone: fromPromise<void, PhoneResetRequest>(async ({ input }) => {
        calls.phone.push(input);
        if (failure) throw failure;
      }),
    },
  });
  const actor = createActor(logic, { input: { passwordRule, emailRule, mode } }).start();
  return { actor, calls };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const phoneForm = {
  countryDialingCode: '+84',
  mobileNum: '912345678',
  verificationCode: '1234',
  newPassword: 'better123',
};

describe('forgotPassword: behaviour', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('by email: username and email are needed, the email by its rule', () => {
    const { actor, calls } = startForgot('email');
    actor.send({ type: 'user.submit', values: { username: ' ', email: 'alice@' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      username: { kind: 'required' },
      email: { kind: 'pattern', patternId: 3, min: 5, max: 100 },
    });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls.email).toHaveLength(0);
  });

  it('by email: sends the trimmed pair, shows the success dialog, and ends when it is closed', async () => {
    const { actor, calls } = startForgot('email');
    actor.send({ type: 'user.submit', values: { username: ' alice ', email: 'alice@example.com ' } });
    await flush();
    expect(calls.email).toEqual([{ username: 'alice', email: 'alice@example.com' }]);
    expect(selectEmailSentDialog(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().output).toEqual({ mode: 'email' });
  });

  it('by email: an unknown account returns to the form with the error and the values', async () => {
    const { actor } = startForgot('email', { code: 'NOT_FOUND', message: 'Username/Email does not exist' });
    const typed = { username: 'bob', email: 'bob@example.com' };
    actor.send({ type: 'user.submit', values: typed });
    await flush();
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('editing');
    expect(context.error).toEqual({ code: 'NOT_FOUND', message: 'Username/Email does not exist' });
    expect(context.values).toEqual(typed);
  });

  it('by phone: needs number and code, and the new password follows the password rule', () => {
    const { actor, calls } = startForgot('phone');
    actor.send({ type: 'user.submit', values: { countryDialingCode: '+84', newPassword: 'onlyletters' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      mobileNum: { kind: 'required' },
      verificationCode: { kind: 'required' },
      newPassword: { kind: 'pattern', patternId: 5, min: 6, max: 20 },
    });
    expect(calls.phone).toHaveLength(0);
  });

  it('by phone: sets the new password and ends', async () => {
    const { actor, calls } = startForgot('phone');
    actor.send({ type: 'user.submit', values: phoneForm });
    await flush();
    expect(calls.phone).toEqual([phoneForm]);
    expect(actor.getSnapshot().output).toEqual({ mode: 'phone' });
  });

  it('by phone: a refused code is shown under its field and the values stay', async () => {
    const { actor } = startForgot('phone', {
      code: 'VALIDATION',
      message: 'Invalid input',
      fields: { verificationCode: 'Code expired, send again' },
    });
    actor.send({ type: 'user.submit', values: phoneForm });
    await flush();
    const { context } = actor.getSnapshot();
    expect(context.fieldErrors).toEqual({
      verificationCode: { kind: 'server', message: 'Code expired, send again' },
    });
    expect(context.values).toEqual(phoneForm);
  });

  it('switching mode applies the other form’s rules and clears the old problems', () => {
    const { actor } = startForgot('email');
    actor.send({ type: 'user.submit', values: {} });
    actor.send({ type: 'mode.switch', mode: 'phone' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'user.submit', values: phoneForm });
    expect(actor.getSnapshot().value).toBe('resettingByPhone');
  });
});
