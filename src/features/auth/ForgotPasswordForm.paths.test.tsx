import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic } from 'xstate';
import { forgotPasswordWalks } from '../../../machines/forgotPassword.events.ts';
import {
  type ForgotPasswordContext,
  forgotPasswordMachine,
} from '../../../machines/forgotPassword.machine.ts';
import { passwordRule } from '../../../machines/login.events.ts';
import { ApiError } from '../../api/client.ts';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
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
} from './test/harness.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('./test/harness.tsx')).server.call,
}));

type M = (typeof forgotPasswordWalks)[number]['machine'];
/** The machine's events and those of its actors and delays. */
type Event = EventFromLogic<M> | InternalEvent;

/**
 * Exclusion — `error.dismiss`: a failed call shows an alert without a dismiss button (the next submit clears it),
 * so the view never sends it.
 */
const EXCLUDED = { transitions: ['editing:error.dismiss'] };

/**
 * The two walks of forgotPassword.events.ts, with the merchant settings that start the view the same way: the
 * password rule only (username and e-mail then simply required), both methods on (the tabs) for the e-mail start,
 * the phone method alone for the phone start.
 */
const WALKS = forgotPasswordWalks.map((w, i) => {
  const byEmail = i === 0;
  const offered = (s: AnyMachineSnapshot) =>
    (w.events as Event[]).filter(
      (e) =>
        e.type !== 'error.dismiss' &&
        // The tabs show only with both methods, and only the other tab changes anything.
        (e.type !== 'mode.switch' || (byEmail && e.mode !== (s.context as ForgotPasswordContext).mode)),
    );
  return { name: byEmail ? 'e-mail start' : 'phone start', byEmail, paths: viewPaths(w.machine, offered) };
});

const ENDPOINTS = {
  sendResetEmail: '/wps/member/password/email',
  resetByPhone: '/wps/member/password/verification',
};
const toApiError = (e: ThrownShape) =>
  new ApiError(e.code as ApiError['code'], e.message ?? '', e.fields, 400, e.captchaRequired);

const onDone = vi.fn();
const FIELDS = {
  email: { username: 'Username', email: 'Email' },
  phone: { mobileNum: 'Mobile number', verificationCode: 'Verification code', newPassword: 'New password' },
} as const;

const form = () => screen.queryByRole('form', { name: 'Forgot password' });

async function perform(event: Event, from: AnyMachineSnapshot) {
  const user = visitor();
  switch (event.type) {
    case 'mode.switch':
      return user.click(screen.getByRole('tab', { name: event.mode === 'email' ? 'By e-mail' : 'By phone' }));
    case 'user.submit': {
      const f = within(form()!);
      const mode = (from.context as ForgotPasswordContext).mode;
      for (const [field, label] of Object.entries(FIELDS[mode]))
        await fill(f.getByLabelText(label), event.values[field as keyof typeof event.values] ?? '');
      return user.click(f.getByRole('button', { name: mode === 'email' ? 'Send' : 'Set new password' }));
    }
    case 'dialog.close':
      return user.click(
        within(screen.getByRole('alertdialog', { name: 'E-mail sent' })).getByRole('button', { name: 'OK' }),
      );
    default:
      return answerActorEvent(event, ENDPOINTS, toApiError);
  }
}

function expectScreen(byEmail: boolean, state: AnyMachineSnapshot) {
  const c = state.context as ForgotPasswordContext;
  const sentDialog = screen.queryByRole('alertdialog', { name: 'E-mail sent' });
  if (state.status === 'done') expect(onDone).toHaveBeenCalledOnce();
  else expect(onDone).not.toHaveBeenCalled();

  // Spec §8: the "been out" dialog takes the form's place until OK.
  if (state.matches('emailSent')) {
    expect(sentDialog).toHaveTextContent('A temporary password has been sent out to your e-mail.');
    expect(form()).toBeNull();
    return;
  }
  expect(sentDialog).toBeNull();
  const f = within(form()!);

  if (byEmail)
    expect(screen.getByRole('tab', { name: 'By phone' })).toHaveAttribute(
      'aria-selected',
      String(c.mode === 'phone'),
    );
  else expect(screen.queryByRole('tab')).toBeNull();
  const controls = controlsByLabel(form()!);
  for (const mode of ['email', 'phone'] as const)
    for (const [field, label] of Object.entries(FIELDS[mode])) {
      const input = controls.get(label) ?? null;
      if (mode !== c.mode) {
        expect(input, field).toBeNull();
        continue;
      }
      expect(input, field).toHaveValue(c.values[field as keyof typeof c.values] ?? '');
      expectProblem(input!, c.fieldErrors[field]);
    }

  const busy = state.matches('sendingEmail') || state.matches('resettingByPhone');
  const submit = f.getByRole('button', { name: c.mode === 'email' ? 'Send' : 'Set new password' });
  if (busy) expect(submit).toBeDisabled();
  else expect(submit).toBeEnabled();

  expectFormError(form()!, c.error, c.fieldErrors);

  // What went to the server: the trimmed values of the form.
  if (state.matches('sendingEmail'))
    expect(server.next(ENDPOINTS.sendResetEmail).input).toEqual({
      body: { username: c.values.username?.trim(), email: c.values.email?.trim() },
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

  it('cover every state and transition the view can reach (both starts together)', () => {
    expectFullCoverage(
      forgotPasswordMachine,
      WALKS.flatMap((w) => w.paths),
      EXCLUDED,
    );
  });

  it.each(WALKS.flatMap((w) => w.paths.map((p) => [`${w.name}: ${p.name}`, w.byEmail, p] as const)))(
    '%s',
    async (_name, byEmail, path) => {
      await walk(
        path,
        () =>
          mount(
            <ForgotPasswordForm
              rules={[passwordRule]}
              countries={[{ countryCode: 'VN', countryDialingCode: '+84' }]}
              byEmail={byEmail}
              byPhone
              onDone={onDone}
            />,
          ),
        perform,
        (state) => expectScreen(byEmail, state),
      );
    },
  );
});
