import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic } from 'xstate';
import type { WhitelabelInfo } from '../../../contract/system.ts';
import { agentLoginWalk, loginWalk, passwordRule } from '../../../machines/login.events.ts';
import { type LoginContext, loginMachine, loginRequest } from '../../../machines/login.machine.ts';
import { demoMember } from '../../../machines/session.events.ts';
import { doneEvent } from '../../../machines/test/machineGraph.ts';
import type { WalkPath } from '../../../machines/test/transitionPaths.ts';
import { ApiError } from '../../api/client.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import {
  answerActorEvent,
  CAPTCHA_REPLY,
  controlsByLabel,
  expectFormError,
  expectFullCoverage,
  expectProblem,
  FIREBASE_OPTIONS,
  fill,
  firebaseError,
  type InternalEvent,
  mount,
  server,
  type ThrownShape,
  useFakeClock,
  useRealClock,
  viewPaths,
  visitor,
  walk,
} from '../../test/authHarness.tsx';
import { LoginForm } from './LoginForm.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));
vi.mock('./firebaseClient.ts', async () => (await import('../../test/authHarness.tsx')).fakeFirebase);

type M = typeof loginWalk.machine;
/** The machine's events and those of its actors and delays. */
type Event = EventFromLogic<M> | InternalEvent;

const machine = loginWalk.machine;

/**
 * The machine's representative events (the member info given the contract's shape, contract/member.ts), plus what
 * the SMS tab needs: the way back to the username tab and a complete SMS login.
 */
const EVENTS = [
  ...loginWalk.events.map((e: Event) =>
    e.type === 'xstate.done.actor.loadMemberInfo' ? doneEvent<M>('loadMemberInfo', demoMember) : e,
  ),
  { type: 'mode.set', mode: 'username' },
  {
    type: 'user.submit',
    values: { countryDialingCode: '+84', mobileNo: '912345678', verificationCode: '123456' },
  },
] as Event[];

/**
 * Exclusions — LoginForm (and NewPasswordFields) have no control that sends these events:
 *   - `login.close`: the modal's close button belongs to AuthModalsHost, which unmounts the form instead of sending
 *     the event, so the `closed` state is never entered from the view;
 *   - `error.dismiss` (in `editing` and `changingPassword.editing`): a failed call shows an alert without a dismiss
 *     button; the next submit clears it.
 */
const NO_CONTROL = new Set<string>(['login.close', 'error.dismiss']);
const EXCLUDED = {
  states: ['closed'],
  transitions: ['editing:login.close', 'editing:error.dismiss', 'changingPassword.editing:error.dismiss'],
};

/**
 * A tab sends `mode.set` only for the other mode (the selected one changes nothing); the code button (`code.request`,
 * passed on to the `smsCountdown` child) is on the SMS tab of the form only.
 */
const offered = (s: AnyMachineSnapshot) =>
  EVENTS.filter(
    (e) =>
      !NO_CONTROL.has(e.type) &&
      !(e.type === 'mode.set' && e.mode === (s.context as LoginContext).mode) &&
      (e.type !== 'code.request' || (s.matches('editing') && (s.context as LoginContext).mode === 'sms')),
  );
// States the view shows differently: the two tabs have different forms (and an SMS login never forces a password
// change), and the way out after a forced change tells the app to go home (`passwordChanged`).
const paths = viewPaths(machine, offered, (s) => {
  const c = s.context as LoginContext;
  const goesHome = c.passwordChanged && (s.matches('loadingInfo') || s.matches('done'));
  return `${JSON.stringify(s.value)} ${c.mode}${goesHome ? ' home' : ''}`;
});

const SIGN_IN = 'firebase:signIn';
const SEND_CODE = '/wps/verification/sms/noLogin';
const ENDPOINTS = {
  logIn: '/wps/session/login',
  changePassword: '/wps/member/password',
  loadMemberInfo: '/wps/member/info',
};
const toApiError = (e: ThrownShape) =>
  new ApiError(e.code as ApiError['code'], e.message ?? '', e.fields, 400, e.captchaRequired);

const onDone = vi.fn();
const COUNTRIES = [{ countryCode: 'VN', countryDialingCode: '+84' }];

/** A merchant with SMS login and Firebase options (so with the social login buttons). */
function mountLogin(agent = false) {
  mount(
    <LoginForm
      agent={agent}
      passwordRule={passwordRule}
      smsLogin
      countries={COUNTRIES}
      onDone={onDone}
      onForgot={() => {}}
      onRegister={() => {}}
    />,
    { queryData: [[whitelabelQuery().queryKey, { firebase: FIREBASE_OPTIONS } as WhitelabelInfo]] },
  );
}

/** The agent login is the same form under its own name. */
const loginForm = (c: LoginContext) => screen.getByRole('form', { name: c.agent ? 'Agent login' : 'Login' });
const forcedDialog = () => screen.queryByRole('dialog', { name: 'Change password' });

