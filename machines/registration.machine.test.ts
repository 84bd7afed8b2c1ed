import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MemberInfo } from '../contract/member.ts';
import { captchaMachine } from './captcha.machine.ts';
import { connectRegistration } from './registration.connect.ts';
import { demoRules, registrationWalk, validValues } from './registration.events.ts';
import {
  type FirebaseSmsCheck,
  type Registered,
  type RegisterRequest,
  type RegistrationInput,
  registrationMachine,
} from './registration.machine.ts';
import { type SmsCodeRequest, type SmsCodeSent, smsCountdownMachine } from './smsCountdown.machine.ts';
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
  const finished = vi.fn();
  const captchaLoads: number[] = [];
  const codes: SmsCodeRequest[] = [];
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
      captcha: captchaMachine.provide({
        actors: {
          loadCaptcha: fromPromise(async () => {
            captchaLoads.push(captchaLoads.length + 1);
            return { captchaId: `c-${captchaLoads.length}`, image: 'img' };
          }),
        },
      }),
      smsCountdown: smsCountdownMachine.provide({
        actors: {
          sendCode: fromPromise<SmsCodeSent, SmsCodeRequest>(async ({ input: request }) => {
            codes.push(request);
            return { expiredMinutes: 1, expirationTime: '2030-01-01T00:01:00.000Z' };
          }),
        },
      }),
    },
    actions: {
      storeToken: (_, params) => storeToken(params.token),
      finished: (_, result) => finished(result),
    },
  });
  const actor = createActor(logic, {
    input: { rules: demoRules, firebase: false, smsVerification: false, ...input },
  }).start();
  return { actor, calls, storeToken, finished, captchaLoads, codes };
}

const view = (actor: { getSnapshot(): Parameters<typeof connectRegistration>[0] }) =>
  connectRegistration(actor.getSnapshot(), () => {});

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
    expect(view(actor).termsAccepted).toBe(false);
    expect(view(actor).canSubmit).toBe(false);
    actor.send({ type: 'user.submit', values: validValues });
    await flush();
    expect(calls.register).toHaveLength(0);

    actor.send({ type: 'terms.toggle' });
    expect(view(actor).termsAccepted).toBe(true);
    expect(view(actor).canSubmit).toBe(true);
    actor.send({ type: 'terms.toggle' });
    expect(view(actor).canSubmit).toBe(false);
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

  it('asks for the know-your-customer fields the merchant switched on, and an age of at least its minimum', async () => {
    const kyc = (field: 'address' | 'nationality' | 'birthday', patternId: number) => ({
      field,
      enabled: true,
      required: true,
      minLength: field === 'birthday' ? 10 : 2,
      maxLength: field === 'birthday' ? 10 : 200,
      patternId,
      acceptedPattern: patternId === 11 ? '^\\d{4}-\\d{2}-\\d{2}$' : '*',
    });
    const rules = [...demoRules, kyc('address', 0), kyc('nationality', 0), kyc('birthday', 11)];
    const { actor, calls } = startRegistration({ rules, today: '2026-11-27' });
    expect(view(actor).shownFields).toEqual(expect.arrayContaining(['address', 'nationality', 'birthday']));
    actor.send({ type: 'terms.toggle' });
    actor.send({ type: 'user.submit', values: validValues });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      address: { kind: 'required' },
      nationality: { kind: 'required' },
      birthday: { kind: 'required' },
    });
    const person = { ...validValues, address: '12 Nguyen Hue', nationality: 'Vietnamese' };
    // 21 tomorrow: the default minimum age is not reached; a day that does not exist is a format problem.
    actor.send({ type: 'user.submit', values: { ...person, birthday: '2005-11-28' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      birthday: { kind: 'underAge', minimumAge: 21 },
    });
    actor.send({ type: 'user.submit', values: { ...person, birthday: '2005-02-30' } });
    expect(actor.getSnapshot().context.fieldErrors.birthday).toMatchObject({
      kind: 'pattern',
      patternId: 11,
    });
    actor.send({ type: 'user.submit', values: { ...person, birthday: '2005-11-27' } });
    await flush();
    expect(calls.register[0]?.values).toMatchObject({ birthday: '2005-11-27', nationality: 'Vietnamese' });
  });

  it('takes the merchant’s own minimum age', () => {
    const birthday = {
      field: 'birthday' as const,
      enabled: true,
      required: false,
      minLength: 10,
      maxLength: 10,
      patternId: 11,
      acceptedPattern: '*',
    };
    const { actor } = startRegistration({
      rules: [...demoRules, birthday],
      ageLimit: 18,
      today: '2026-11-27',
    });
    actor.send({ type: 'terms.toggle' });
    actor.send({ type: 'user.submit', values: { ...validValues, birthday: '2008-11-28' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      birthday: { kind: 'underAge', minimumAge: 18 },
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
    expect(view(actor).shownFields).not.toContain('username');
    expect(view(actor).shownFields).not.toContain('payeeName');
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
    expect(view(actor).invalidInvitation).toBe(true);
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
    expect(view(actor).shownFields).not.toContain('affiliateCode');
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

  it('reports the registration once it is done (the machine, not a subscription in the view)', async () => {
    const { actor, finished } = startRegistration({});
    actor.send({ type: 'terms.toggle' });
    actor.send({ type: 'user.submit', values: validValues });
    expect(finished).not.toHaveBeenCalled();
    await flush();
    expect(finished).toHaveBeenCalledExactlyOnceWith({ account: 'alice01', mode: 'username' });
  });

  it('tells its captcha child of a type change, and only of a change', async () => {
    const { actor, captchaLoads } = startRegistration({});
    await flush();
    expect(captchaLoads).toEqual([1]);
    expect(actor.system.get('captcha')).toBe(view(actor).captcha);
    // A second later the throttle is open: the switch loads a new image at once.
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'mode.switch', mode: 'username' });
    await flush();
    expect(captchaLoads).toEqual([1]);
    actor.send({ type: 'mode.switch', mode: 'mobile' });
    await flush();
    expect(captchaLoads).toEqual([1, 2]);
    expect(view(actor).mode).toBe('mobile');
  });

  it('passes code requests to its countdown child; one it takes uses the form’s captcha up', async () => {
    const { actor, captchaLoads, codes } = startRegistration({ smsVerification: true, mode: 'mobile' });
    await vi.advanceTimersByTimeAsync(1000);
    const request = { countryDialingCode: '+84', mobileNo: '912345678', captchaId: 'c-1', captcha: 'ab12' };
    actor.send({ type: 'code.request', mobileValid: false, request });
    await flush();
    expect(codes).toEqual([]);
    expect(captchaLoads).toEqual([1]);
    actor.send({ type: 'code.request', mobileValid: true, request });
    await flush();
    expect(codes).toEqual([request]);
    expect(captchaLoads).toEqual([1, 2]);
    expect(view(actor).smsCountdown?.getSnapshot().value).toBe('counting');
    // While the button counts, a press is not taken and the new captcha stays.
    actor.send({ type: 'code.request', mobileValid: true, request });
    await vi.advanceTimersByTimeAsync(1000);
    expect(codes).toHaveLength(1);
    expect(captchaLoads).toEqual([1, 2]);
  });
});
