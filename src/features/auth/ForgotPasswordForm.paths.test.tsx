import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic } from 'xstate';
import { forgotPasswordWalks } from '../../../machines/forgotPassword.events.ts';
import {
  type ForgotPasswordContext,
  forgotPasswordMachine,
} from '../../../machines/forgotPassword.machine.ts';
import { passwordRule } from '../../../machines/login.events.ts';
import { tracedPath } from '../../../machines/test/transitionPaths.ts';
import { machineCoverage } from '../../../scripts/pathsCoverage.ts';
import { ApiError } from '../../api/client.ts';
import {
  answerActorEvent,
  controlsByLabel,
  expectFormError,
  expectFullCoverage,
  expectProblem,
  fill,
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
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

type M = (typeof forgotPasswordWalks)[number]['machine'];
/** The machine's events and those of its actors and delays. */
type Event = EventFromLogic<M> | InternalEvent;

/**
 * Exclusions — `error.dismiss`: a failed call shows an alert without a dismiss button (the next submit clears it),
 * so the view never sends it; `starting` only picks the first step (an eventless transition), no screen rests in it.
 */
const EXCLUDED = {
  states: ['starting'],
  transitions: ['editing:error.dismiss', 'enteringCode:error.dismiss'],
};

const STARTS = ['e-mail start', 'phone start', 'link start'] as const;

const codeStep = (s: AnyMachineSnapshot) => s.matches('enteringCode') || s.matches('resetting');
/** The form a state shows: the code step's, or the request form of its mode. */
const formOf = (s: AnyMachineSnapshot) => (codeStep(s) ? 'code' : (s.context as ForgotPasswordContext).mode);
const submitName = (s: AnyMachineSnapshot) => (formOf(s) === 'email' ? 'Send code' : 'Set new password');

/**
 * The three walks of forgotPassword.events.ts, with the merchant settings that start the view the same way: the
 * password rule only (username and e-mail then simply required), both methods on (the tabs) for the e-mail and link
 * starts, the phone method alone for the phone start; the link start with the link's code and username.
 */
const WALKS = forgotPasswordWalks.map((w, i) => {
  const start = STARTS[i]!;
  const byEmail = start !== 'phone start';
  const offered = (s: AnyMachineSnapshot) =>
    (w.events as Event[]).filter(
      (e) =>
        e.type !== 'error.dismiss' &&
        // The tabs show only with both methods, on the request form, and only the other tab changes anything.
        (e.type !== 'mode.switch' ||
          (byEmail && !codeStep(s) && e.mode !== (s.context as ForgotPasswordContext).mode)),
    );
  return { name: start, byEmail, paths: viewPaths(w.machine, offered) };
});

const ENDPOINTS = {
  requestResetCode: '/wps/member/password/email',
  resetWithCode: '/wps/member/password/reset',
  resetByPhone: '/wps/member/password/verification',
};
const toApiError = (e: ThrownShape) =>
  new ApiError(e.code as ApiError['code'], e.message ?? '', e.fields, 400, e.captchaRequired);

const onDone = vi.fn();
const FIELDS = {
  email: { username: 'Username', email: 'Email' },
  phone: { mobileNum: 'Mobile number', verificationCode: 'Verification code', newPassword: 'New password' },
  code: { username: 'Username', code: 'Code from the e-mail', newPassword: 'New password' },
} as const;

const form = () => screen.queryByRole('form', { name: 'Forgot password' });

async function perform(event: Event, from: AnyMachineSnapshot) {
  const user = visitor();
  switch (event.type) {
    case 'mode.switch':
      return user.click(screen.getByRole('tab', { name: event.mode === 'email' ? 'By e-mail' : 'By phone' }));
    case 'user.submit': {
      const f = within(form()!);
      for (const [field, label] of Object.entries(FIELDS[formOf(from)]))
        await fill(f.getByLabelText(label), event.values[field as keyof typeof event.values] ?? '');
      return user.click(f.getByRole('button', { name: submitName(from) }));
    }
    case 'code.enter':
      return user.click(
        within(screen.getByRole('region', { name: 'Code sent' })).getByRole('button', {
          name: 'Enter the code',
        }),
      );
    case 'code.resend':
      return user.click(within(form()!).getByRole('button', { name: 'Ask for a new code' }));
    case 'dialog.close':
      return user.click(
        within(screen.getByRole('region', { name: 'Password changed' })).getByRole('button', {
          name: 'Log in',
        }),
      );
    default:
      return answerActorEvent(event, ENDPOINTS, toApiError);
  }
}

function expectScreen(byEmail: boolean, state: AnyMachineSnapshot) {
  const c = state.context as ForgotPasswordContext;
  const sentDialog = screen.queryByRole('region', { name: 'Code sent' });
  const resetDialog = screen.queryByRole('region', { name: 'Password changed' });
  if (state.status === 'done') expect(onDone).toHaveBeenCalledOnce();
  else expect(onDone).not.toHaveBeenCalled();
  if (state.status === 'done') return;

  // Spec §8 "been out": the confirmation takes the form's place, and says no more than "if the account exists".
  if (state.matches('codeSent')) {
    expect(sentDialog).toHaveTextContent('If the username and e-mail match an account, a code has been sent');
    expect(sentDialog).toHaveTextContent('within 15 minutes');
    // A status, focused: read out at once and seen where the form was.
    expect(within(sentDialog!).getByRole('status')).toHaveFocus();
    expect(form()).toBeNull();
    return;
  }
  expect(sentDialog).toBeNull();
  if (state.matches('passwordReset')) {
    expect(resetDialog).toHaveTextContent('Your password has been changed');
    expect(within(resetDialog!).getByRole('status')).toHaveFocus();
    expect(form()).toBeNull();
    return;
  }
  expect(resetDialog).toBeNull();
  const f = within(form()!);

  if (byEmail && !codeStep(state))
    expect(screen.getByRole('tab', { name: 'By phone' })).toHaveAttribute(
      'aria-selected',
      String(c.mode === 'phone'),
    );
  else expect(screen.queryByRole('tab')).toBeNull();
  const shown = formOf(state);
  const controls = controlsByLabel(form()!);
  const labels = new Set<string>(Object.values(FIELDS).flatMap((fields) => Object.values(fields)));
  const fieldOf = new Map<string, string>(
    Object.entries(FIELDS[shown]).map(([field, label]) => [label, field]),
  );
  for (const label of labels) {
    const input = controls.get(label) ?? null;
    const field = fieldOf.get(label);
    if (!field) {
      expect(input, label).toBeNull();
      continue;
    }
    expect(input, field).toHaveValue(c.values[field as keyof typeof c.values] ?? '');
    expectProblem(input!, c.fieldErrors[field]);
  }
  if (codeStep(state)) expect(f.getByRole('button', { name: 'Ask for a new code' })).toBeInTheDocument();
  else expect(f.queryByRole('button', { name: 'Ask for a new code' })).toBeNull();

  const busy =
    state.matches('requestingCode') || state.matches('resetting') || state.matches('resettingByPhone');
  const submit = f.getByRole('button', { name: submitName(state) });
  if (busy) expect(submit).toBeDisabled();
  else expect(submit).toBeEnabled();

  expectFormError(form()!, c.error, c.fieldErrors);

  // What went to the server: the trimmed values of the form.
  if (state.matches('requestingCode'))
    expect(server.next(ENDPOINTS.requestResetCode).input).toEqual({
      body: { username: c.values.username?.trim(), email: c.values.email?.trim() },
    });
  if (state.matches('resetting'))
    expect(server.next(ENDPOINTS.resetWithCode).input).toEqual({
      body: {
        username: c.values.username?.trim(),
        code: c.values.code?.trim(),
        newPassword: c.values.newPassword,
      },
    });
  if (state.matches('resettingByPhone'))
    expect(server.next(ENDPOINTS.resetByPhone).input).toEqual({
      body: {
        countryDialingCode: c.values.countryDialingCode,
        mobileNum: c.values.mobileNum?.trim(),
        verificationCode: c.values.verificationCode?.trim(),
        newPassword: c.values.newPassword,
      },
    });
}

describe('forgot password: paths generated from the machine, walked against ForgotPasswordForm', () => {
  beforeEach(() => {
    useFakeClock();
    server.reset();
    onDone.mockReset();
  });
  afterEach(() => {
    useRealClock();
  });

  it('cover every state and transition the view can reach (the three starts together)', () => {
    expectFullCoverage(
      forgotPasswordMachine,
      WALKS.flatMap((w) => w.paths),
      EXCLUDED,
    );
  });

  it('take every guarded branch (which form a submit opens, which start a link makes)', () => {
    const traced = forgotPasswordWalks.flatMap((w, i) =>
      WALKS[i]!.paths.map((p) => tracedPath(w.machine as M, p)),
    );
    const c = machineCoverage(forgotPasswordMachine, traced as never);
    expect(c.branches.missing).toEqual([]);
    expect(c.branches.total).toBe(7);
  });

  it.each(WALKS.flatMap((w) => w.paths.map((p) => [`${w.name}: ${p.name}`, w.name, p] as const)))(
    '%s',
    async (_name, start, path) => {
      await walk(
        path,
        () =>
          mount(
            <ForgotPasswordForm
              rules={[passwordRule]}
              countries={[{ countryCode: 'VN', countryDialingCode: '+84' }]}
              byEmail={start !== 'phone start'}
              byPhone
              link={start === 'link start' ? { resetCode: 'K7QH3MZP', username: 'alice' } : undefined}
              onDone={onDone}
            />,
          ),
        perform,
        (state) => expectScreen(start !== 'phone start', state),
      );
    },
  );
});