/** Does in the UI, or in the fake server, what the machine event stands for. */
async function perform(event: Event, from: AnyMachineSnapshot) {
  const user = visitor();
  const context = from.context as LoginContext;
  switch (event.type) {
    case 'mode.set':
      return user.click(screen.getByRole('tab', { name: event.mode === 'sms' ? 'SMS code' : 'Username' }));
    case 'user.submit': {
      const form = within(loginForm(context));
      const v = event.values;
      if (context.mode === 'sms') {
        await fill(form.getByLabelText('Mobile number'), v.mobileNo ?? '');
        await fill(form.getByLabelText('Verification code'), v.verificationCode ?? '');
      } else {
        await fill(form.getByLabelText('Username'), v.username ?? '');
        await fill(form.getByLabelText('Password'), v.password ?? '');
        if (context.captchaRequired) await fill(form.getByLabelText('Captcha'), v.captcha ?? '');
      }
      return user.click(form.getByRole('button', { name: 'Login' }));
    }
    case 'social.signIn':
      return user.click(screen.getByRole('button', { name: 'Log in with Google' }));
    case 'code.request': {
      const form = within(loginForm(context));
      await fill(form.getByLabelText('Mobile number'), event.request.mobileNo);
      await fill(form.getByLabelText('Captcha for the code'), 'ab12');
      return user.click(form.getByRole('button', { name: 'Send code' }));
    }
    // Firebase signs in first, then its ID token logs in like a password.
    case 'xstate.done.actor.socialLogIn':
      await server.reply(SIGN_IN, 'id-token-1');
      return server.reply(ENDPOINTS.logIn, event.output);
    case 'xstate.error.actor.socialLogIn':
      return server.fail(SIGN_IN, firebaseError((event.error as ThrownShape).code));
    case 'password.submit': {
      const dialog = within(forcedDialog()!);
      await fill(dialog.getByLabelText('New password'), event.values.newPassword);
      await fill(dialog.getByLabelText('Confirm new password'), event.values.confirmNewPassword);
      return user.click(dialog.getByRole('button', { name: 'Change password' }));
    }
    default:
      return answerActorEvent(event, ENDPOINTS, toApiError);
  }
}

const LOGIN_FIELDS = {
  username: 'Username',
  password: 'Password',
  captcha: 'Captcha',
  mobileNo: 'Mobile number',
  verificationCode: 'Verification code',
} as const;

/** The number typed for a code request after the last submit: the form shows it, the machine has it not yet. */
function typed(path: WalkPath<M>, i: number, field: string): string | undefined {
  const events = path.steps.slice(1, i + 1).map((s) => s.event as Event);
  const last = events.findLastIndex((e) => e.type === 'code.request' || e.type === 'user.submit');
  const e = events[last];
  return field === 'mobileNo' && e?.type === 'code.request' ? e.request.mobileNo : undefined;
}

