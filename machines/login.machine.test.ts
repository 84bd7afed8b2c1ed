import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LoginReply } from '../contract/auth.ts';
import type { MemberInfo } from '../contract/member.ts';
import { captchaMachine } from './captcha.machine.ts';
import { connectLogin } from './login.connect.ts';
import { agentLoginWalk, loginWalk, passwordRule } from './login.events.ts';
import {
  type LoginMode,
  type LoginOutcome,
  type LoginRequest,
  loginMachine,
  type PasswordChange,
} from './login.machine.ts';
import { connectSmsCountdown } from './smsCountdown.connect.ts';
import { type SmsCodeRequest, type SmsCodeSent, smsCountdownMachine } from './smsCountdown.machine.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { coverage, transitionPaths } from './test/transitionPaths.ts';

describe('login: generated paths', () => {
  const paths = transitionPaths(loginWalk.machine, loginWalk.events);

  it('visit every state and take every declared transition', () => {
    expect([...coverage(paths).states].sort()).toEqual([
      '"closed"',
      '"done"',
      '"editing"',
      '"loadingInfo"',
      '"signingInSocially"',
      '"submitting"',
      '{"changingPassword":"editing"}',
      '{"changingPassword":"submitting"}',
    ]);
    const seen = walked(loginMachine, paths);
    expect([...seen.states].sort()).toEqual(statePaths(loginMachine).sort());
    for (const t of declaredTransitions(loginMachine)) expect(seen.transitions, t).toContain(t);
  });
});

describe('agent login: generated paths', () => {
  it('visit every state and take every declared transition but the tabs', () => {
    const seen = walked(loginMachine, transitionPaths(agentLoginWalk.machine, agentLoginWalk.events));
    expect([...seen.states].sort()).toEqual(statePaths(loginMachine).sort());
    for (const t of declaredTransitions(loginMachine).filter((t) => !t.endsWith(':mode.set')))
      expect(seen.transitions, t).toContain(t);
  });
});

const member = { id: 1, account: 'alice', nickname: 'Alice', type: 'member', agentType: 0 } as MemberInfo;
const welcome: LoginReply = { token: 't-1', firstTimeLogin: false, mustChangePassword: null };

