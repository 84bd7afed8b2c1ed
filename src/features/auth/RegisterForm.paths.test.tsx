import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic } from 'xstate';
import type { RegisterField } from '../../../contract/auth.ts';
import { demoRules, registrationWalk } from '../../../machines/registration.events.ts';
import {
  INVALID_INVITATION,
  type RegisterMode,
  type RegistrationContext,
  registrationMachine,
} from '../../../machines/registration.machine.ts';
import { demoMember } from '../../../machines/session.events.ts';
import { doneEvent, withInput } from '../../../machines/test/machineGraph.ts';
import type { WalkPath } from '../../../machines/test/transitionPaths.ts';
import { ApiError } from '../../api/client.ts';
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
import { RegisterForm } from './RegisterForm.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));
vi.mock('./firebaseClient.ts', async () => (await import('../../test/authHarness.tsx')).fakeFirebase);

type M = typeof registrationWalk.machine;
/** The machine's events and those of its actors and delays. */
type Event = EventFromLogic<M> | InternalEvent;

/** The machine's representative events (the member info given the contract's shape, contract/member.ts). */
const EVENTS = [
  ...registrationWalk.events.map((e: Event) =>
    e.type === 'xstate.done.actor.loadMemberInfo' ? doneEvent<M>('loadMemberInfo', demoMember) : e,
  ),
  { type: 'mode.switch', mode: 'mobile' },
] as Event[];

const warningOpen = (s: AnyMachineSnapshot) =>
  (s.context as RegistrationContext).error?.code === INVALID_INVITATION;

/**
 * Three starts, as the merchant's settings give them (SMS verification on, no affiliate code in the URL): both
 * registration types (the tabs, username first); the mobile type alone with Firebase options (Firebase sends the SMS
 * and confirms the code before the registration call); the mobile type alone without them. The last one has the
 * states, transitions and screens of the Firebase start, less the check: of its paths, only those that reach the
 * registration call (whose body has no Firebase token) are walked.
 */
const WALKS = [
  { name: 'username start', mode: 'username', tabs: true, firebase: false },
  { name: 'mobile start, Firebase', mode: 'mobile', tabs: false, firebase: true },
  { name: 'mobile start', mode: 'mobile', tabs: false, firebase: false, onlyToRegistering: true },
].map((w) => {
  const machine = withInput(registrationMachine, {
    rules: demoRules,
    firebase: w.firebase,
    smsVerification: true,
    mode: w.mode as RegisterMode,
  });
  const offered = (s: AnyMachineSnapshot): Event[] =>
    // The invalid-invitation warning (spec §8) is a modal: its OK (or close) is all the visitor can reach.
    warningOpen(s)
      ? EVENTS.filter((e) => e.type === 'error.dismiss')
      : EVENTS.filter(
          (e) =>
            // Other failures show an alert without a dismiss button: the next submit clears them.
            e.type !== 'error.dismiss' &&
            // The code button is in the mobile form (sent on to the `smsCountdown` child).
            (e.type !== 'code.request' ||
              (s.matches('editing') && (s.context as RegistrationContext).mode === 'mobile')) &&
            (e.type !== 'mode.switch' || (w.tabs && e.mode !== (s.context as RegistrationContext).mode)),
        );
  // The warning takes over the screen although the state stays `editing.termsAccepted`.
  const paths = viewPaths(
    machine,
    offered,
    (s) => `${JSON.stringify(s.value)}${warningOpen(s) ? ' warning' : ''}`,
  );
  return {
    ...w,
    paths: w.onlyToRegistering
      ? paths.filter((p) => p.steps.some((s) => s.state.matches('registering')))
      : paths,
  };
});
type Walk = (typeof WALKS)[number];

const toApiError = (e: ThrownShape) =>
  new ApiError(e.code as ApiError['code'], e.message ?? '', e.fields, 400, e.captchaRequired);
const CONFIRM = 'firebase:confirmSms';
const REGISTER = { username: '/wps/member/register', mobile: '/wps/member/register/mobile' };
const endpoints = (mode: RegisterMode) => ({
  checkAffiliate: '/wps/agent/affiliate',
  register: REGISTER[mode],
  loadMemberInfo: '/wps/member/info',
});

