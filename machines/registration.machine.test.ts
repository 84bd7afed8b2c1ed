import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MemberInfo } from '../contract/member.ts';
import { demoRules, registrationWalk, validValues } from './registration.events.ts';
import {
  type FirebaseSmsCheck,
  type Registered,
  type RegisterRequest,
  type RegistrationInput,
  registrationMachine,
} from './registration.machine.ts';
import {
  selectCanSubmit,
  selectInvalidInvitation,
  selectShownFields,
  selectTermsAccepted,
} from './registration.selectors.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { coverage, transitionPaths } from './test/transitionPaths.ts';

describe('registration: generated paths', () => {
  const paths = transitionPaths(registrationWalk.machine, registrationWalk.events);

  it('visit every state and take every declared transition', () => {
    expect([...coverage(paths).states].sort()).toEqual([
      '"checkingInvitation"',
      '"done"',
      '"loadingInfo"',
      '"registering"',
      '"verifyingFirebase"',
      '{"editing":"termsAccepted"}',
      '{"editing":"termsPending"}',
    ]);
    const seen = walked(registrationMachine, paths);
    expect([...seen.states].sort()).toEqual(statePaths(registrationMachine).sort());
    for (const t of declaredTransitions(registrationMachine)) expect(seen.transitions, t).toContain(t);
  });
});

interface Fakes {
  affiliateValid?: boolean;
  registerError?: unknown;
  infoFails?: boolean;
}