/** The login modal with fake calls: `logIn` answers with `replies` in turn; `{ reject }` fails with that error. */
function startLogin(mode: LoginMode, replies: (LoginReply | { reject: unknown })[], agent?: boolean) {
  const calls = {
    logIn: [] as LoginRequest[],
    changePassword: [] as PasswordChange[],
    socialLogIn: [] as string[],
    loadMemberInfo: [] as string[],
  };
  const storeToken = vi.fn();
  const remembered: boolean[] = [];
  const firstLogin = vi.fn();
  const finished = vi.fn<(outcome: LoginOutcome) => void>();
  const logic = loginMachine.provide({
    actors: {
      logIn: fromPromise<LoginReply, LoginRequest>(async ({ input }) => {
        calls.logIn.push(input);
        const next = replies.shift()!;
        if ('reject' in next) throw next.reject;
        return next;
      }),
      changePassword: fromPromise<void, PasswordChange>(async ({ input }) => {
        calls.changePassword.push(input);
      }),
      socialLogIn: fromPromise<LoginReply, { provider: string }>(async ({ input }) => {
        calls.socialLogIn.push(input.provider);
        const next = replies.shift()!;
        if ('reject' in next) throw next.reject;
        return next;
      }),
      captcha: captchaMachine.provide({
        actors: { loadCaptcha: fromPromise(async () => ({ captchaId: 'c-1', image: 'img' })) },
      }),
      loadMemberInfo: fromPromise<MemberInfo, { token: string }>(async ({ input }) => {
        calls.loadMemberInfo.push(input.token);
        return member;
      }),
    },
    actions: {
      storeToken: (_, params) => {
        storeToken(params.token);
        remembered.push(params.remember);
      },
      firstLogin,
      finished: (_, outcome) => finished(outcome),
    },
  });
  const actor = createActor(logic, { input: { passwordRule, mode, agent } }).start();
  return { actor, calls, storeToken, remembered, firstLogin, finished };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('login: behaviour', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('requires username and password after trimming, and keeps what was typed', async () => {
    const { actor, calls } = startLogin('username', []);
    actor.send({ type: 'user.submit', values: { username: '  ', password: 'x' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ username: { kind: 'required' } });
    expect(actor.getSnapshot().context.values).toEqual({ username: '  ', password: 'x' });
    expect(calls.logIn).toHaveLength(0);
  });

  it('sms login requires the mobile number and the code', () => {
    const { actor } = startLogin('sms', []);
    actor.send({ type: 'user.submit', values: { countryDialingCode: '+84', mobileNo: '912345678' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ verificationCode: { kind: 'required' } });
  });

  it('logs in with trimmed values, stores the token, loads member info and sets the after-login flag', async () => {
    const { actor, calls, storeToken, remembered, firstLogin } = startLogin('username', [welcome]);
    actor.send({ type: 'user.submit', values: { username: ' alice ', password: ' secret1 ' } });
    await flush();
    expect(calls.logIn).toEqual([{ type: 'username', username: 'alice', password: 'secret1' }]);
    expect(storeToken).toHaveBeenCalledWith('t-1');
    expect(remembered).toEqual([false]);
    expect(firstLogin).not.toHaveBeenCalled();
    expect(calls.loadMemberInfo).toEqual(['t-1']);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ loggedIn: true, afterLogin: true, passwordChanged: false });
  });

  it('asks for a remembered session when remember-me is ticked, and keeps the token so', async () => {
    const { actor, calls, remembered } = startLogin('username', [welcome]);
    actor.send({ type: 'user.submit', values: { username: 'alice', password: 'secret1' }, remember: true });
    await flush();
    expect(calls.logIn).toEqual([
      { type: 'username', username: 'alice', password: 'secret1', remember: true },
    ]);
    expect(remembered).toEqual([true]);
  });

  it('runs the first-login action on a first login', async () => {
    const { actor, firstLogin } = startLogin('username', [{ ...welcome, firstTimeLogin: true }]);
    actor.send({ type: 'user.submit', values: { username: 'alice', password: 'secret1' } });
    await flush();
    expect(firstLogin).toHaveBeenCalledTimes(1);
  });

  it('forces a password change after a username login with the default password, then goes home', async () => {
    const { actor, calls, storeToken } = startLogin('username', [
      { ...welcome, mustChangePassword: 'default' },
    ]);
    actor.send({ type: 'user.submit', values: { username: 'alice', password: ' secret1 ' } });
    await flush();
    expect(connectLogin(actor.getSnapshot(), actor.send).forcedPasswordChange).toBe(true);
    expect(storeToken).toHaveBeenCalledWith('t-1');
    expect(calls.loadMemberInfo).toHaveLength(0);
    expect(actor.getSnapshot().can({ type: 'login.close' })).toBe(false);

    actor.send({ type: 'password.submit', values: { newPassword: 'abc', confirmNewPassword: 'abd' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      newPassword: { kind: 'pattern', patternId: 5, min: 6, max: 20 },
      confirmNewPassword: { kind: 'mismatch' },
    });
    actor.send({
      type: 'password.submit',
      values: { newPassword: 'better123', confirmNewPassword: 'better123' },
    });
    await flush();
    // The old password is the one typed at login (trimmed): the machine keeps it, not the view.
    expect(calls.changePassword).toEqual([
      { newPassword: 'better123', confirmNewPassword: 'better123', oldPassword: 'secret1' },
    ]);
    expect(calls.loadMemberInfo).toEqual(['t-1']);
    expect(actor.getSnapshot().output).toEqual({ loggedIn: true, afterLogin: false, passwordChanged: true });
  });

  it('never forces the change after an sms login, even with an expired password', async () => {
    const { actor, calls } = startLogin('sms', [{ ...welcome, mustChangePassword: 'expired' }]);
    actor.send({
      type: 'user.submit',
      values: { countryDialingCode: '+84', mobileNo: ' 912345678 ', verificationCode: ' 1234 ' },
    });
    await flush();
    expect(calls.logIn).toEqual([
      { type: 'sms', countryDialingCode: '+84', mobileNo: '912345678', verificationCode: '1234' },
    ]);
    expect(actor.getSnapshot().output).toEqual({ loggedIn: true, afterLogin: true, passwordChanged: false });
  });

  it('a failed login with the captcha flag shows the captcha, keeps the values and then requires an answer', async () => {
    const wrong = { code: 'UNAUTHORIZED', message: 'Wrong username or password', captchaRequired: true };
    const { actor, calls } = startLogin('username', [{ reject: wrong }, welcome]);
    const typed = { username: 'alice', password: 'oops' };
    actor.send({ type: 'user.submit', values: typed });
    await flush();
    const after = actor.getSnapshot();
    expect(after.value).toBe('editing');
    expect(after.context.error).toEqual({ code: 'UNAUTHORIZED', message: 'Wrong username or password' });
    expect(after.context.values).toEqual(typed);
    expect(connectLogin(after, actor.send).showCaptcha).toBe(true);

    actor.send({ type: 'user.submit', values: { ...typed, password: 'secret1' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ captcha: { kind: 'required' } });
    actor.send({
      type: 'user.submit',
      values: { ...typed, password: 'secret1', captchaId: 'c-9', captcha: ' 7f3k ' },
    });
    await flush();
    expect(calls.logIn[1]).toEqual({
      type: 'username',
      username: 'alice',
      password: 'secret1',
      captchaId: 'c-9',
      captcha: '7f3k',
    });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('an error without the flag (network) leaves the captcha as it was', async () => {
    const { actor } = startLogin('username', [{ reject: { code: 'NETWORK' } }]);
    actor.send({ type: 'user.submit', values: { username: 'alice', password: 'secret1' } });
    await flush();
    expect(actor.getSnapshot().context.captchaRequired).toBe(false);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'NETWORK' });
  });

  it('an agent login asks the server to refuse non-agents, and keeps its refusal like any failed login', async () => {
    const refused = { code: 'FORBIDDEN', message: 'Non-agents cannot log in' };
    const { actor, calls } = startLogin('username', [{ reject: refused }, welcome], true);
    actor.send({ type: 'user.submit', values: { username: ' player01 ', password: 'Player123' } });
    await flush();
    expect(calls.logIn).toEqual([
      { type: 'username', username: 'player01', password: 'Player123', agent: true },
    ]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual(refused);
    expect(calls.loadMemberInfo).toHaveLength(0);
    actor.send({ type: 'user.submit', values: { username: 'agent01', password: 'Agent1234' } });
    await flush();
    expect(calls.logIn[1]).toEqual({
      type: 'username',
      username: 'agent01',
      password: 'Agent1234',
      agent: true,
    });
    expect(actor.getSnapshot().output).toEqual({ loggedIn: true, afterLogin: true, passwordChanged: false });
  });

  it('closing the modal ends the flow without a login, and says so once', () => {
    const { actor, finished } = startLogin('username', []);
    actor.send({ type: 'login.close' });
    expect(actor.getSnapshot().output).toEqual({ loggedIn: false });
    expect(finished).toHaveBeenCalledExactlyOnceWith({ loggedIn: false });
  });

  it('reports the login once it is done (the machine, not a subscription in the view)', async () => {
    const { actor, finished } = startLogin('username', [welcome]);
    actor.send({ type: 'user.submit', values: { username: 'alice', password: 'secret1' } });
    expect(finished).not.toHaveBeenCalled();
    await flush();
    expect(finished).toHaveBeenCalledExactlyOnceWith({
      loggedIn: true,
      afterLogin: true,
      passwordChanged: false,
    });
  });

  it('a social login goes through the machine: token stored, member info loaded, never a forced change', async () => {
    const { actor, calls, storeToken, finished } = startLogin('username', [
      { ...welcome, token: 't-social', mustChangePassword: 'default' },
    ]);
    actor.send({ type: 'social.signIn', provider: 'google' });
    expect(connectLogin(actor.getSnapshot(), actor.send).socialBusy).toBe(true);
    await flush();
    expect(calls.socialLogIn).toEqual(['google']);
    expect(storeToken).toHaveBeenCalledWith('t-social');
    expect(calls.loadMemberInfo).toEqual(['t-social']);
    expect(finished).toHaveBeenCalledExactlyOnceWith({
      loggedIn: true,
      afterLogin: true,
      passwordChanged: false,
    });
  });

  it('a failed social login keeps its error apart from the form and the next try clears it', async () => {
    const { actor } = startLogin('username', [{ reject: { code: 'auth/popup-closed-by-user' } }, welcome]);
    actor.send({ type: 'social.signIn', provider: 'facebook' });
    await flush();
    const view = connectLogin(actor.getSnapshot(), actor.send);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(view.socialError).toEqual({ code: 'auth/popup-closed-by-user' });
    expect(view.error).toBeNull();
    actor.send({ type: 'social.signIn', provider: 'facebook' });
    expect(actor.getSnapshot().context.socialError).toBeNull();
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('runs the captcha and the SMS code button as its children, and passes code requests on', async () => {
    const sent: SmsCodeRequest[] = [];
    const actor = createActor(
      loginMachine.provide({
        actors: {
          captcha: captchaMachine.provide({
            actors: { loadCaptcha: fromPromise(async () => ({ captchaId: 'c-1', image: 'img' })) },
          }),
          smsCountdown: smsCountdownMachine.provide({
            actors: {
              sendCode: fromPromise<SmsCodeSent, SmsCodeRequest>(async ({ input }) => {
                sent.push(input);
                return { expiredMinutes: 1, expirationTime: '2030-01-01T00:01:00.000Z' };
              }),
              captcha: captchaMachine.provide({
                actors: { loadCaptcha: fromPromise(async () => ({ captchaId: 'sms-1', image: 'img' })) },
              }),
            },
          }),
        },
      }),
      { input: { passwordRule, mode: 'sms' } },
    );
    actor.start();
    const { captcha, smsCountdown } = connectLogin(actor.getSnapshot(), actor.send);
    expect(actor.system.get('captcha')).toBe(captcha);
    await flush();
    expect(captcha?.getSnapshot().context.captchaId).toBe('c-1');
    // The SMS tab shows no form captcha: the code button's own answers the request.
    const code = connectSmsCountdown(smsCountdown!.getSnapshot(), smsCountdown!.send);
    expect(code.captcha?.getSnapshot().context.captchaId).toBe('sms-1');
    code.answerCaptcha(' xy9 ', 'sms-1');
    const request = { countryDialingCode: '+84', mobileNo: '912345678' };
    connectLogin(actor.getSnapshot(), actor.send).requestCode(true, request);
    await flush();
    expect(sent).toEqual([{ ...request, captchaId: 'sms-1', captcha: 'xy9' }]);
    expect(smsCountdown?.getSnapshot().value).toBe('counting');
    actor.stop();
  });
});
