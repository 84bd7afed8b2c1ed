import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { RegisterFieldRule } from '../contract/auth.ts';
import { PATTERNS } from '../contract/registerRules.ts';
import { connectForgotPassword } from './forgotPassword.connect.ts';
import { forgotPasswordWalks } from './forgotPassword.events.ts';
import {
  type CodeResetRequest,
  type ForgotPasswordInput,
  forgotPasswordMachine,
  type PhoneResetRequest,
  type ResetCodeRequest,
} from './forgotPassword.machine.ts';
import { passwordRule } from './login.events.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { coverage, transitionPaths } from './test/transitionPaths.ts';

describe('forgotPassword: generated paths', () => {
  it('visit every state and take every declared transition (the three starts together)', () => {
    const paths = forgotPasswordWalks.flatMap((w) => transitionPaths(w.machine, w.events));
    expect([...coverage(paths).states].sort()).toEqual([
      '"codeSent"',
      '"done"',
      '"editing"',
      '"enteringCode"',
      '"passwordReset"',
      '"requestingCode"',
      '"resetting"',
      '"resettingByPhone"',
    ]);
    const seen = walked(forgotPasswordMachine, paths);
    // `starting` only decides where to begin (an eventless transition): no snapshot ever rests in it.
    const resting = statePaths(forgotPasswordMachine).filter((p) => p !== 'starting');
    expect([...seen.states].sort()).toEqual(resting.sort());
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
function startForgot(input: Partial<ForgotPasswordInput> = {}, failure?: unknown) {
  const calls = {
    request: [] as ResetCodeRequest[],
    reset: [] as CodeResetRequest[],
    phone: [] as PhoneResetRequest[],
  };
  const fake = <I>(list: I[]) =>
    fromPromise<void, I>(async ({ input }) => {
      list.push(input);
      if (failure) throw failure;
    });
  const finished = vi.fn();
  const logic = forgotPasswordMachine.provide({
    actors: {
      requestResetCode: fake(calls.request),
      resetWithCode: fake(calls.reset),
      resetByPhone: fake(calls.phone),
    },
    actions: { finished },
  });
  const actor = createActor(logic, { input: { passwordRule, emailRule, ...input } }).start();
  return { actor, calls, finished };
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
    const { actor, calls } = startForgot();
    actor.send({ type: 'user.submit', values: { username: ' ', email: 'alice@' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      username: { kind: 'required' },
      email: { kind: 'pattern', patternId: 3, min: 5, max: 100 },
    });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls.request).toHaveLength(0);
  });

  it('by email: asks for a code, says one was sent if the account exists, and changes nothing yet', async () => {
    const { actor, calls } = startForgot();
    actor.send({ type: 'user.submit', values: { username: ' alice ', email: 'alice@example.com ' } });
    await flush();
    expect(calls.request).toEqual([{ username: 'alice', email: 'alice@example.com' }]);
    expect(connectForgotPassword(actor.getSnapshot(), actor.send).codeSentDialog).toBe(true);
    expect(calls.reset).toHaveLength(0);
    actor.send({ type: 'code.enter' });
    expect(connectForgotPassword(actor.getSnapshot(), actor.send).codeStep).toBe(true);
    // The username typed for the request stays for the code step.
    expect(actor.getSnapshot().context.values.username).toBe(' alice ');
  });

  it('by email: the code and a new password by its rule set it; then the flow ends at the login', async () => {
    const { actor, calls, finished } = startForgot();
    actor.send({ type: 'user.submit', values: { username: 'alice', email: 'alice@example.com' } });
    await flush();
    actor.send({ type: 'code.enter' });
    actor.send({ type: 'user.submit', values: { username: 'alice', code: ' ', newPassword: 'onlyletters' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      code: { kind: 'required' },
      newPassword: { kind: 'pattern', patternId: 5, min: 6, max: 20 },
    });
    actor.send({
      type: 'user.submit',
      values: { username: 'alice', code: ' k7qh3mzp ', newPassword: 'better123' },
    });
    await flush();
    expect(calls.reset).toEqual([{ username: 'alice', code: 'k7qh3mzp', newPassword: 'better123' }]);
    expect(connectForgotPassword(actor.getSnapshot(), actor.send).passwordResetDialog).toBe(true);
    expect(finished).not.toHaveBeenCalled();
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().output).toEqual({ mode: 'email' });
    // The app closes the form on the machine's `finished`, once.
    expect(finished).toHaveBeenCalledTimes(1);
  });

  it('by email: a refused code stays on the code step with its message; another code can be asked for', async () => {
    const { actor } = startForgot(
      { resetCode: 'K7QH3MZP', username: 'alice' },
      {
        code: 'VALIDATION',
        message: 'Invalid input',
        fields: { code: 'This code is not valid or has expired' },
      },
    );
    actor.send({
      type: 'user.submit',
      values: { username: 'alice', code: 'K7QH3MZP', newPassword: 'better123' },
    });
    await flush();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(context.fieldErrors).toEqual({
      code: { kind: 'server', message: 'This code is not valid or has expired' },
    });
    actor.send({ type: 'code.resend' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ fieldErrors: {}, error: null });
    expect(actor.getSnapshot().context.values).not.toHaveProperty('code');
  });

  it('a reset link opens the code step with the code and the username filled in', () => {
    const { actor } = startForgot({ resetCode: 'K7QH3MZP', username: 'alice', mode: 'phone' });
    expect(actor.getSnapshot().value).toBe('enteringCode');
    expect(actor.getSnapshot().context).toMatchObject({
      mode: 'email',
      values: { username: 'alice', code: 'K7QH3MZP' },
    });
  });

  it('by phone: needs number and code, and the new password follows the password rule', () => {
    const { actor, calls } = startForgot({ mode: 'phone' });
    actor.send({ type: 'user.submit', values: { countryDialingCode: '+84', newPassword: 'onlyletters' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      mobileNum: { kind: 'required' },
      verificationCode: { kind: 'required' },
      newPassword: { kind: 'pattern', patternId: 5, min: 6, max: 20 },
    });
    expect(calls.phone).toHaveLength(0);
  });

  it('by phone: sets the new password, says so, and ends', async () => {
    const { actor, calls } = startForgot({ mode: 'phone' });
    actor.send({ type: 'user.submit', values: phoneForm });
    await flush();
    expect(calls.phone).toEqual([phoneForm]);
    expect(connectForgotPassword(actor.getSnapshot(), actor.send).passwordResetDialog).toBe(true);
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().output).toEqual({ mode: 'phone' });
  });

  it('by phone: a refused code is shown under its field and the values stay', async () => {
    const { actor } = startForgot(
      { mode: 'phone' },
      {
        code: 'VALIDATION',
        message: 'Invalid input',
        fields: { verificationCode: 'Code expired, send again' },
      },
    );
    actor.send({ type: 'user.submit', values: phoneForm });
    await flush();
    const { context } = actor.getSnapshot();
    expect(context.fieldErrors).toEqual({
      verificationCode: { kind: 'server', message: 'Code expired, send again' },
    });
    expect(context.values).toEqual(phoneForm);
  });

  it('switching mode applies the other form’s rules and clears the old problems', () => {
    const { actor } = startForgot();
    actor.send({ type: 'user.submit', values: {} });
    actor.send({ type: 'mode.switch', mode: 'phone' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'user.submit', values: phoneForm });
    expect(actor.getSnapshot().value).toBe('resettingByPhone');
  });
});