/** The fields the demo rules show in each form, in the merchant's order (payee name is switched off). */
const SHOWN: Record<RegisterMode, RegisterField[]> = {
  username: ['username', 'password', 'confirmPassword', 'email', 'mobileNum', 'affiliateCode', 'captcha'],
  mobile: [
    'password',
    'confirmPassword',
    'email',
    'mobileNum',
    'verificationCode',
    'affiliateCode',
    'captcha',
  ],
};
const LABEL: Partial<Record<RegisterField, string>> = {
  username: 'Username',
  password: 'Password',
  confirmPassword: 'Confirm password',
  email: 'Email',
  mobileNum: 'Mobile number',
  verificationCode: 'Verification code',
  affiliateCode: 'Invitation code',
  captcha: 'Captcha',
  payeeName: 'Real name',
};

const onDone = vi.fn();
const formElement = () => screen.getByRole('form', { name: 'Register' });
const form = () => within(formElement());
const warning = () => screen.queryByRole('dialog', { name: 'Warning' });

async function perform(event: Event, from: AnyMachineSnapshot) {
  const user = visitor();
  const c = from.context as RegistrationContext;
  switch (event.type) {
    case 'mode.switch':
      return user.click(
        screen.getByRole('tab', { name: event.mode === 'mobile' ? 'By mobile' : 'By username' }),
      );
    case 'terms.toggle':
      return user.click(form().getByRole('checkbox'));
    case 'user.submit': {
      for (const field of SHOWN[c.mode])
        await fill(form().getByLabelText(LABEL[field]!), event.values[field] ?? '');
      return user.click(form().getByRole('button', { name: 'Register' }));
    }
    case 'error.dismiss':
      return user.click(within(warning()!).getByRole('button', { name: 'OK' }));
    case 'code.request':
      await fill(form().getByLabelText('Mobile number'), event.request.mobileNo);
      return user.click(form().getByRole('button', { name: 'Send code' }));
    case 'xstate.done.actor.verifyFirebaseSms':
      return server.reply(CONFIRM, (event.output as { firebaseIdToken: string }).firebaseIdToken);
    case 'xstate.error.actor.verifyFirebaseSms':
      return server.fail(CONFIRM, firebaseError((event.error as ThrownShape).code));
    default:
      return answerActorEvent(event, endpoints(c.mode), toApiError);
  }
}

/** The number typed for a code request after the last submit: the form shows it, the machine has it not yet. */
function typed(path: WalkPath<M>, i: number, field: string): string | undefined {
  const events = path.steps.slice(1, i + 1).map((s) => s.event as Event);
  const last = events.findLastIndex((e) => e.type === 'code.request' || e.type === 'user.submit');
  const e = events[last];
  return field === 'mobileNum' && e?.type === 'code.request' ? e.request.mobileNo : undefined;
}