/** The form with fake calls; `calls` records what each call was given. */
function startRegistration(input: Partial<RegistrationInput>, fakes: Fakes = {}) {
  const calls = {
    checkAffiliate: [] as string[],
    verifyFirebaseSms: [] as FirebaseSmsCheck[],
    register: [] as RegisterRequest[],
    loadMemberInfo: [] as string[],
  };
  const storeToken = vi.fn();
  const logic = registrationMachine.provide({
    actors: {
      checkAffiliate: fromPromise<{ valid: boolean }, { code: string }>(async ({ input: { code } }) => {
        calls.checkAffiliate.push(code);
        return { valid: fakes.affiliateValid ?? true };
      }),
      verifyFirebaseSms: fromPromise<{ firebaseIdToken: string }, FirebaseSmsCheck>(
        async ({ input: check }) => {
          calls.verifyFirebaseSms.push(check);
          return { firebaseIdToken: 'fb-token' };
        },
      ),
      register: fromPromise<Registered, RegisterRequest>(async ({ input: request }) => {
        calls.register.push(request);
        if (fakes.registerError) throw fakes.registerError;
        return {
          account: request.mode === 'mobile' ? '84912345678' : 'alice01',
          token: 't-1',
          firstTimeLogin: true,
        };
      }),
      loadMemberInfo: fromPromise<MemberInfo, { token: string }>(async ({ input: { token } }) => {
        calls.loadMemberInfo.push(token);
        if (fakes.infoFails) throw { code: 'NETWORK' };
        return { id: 1, account: 'alice01' } as MemberInfo;
      }),
    },
    actions: { storeToken: (_, params) => storeToken(params.token) },
  });
  const actor = createActor(logic, {
    input: { rules: demoRules, firebase: false, smsVerification: false, ...input },
  }).start();
  return { actor, calls, storeToken };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('registration: behaviour', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps Register disabled until the terms are accepted', async () => {
    const { actor, calls } = startRegistration({});
    expect(selectTermsAccepted(actor.getSnapshot())).toBe(false);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.submit', values: validValues });
    await flush();
    expect(calls.register).toHaveLength(0);

    actor.send({ type: 'terms.toggle' });
    expect(selectTermsAccepted(actor.getSnapshot())).toBe(true);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'terms.toggle' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
  });

  it('checks every enabled rule of the username form and keeps the values', () => {
    const { actor } = startRegistration({});
    actor.send({ type: 'terms.toggle' });
    const typed = { username: '1abc', password: 'secret12', confirmPassword: 'secret13', email: 'nope' };
    actor.send({ type: 'user.submit', values: typed });
    const { context, value } = actor.getSnapshot();
    expect(value).toEqual({ editing: 'termsAccepted' });
    expect(context.values).toEqual(typed);
    expect(context.fieldErrors).toEqual({
      username: { kind: 'pattern', patternId: 1, min: 4, max: 16 },
      confirmPassword: { kind: 'mismatch' },
      email: { kind: 'pattern', patternId: 3, min: 5, max: 100 },
      captcha: { kind: 'required' },
    });
  });

  it('in mobile mode asks for the number and, with SMS verification, the code — not for a username', () => {
    const { actor } = startRegistration({ smsVerification: true });
    actor.send({ type: 'mode.switch', mode: 'mobile' });
    actor.send({ type: 'terms.toggle' });
    actor.send({
      type: 'user.submit',
      values: { password: 'secret12', confirmPassword: 'secret12', captcha: 'ab12' },
    });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      mobileNum: { kind: 'required' },
      verificationCode: { kind: 'required' },
    });
    expect(selectShownFields(actor.getSnapshot())).not.toContain('username');
    expect(selectShownFields(actor.getSnapshot())).not.toContain('payeeName');
  });

  it('registers, stores the token, loads member info and ends with the account and mode', async () => {
    const { actor, calls, storeToken } = startRegistration({});
    actor.send({ type: 'terms.toggle' });
    actor.send({ type: 'user.submit', values: validValues });
    await flush();
    expect(calls.checkAffiliate).toHaveLength(0);
    expect(calls.register).toEqual([{ mode: 'username', values: validValues }]);
    expect(storeToken).toHaveBeenCalledWith('t-1');
    expect(calls.loadMemberInfo).toEqual(['t-1']);
    expect(actor.getSnapshot().output).toEqual({ account: 'alice01', mode: 'username' });
  });

  it('checks a typed invitation code; an invalid one stops with INVALID_INVITATION and keeps the form', async () => {
    const { actor, calls } = startRegistration({}, { affiliateValid: false });
    actor.send({ type: 'terms.toggle' });
    const typed = { ...validValues, affiliateCode: 'FRIEND1' };
    actor.send({ type: 'user.submit', values: typed });
    await flush();
    expect(calls.checkAffiliate).toEqual(['FRIEND1']);
    expect(calls.register).toHaveLength(0);
    expect(selectInvalidInvitation(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual(typed);
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a valid typed code is checked and then sent with the registration', async () => {
    const { actor, calls } = startRegistration({});
    actor.send({ type: 'terms.toggle' });
    actor.send({ type: 'user.submit', values: { ...validValues, affiliateCode: 'FRIEND1' } });
    await flush();
    expect(calls.checkAffiliate).toEqual(['FRIEND1']);
    expect(calls.register[0]?.affiliateCode).toBe('FRIEND1');
  });

  it('does not check a code that came from the URL: it is sent as it is and the field is hidden', async () => {
    const { actor, calls } = startRegistration({ affiliateFromUrl: 'AGENT7' });
    expect(selectShownFields(actor.getSnapshot())).not.toContain('affiliateCode');
    actor.send({ type: 'terms.toggle' });
    actor.send({ type: 'user.submit', values: validValues });
    await flush();
    expect(calls.checkAffiliate).toHaveLength(0);
    expect(calls.register[0]?.affiliateCode).toBe('AGENT7');
  });

  it('with Firebase, a mobile registration verifies the SMS code first and sends the Firebase token', async () => {
    const { actor, calls } = startRegistration({ firebase: true, mode: 'mobile' });
    actor.send({ type: 'terms.toggle' });
    actor.send({ type: 'user.submit', values: validValues });
    await flush();
    expect(calls.verifyFirebaseSms).toEqual([
      { countryDialingCode: '+84', mobileNum: '912345678', verificationCode: '123456' },
    ]);
    expect(calls.register[0]).toMatchObject({ mode: 'mobile', firebaseIdToken: 'fb-token' });
    expect(actor.getSnapshot().output).toEqual({ account: '84912345678', mode: 'mobile' });
  });

  it('with Firebase, a username registration skips the Firebase check', async () => {
    const { actor, calls } = startRegistration({ firebase: true });
    actor.send({ type: 'terms.toggle' });
    actor.send({ type: 'user.submit', values: validValues });
    await flush();
    expect(calls.verifyFirebaseSms).toHaveLength(0);
    expect(calls.register).toHaveLength(1);
  });

  it('shows the server’s field messages under the fields and keeps the values', async () => {
    const taken = { code: 'CONFLICT', message: 'Username taken', fields: { username: 'Username taken' } };
    const { actor } = startRegistration({}, { registerError: taken });
    actor.send({ type: 'terms.toggle' });
    actor.send({ type: 'user.submit', values: validValues });
    await flush();
    const { context, value } = actor.getSnapshot();
    expect(value).toEqual({ editing: 'termsAccepted' });
    expect(context.error).toEqual({ code: 'CONFLICT', message: 'Username taken' });
    expect(context.fieldErrors).toEqual({ username: { kind: 'server', message: 'Username taken' } });
    expect(context.values).toEqual(validValues);
  });

  it('ends as registered even when the member info cannot be read afterwards', async () => {
    const { actor } = startRegistration({}, { infoFails: true });
    actor.send({ type: 'terms.toggle' });
    actor.send({ type: 'user.submit', values: validValues });
    await flush();
    expect(actor.getSnapshot().output).toEqual({ account: 'alice01', mode: 'username' });
  });
});