/** What the visitor must see in each state (and what the view sent to the server to get there). */
function expectScreen(path: WalkPath<M>, state: AnyMachineSnapshot, i: number) {
  const c = state.context as LoginContext;
  const form = within(loginForm(c));
  const busy =
    state.matches('submitting') ||
    state.matches('signingInSocially') ||
    state.matches('loadingInfo') ||
    state.matches({ changingPassword: 'submitting' });

  // The login form: the fields of the mode, what was typed, the field problems, the failure.
  // The agent login is by username only: no tabs.
  if (c.agent) expect(screen.queryByRole('tab')).toBeNull();
  else
    expect(screen.getByRole('tab', { name: 'SMS code' })).toHaveAttribute(
      'aria-selected',
      String(c.mode === 'sms'),
    );
  const shown =
    c.mode === 'sms'
      ? (['mobileNo', 'verificationCode'] as const)
      : c.captchaRequired
        ? (['username', 'password', 'captcha'] as const)
        : (['username', 'password'] as const);
  const controls = controlsByLabel(loginForm(c));
  for (const field of Object.keys(LOGIN_FIELDS) as (keyof typeof LOGIN_FIELDS)[]) {
    const input = controls.get(LOGIN_FIELDS[field]) ?? null;
    if (!(shown as readonly string[]).includes(field)) {
      expect(input, field).toBeNull();
      continue;
    }
    expect(input, field).toHaveValue(typed(path, i, field) ?? c.values[field] ?? '');
    expectProblem(input!, c.fieldErrors[field]);
  }
  if (c.captchaRequired && c.mode === 'username')
    expect(form.getByRole('button', { name: 'New captcha image' }).querySelector('img')).toHaveAttribute(
      'src',
      CAPTCHA_REPLY.image,
    );

  const submit = form.getByRole('button', { name: busy ? 'Logging in…' : 'Login' });
  if (busy) expect(submit).toBeDisabled();
  else expect(submit).toBeEnabled();

  // The forced change replaces the way forward: a modal without a close button.
  const dialog = forcedDialog();
  if (state.matches('changingPassword')) {
    const d = within(dialog!);
    expect(d.getByText('For your security, choose a new password before you go on.')).toBeInTheDocument();
    expect(d.queryByRole('button', { name: 'Close' })).toBeNull();
    const change = d.getByRole('button', { name: 'Change password' });
    if (state.matches({ changingPassword: 'submitting' })) expect(change).toBeDisabled();
    else expect(change).toBeEnabled();
    expectProblem(d.getByLabelText('New password'), c.fieldErrors.newPassword);
    expectProblem(d.getByLabelText('Confirm new password'), c.fieldErrors.confirmNewPassword);
    expectFormError(dialog!, c.error, c.fieldErrors);
  } else {
    expect(dialog).toBeNull();
    // A failed social login says why under its buttons (Firebase's code in the spec's words), not in the form.
    if (c.socialError) expect(form.getByRole('alert')).toHaveTextContent('Popup closed, login failed');
    else expectFormError(loginForm(c), c.error, c.fieldErrors);
  }
  // The social buttons are busy while a social login runs (the agent login has none).
  if (!c.agent)
    expect(form.getByRole('button', { name: 'Log in with Google' })).toHaveProperty(
      'disabled',
      state.matches('signingInSocially'),
    );
  else expect(form.queryByRole('button', { name: 'Log in with Google' })).toBeNull();

  // What went to the server.
  if (state.matches('submitting'))
    expect(server.next(ENDPOINTS.logIn).input).toEqual({ body: loginRequest(c) });
  if (state.matches({ changingPassword: 'submitting' }))
    expect(server.next(ENDPOINTS.changePassword).input).toEqual({
      body: { ...c.newPassword, oldPassword: (c.values.password ?? '').trim() },
    });
  if (state.matches('signingInSocially')) expect(server.pending(SIGN_IN)).toHaveLength(1);
  if (state.matches('loadingInfo')) expect(server.pending(ENDPOINTS.loadMemberInfo)).toHaveLength(1);
  // The code button's requests go through the login machine to its countdown, which sends them.
  expect(server.sent(SEND_CODE).map((r) => r.input)).toEqual(
    path.steps
      .slice(0, i + 1)
      .filter((s) => s.event.type === 'code.request')
      .map(() => ({
        body: {
          countryDialingCode: '+84',
          mobileNo: '912345678',
          captchaId: CAPTCHA_REPLY.captchaId,
          captcha: 'ab12',
        },
      })),
  );
  // The token is stored as soon as the login succeeds (spec §4), before the member info comes.
  expect(sessionStorage.getItem('token')).toBe(c.token);

  // The form hands over only when the flow ended.
  if (state.status === 'done') expect(onDone).toHaveBeenCalledExactlyOnceWith(state.output);
  else expect(onDone).not.toHaveBeenCalled();
}

beforeEach(() => {
  useFakeClock();
  server.reset();
  server.answerAlways('/wps/captcha', () => CAPTCHA_REPLY);
  onDone.mockReset();
});
afterEach(() => {
  useRealClock();
});

describe('login: paths generated from the machine, walked against LoginForm', () => {
  it('cover every state and transition the view can reach', () => {
    expectFullCoverage(loginMachine, paths, EXCLUDED);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await walk(
      path,
      () => mountLogin(),
      perform,
      (state, i) => expectScreen(path, state, i),
    );
  });
});

/**
 * The agent login: the same walk without the SMS tab (so without `mode.set`), plus the server's refusal of a
 * non-agent, shown like any failed login; every username login carries `agent: true` (checked in `expectScreen`).
 */
const AGENT_ONLY_FORM = new Set<string>(['social.signIn', 'code.request']);
const AGENT_EVENTS = agentLoginWalk.events
  .map((e: Event) =>
    e.type === 'xstate.done.actor.loadMemberInfo' ? doneEvent<M>('loadMemberInfo', demoMember) : e,
  )
  .filter((e) => !NO_CONTROL.has(e.type) && !AGENT_ONLY_FORM.has(e.type)) as Event[];
const agentPaths = viewPaths(agentLoginWalk.machine, () => AGENT_EVENTS);

describe('agent login: paths generated from the machine, walked against LoginForm in agent mode', () => {
  it('cover every state and transition the view can reach', () => {
    expectFullCoverage(loginMachine, agentPaths, {
      ...EXCLUDED,
      // By username only, and no social login: no tabs, no code button, no social buttons.
      states: [...EXCLUDED.states, 'signingInSocially'],
      transitions: [
        ...EXCLUDED.transitions,
        'editing:mode.set',
        ':code.request',
        'editing:social.signIn',
        'signingInSocially:xstate.done.actor.socialLogIn',
        'signingInSocially:xstate.error.actor.socialLogIn',
      ],
    });
  });

  it('refuse a non-agent with the server’s words', () => {
    expect(agentPaths.some((p) => p.name.includes('error: logIn FORBIDDEN'))).toBe(true);
  });

  it.each(agentPaths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await walk(
      path,
      () => mountLogin(true),
      perform,
      (state, i) => expectScreen(path, state, i),
    );
  });
});