function expectScreen({ tabs, firebase }: Walk, path: WalkPath<M>, state: AnyMachineSnapshot, i: number) {
  const c = state.context as RegistrationContext;
  const element = formElement();
  const f = within(element);

  if (tabs)
    expect(screen.getByRole('tab', { name: 'By mobile' })).toHaveAttribute(
      'aria-selected',
      String(c.mode === 'mobile'),
    );
  else expect(screen.queryByRole('tab')).toBeNull();

  // The fields of the form's type, with what was typed (kept after a failure) and their problems.
  const controls = controlsByLabel(element);
  const labels = Object.values(LABEL);
  expect([...controls.keys()].filter((l) => labels.includes(l))).toEqual(SHOWN[c.mode].map((f) => LABEL[f]));
  for (const [field, label] of Object.entries(LABEL) as [RegisterField, string][]) {
    const input = controls.get(label) ?? null;
    if (!SHOWN[c.mode].includes(field)) {
      expect(input, field).toBeNull();
      continue;
    }
    expect(input, field).toHaveValue(typed(path, i, field) ?? c.values[field] ?? '');
    expectProblem(input!, c.fieldErrors[field]);
  }

  // Spec §2: the Register button waits for the terms, and is busy while the calls run.
  expect(f.getByRole('checkbox')).toHaveProperty('checked', !state.matches({ editing: 'termsPending' }));
  const busy = ['checkingInvitation', 'verifyingFirebase', 'registering', 'loadingInfo'].some((s) =>
    state.matches(s),
  );
  const submit = f.getByRole('button', { name: busy ? 'Registering…' : 'Register' });
  if (state.matches({ editing: 'termsAccepted' })) expect(submit).toBeEnabled();
  else expect(submit).toBeDisabled();

  // Spec §8: an invalid invitation is a warning popup with OK; other failures an alert in the form.
  if (warningOpen(state)) {
    expect(within(warning()!).getByText('Invalid invitation code')).toBeInTheDocument();
    expect(f.queryByRole('alert')).toBeNull();
  } else {
    expect(warning()).toBeNull();
    // A Firebase failure ('auth/…') shows Firebase's own English message, not the spec §8 words that
    // firebaseErrors.ts has for it (SmsCodeField uses them): only the alert's presence is checked.
    if (c.error?.code.startsWith('auth/')) expect(f.getByRole('alert')).toBeInTheDocument();
    else expectFormError(element, c.error, c.fieldErrors);
  }

  // What went to the server.
  const v = c.values;
  if (state.matches('checkingInvitation'))
    expect(server.next('/wps/agent/affiliate').input).toEqual({
      query: { code: v.affiliateCode?.trim(), domain: window.location.hostname },
    });
  if (state.matches('registering') && !c.firebaseIdToken)
    expect(server.next(REGISTER[c.mode]).input.body).not.toHaveProperty('firebaseIdToken');
  if (state.matches('registering'))
    expect(server.next(REGISTER[c.mode]).input).toEqual({
      body: expect.objectContaining({
        ...(c.mode === 'username'
          ? { username: v.username }
          : {
              countryDialingCode: v.countryDialingCode,
              mobileNum: v.mobileNum,
              verificationCode: v.verificationCode,
            }),
        password: v.password,
        confirmPassword: v.confirmPassword,
        captchaId: CAPTCHA_REPLY.captchaId,
        captcha: v.captcha,
        login: true,
        ...(v.affiliateCode ? { affiliateCode: v.affiliateCode.trim() } : {}),
      }),
    });
  if (state.matches('loadingInfo')) expect(server.pending('/wps/member/info')).toHaveLength(1);
  // A code request goes through the registration machine to its countdown, which sends it (Firebase or us).
  const requests = path.steps.slice(1, i + 1).filter((s) => s.event.type === 'code.request').length;
  expect(server.sent(firebase ? 'firebase:sendSms' : '/wps/verification/sms/register')).toHaveLength(
    requests,
  );
  // The new account is logged in as soon as the reply carries a token (spec §4).
  expect(sessionStorage.getItem('token')).toBe(c.token);

  if (state.status === 'done') expect(onDone).toHaveBeenCalledExactlyOnceWith(state.output);
  else expect(onDone).not.toHaveBeenCalled();
}

describe('registration: paths generated from the machine, walked against RegisterForm', () => {
  beforeEach(() => {
    useFakeClock();
    server.reset();
    server.answerAlways('/wps/captcha', () => CAPTCHA_REPLY);
    onDone.mockReset();
  });
  afterEach(() => {
    useRealClock();
  });

  it('cover every state and transition (all starts together)', () => {
    expectFullCoverage(
      registrationMachine,
      WALKS.flatMap((w) => w.paths),
      {},
    );
  });

  it.each(WALKS.flatMap((w) => w.paths.map((p) => [`${w.name}: ${p.name}`, w, p] as const)))(
    '%s',
    async (_name, w, path) => {
      await walk(
        path,
        () =>
          mount(
            <RegisterForm
              rules={demoRules}
              countries={[{ countryCode: 'VN', countryDialingCode: '+84' }]}
              ageLimit={18}
              smsVerification
              usernameMode={w.tabs}
              mobileMode
              firebase={w.firebase ? FIREBASE_OPTIONS : null}
              onDone={onDone}
            />,
            { router: true },
          ),
        perform,
        (state, i) => expectScreen(w, path, state, i),
      );
    },
  );
});
