import { assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import type { RegisterFieldRule } from '../contract/auth.ts';
import { checkField } from '../contract/registerRules.ts';
import {
  type FieldErrors,
  type FlowError,
  fieldErrors,
  readFlowError,
  requiredRule,
  serverFieldErrors,
} from './form.ts';

/**
 * Forgot password (spec §4 modals, §5 "Forgot by email / by phone", §8 "Forgot by email success").
 *
 * States:
 *   - `editing`: the form of `mode` ('email' | 'phone', `mode.switch`). `user.submit` { values } is checked —
 *     email: username and email, each by its rule; phone: mobile number, SMS code, new password by
 *     `input.passwordRule` — problems land in `fieldErrors` and the form stays;
 *   - `sendingEmail`: actor `sendResetEmail` { username, email }, then
 *   - `emailSent`: the success dialog ("been out" message); `dialog.close` ends the flow;
 *   - `resettingByPhone`: actor `resetByPhone` { countryDialingCode, mobileNum, verificationCode, newPassword };
 *   - `done` (final), output `{ mode }`: the view closes the modal.
 *   A failed call returns to `editing` with `error` (and server field messages in `fieldErrors`); values stay.
 * Other events: `error.dismiss`. The phone form's SMS button is a smsCountdown actor with
 * `countFrom: 'expirationTime'`.
 * Context the views read: `mode`, `values`, `fieldErrors`, `error`.
 */

export type ForgotMode = 'email' | 'phone';
export type ForgotField =
  | 'username'
  | 'email'
  | 'countryDialingCode'
  | 'mobileNum'
  | 'verificationCode'
  | 'newPassword';
export type ForgotValues = Partial<Record<ForgotField, string>>;
export interface ResetEmailRequest {
  username: string;
  email: string;
}
export interface PhoneResetRequest {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
}

export interface ForgotPasswordInput {
  passwordRule: RegisterFieldRule;
  /** The merchant's username and email rules when known; otherwise both are simply required. */
  usernameRule?: RegisterFieldRule;
  emailRule?: RegisterFieldRule;
  mode?: ForgotMode;
}

export interface ForgotPasswordContext {
  rules: { username: RegisterFieldRule; email: RegisterFieldRule; newPassword: RegisterFieldRule };
  mode: ForgotMode;
  values: ForgotValues;
  fieldErrors: FieldErrors;
  error: FlowError | null;
}

export type ForgotPasswordEvent =
  | { type: 'mode.switch'; mode: ForgotMode }
  | { type: 'user.submit'; values: ForgotValues }
  | { type: 'dialog.close' }
  | { type: 'error.dismiss' };

/** The fields of each form are always needed, whatever else the merchant's rule says. */
const needed = (rule: RegisterFieldRule): RegisterFieldRule => ({ ...rule, enabled: true, required: true });

/** Spec §5: what is wrong with the form of the current mode. */
export function forgotProblems(
  c: Pick<ForgotPasswordContext, 'rules' | 'mode'>,
  v: ForgotValues,
): FieldErrors {
  if (c.mode === 'email')
    return fieldErrors({
      // Checked as they are sent: trimmed.
      username: checkField(c.rules.username, v.username?.trim()),
      email: checkField(c.rules.email, v.email?.trim()),
    });
  return fieldErrors({
    mobileNum: checkField(requiredRule('mobileNum'), v.mobileNum),
    verificationCode: checkField(requiredRule('verificationCode'), v.verificationCode),
    newPassword: checkField(c.rules.newPassword, v.newPassword),
  });
}

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as ForgotPasswordInput,
    output: {} as { mode: ForgotMode },
  },
  actors: {
    sendResetEmail: fromPromise<void, ResetEmailRequest>(async () => {
      throw new Error('sendResetEmail must be provided');
    }),
    resetByPhone: fromPromise<void, PhoneResetRequest>(async () => {
      throw new Error('resetByPhone must be provided');
    }),
  },
  guards: {
    hasProblems: (_, problems: FieldErrors) => Object.keys(problems).length > 0,
    isEmailMode: ({ context }) => context.mode === 'email',
  },
  actions: {
    switchMode: assign((_, mode: ForgotMode) => ({ mode, fieldErrors: {}, error: null })),
    showProblems: assign((_, p: { values: ForgotValues; problems: FieldErrors }) => ({
      values: p.values,
      fieldErrors: p.problems,
    })),
    acceptValues: assign((_, values: ForgotValues) => ({ values, fieldErrors: {}, error: null })),
    keepError: assign((_, thrown: unknown) => ({
      error: readFlowError(thrown),
      fieldErrors: serverFieldErrors(thrown),
    })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'forgotPassword',
  initial: 'editing',
  context: ({ input }) => ({
    rules: {
      username: needed(input.usernameRule ?? requiredRule('username')),
      email: needed(input.emailRule ?? requiredRule('email')),
      newPassword: needed(input.passwordRule),
    },
    mode: input.mode ?? 'email',
    values: {},
    fieldErrors: {},
    error: null,
  }),
  output: ({ context }) => ({ mode: context.mode }),
  states: {
    editing: {
      on: {
        'user.submit': [
          {
            guard: {
              type: 'hasProblems',
              params: ({ context, event }) => forgotProblems(context, event.values),
            },
            actions: {
              type: 'showProblems',
              params: ({ context, event }) => ({
                values: event.values,
                problems: forgotProblems(context, event.values),
              }),
            },
          },
          {
            guard: 'isEmailMode',
            target: 'sendingEmail',
            actions: { type: 'acceptValues', params: ({ event }) => event.values },
          },
          {
            target: 'resettingByPhone',
            actions: { type: 'acceptValues', params: ({ event }) => event.values },
          },
        ],
        'mode.switch': { actions: { type: 'switchMode', params: ({ event }) => event.mode } },
        'error.dismiss': { actions: 'clearError' },
      },
    },
    sendingEmail: {
      invoke: {
        id: 'sendResetEmail',
        src: 'sendResetEmail',
        input: ({ context: { values } }) => ({
          username: (values.username ?? '').trim(),
          email: (values.email ?? '').trim(),
        }),
        onDone: 'emailSent',
        onError: {
          target: 'editing',
          actions: { type: 'keepError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    emailSent: {
      on: { 'dialog.close': 'done' },
    },
    resettingByPhone: {
      invoke: {
        id: 'resetByPhone',
        src: 'resetByPhone',
        input: ({ context: { values } }) => ({
          countryDialingCode: values.countryDialingCode ?? '',
          mobileNum: (values.mobileNum ?? '').trim(),
          verificationCode: (values.verificationCode ?? '').trim(),
          newPassword: values.newPassword ?? '',
        }),
        onDone: 'done',
        onError: {
          target: 'editing',
          actions: { type: 'keepError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    done: { type: 'final' },
  },
});
