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
 *   - `starting` (eventless): a reset link (`input.resetCode`) opens `enteringCode`, else `editing`;
 *   - `editing`: the form of `mode` ('email' | 'phone', `mode.switch`). `user.submit` { values } is checked —
 *     email: username and email, each by its rule; phone: mobile number, SMS code, new password by
 *     `input.passwordRule` — problems land in `fieldErrors` and the form stays;
 *   - `requestingCode`: actor `requestResetCode` { username, email }, then
 *   - `codeSent`: "if the account exists, a code was sent" (the server answers the same either way); `code.enter`
 *     goes on to
 *   - `enteringCode`: username, the e-mailed code and the new password (`user.submit`, checked the same way);
 *     `code.resend` goes back to `editing` to ask for another code;
 *   - `resetting`: actor `resetWithCode` { username, code, newPassword };
 *   - `resettingByPhone`: actor `resetByPhone` { countryDialingCode, mobileNum, verificationCode, newPassword };
 *   - `passwordReset`: the new password is set (every session ended); `dialog.close` ends the flow;
 *   - `done` (final), output `{ mode }`: the view goes on to the login.
 *   A failed call returns to the form it came from with `error` (and server field messages in `fieldErrors`);
 *   values stay.
 * Other events: `error.dismiss`. The phone form's SMS button is a smsCountdown actor with
 * `countFrom: 'expirationTime'`.
 * Context the views read: `mode`, `values`, `fieldErrors`, `error`.
 */

export type ForgotMode = 'email' | 'phone';
export type ForgotField =
  | 'username'
  | 'email'
  | 'code'
  | 'countryDialingCode'
  | 'mobileNum'
  | 'verificationCode'
  | 'newPassword';
export type ForgotValues = Partial<Record<ForgotField, string>>;
export interface ResetCodeRequest {
  username: string;
  email: string;
}
export interface CodeResetRequest {
  username: string;
  code: string;
  newPassword: string;
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
  /** From the e-mailed link (`/?resetCode=…&username=…`): the flow opens at the code step with them filled in. */
  resetCode?: string;
  username?: string;
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
  | { type: 'code.enter' }
  | { type: 'code.resend' }
  | { type: 'dialog.close' }
  | { type: 'error.dismiss' };

/** The fields of each form are always needed, whatever else the merchant's rule says. */
const needed = (rule: RegisterFieldRule): RegisterFieldRule => ({ ...rule, enabled: true, required: true });

/** Spec §5: what is wrong with the request form of the current mode. */
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

/** What is wrong with the code step: the username by its rule, a code, the new password by the password rule. */
export function resetProblems(c: Pick<ForgotPasswordContext, 'rules'>, v: ForgotValues): FieldErrors {
  return fieldErrors({
    username: checkField(c.rules.username, v.username?.trim()),
    // A code is a verification code by another name: required, any text.
    code: checkField(requiredRule('verificationCode'), v.code?.trim()),
    newPassword: checkField(c.rules.newPassword, v.newPassword),
  });
}

const failed = {
  actions: { type: 'keepError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
} as const;

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as ForgotPasswordInput,
    output: {} as { mode: ForgotMode },
  },
  actors: {
    requestResetCode: fromPromise<void, ResetCodeRequest>(async () => {
      throw new Error('requestResetCode must be provided');
    }),
    resetWithCode: fromPromise<void, CodeResetRequest>(async () => {
      throw new Error('resetWithCode must be provided');
    }),
    resetByPhone: fromPromise<void, PhoneResetRequest>(async () => {
      throw new Error('resetByPhone must be provided');
    }),
  },
  guards: {
    hasProblems: (_, problems: FieldErrors) => Object.keys(problems).length > 0,
    isEmailMode: ({ context }) => context.mode === 'email',
    openedFromLink: ({ context }) => Boolean(context.values.code),
  },
  actions: {
    /** The form is over (the app closes it: the login comes next). */
    finished: () => {},
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
    /** Back to the request: the old code is of no more use (a new request makes it void). */
    forgetCode: assign(({ context: { values } }) => {
      const { code: _code, ...rest } = values;
      return { values: rest, fieldErrors: {}, error: null };
    }),
  },
}).createMachine({
  id: 'forgotPassword',
  initial: 'starting',
  context: ({ input }) => ({
    rules: {
      username: needed(input.usernameRule ?? requiredRule('username')),
      email: needed(input.emailRule ?? requiredRule('email')),
      newPassword: needed(input.passwordRule),
    },
    mode: input.resetCode ? 'email' : (input.mode ?? 'email'),
    values: input.resetCode ? { username: input.username ?? '', code: input.resetCode } : {},
    fieldErrors: {},
    error: null,
  }),
  output: ({ context }) => ({ mode: context.mode }),
  states: {
    starting: {
      always: [{ guard: 'openedFromLink', target: 'enteringCode' }, { target: 'editing' }],
    },
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
            target: 'requestingCode',
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
    requestingCode: {
      invoke: {
        id: 'requestResetCode',
        src: 'requestResetCode',
        input: ({ context: { values } }) => ({
          username: (values.username ?? '').trim(),
          email: (values.email ?? '').trim(),
        }),
        onDone: 'codeSent',
        onError: { target: 'editing', ...failed },
      },
    },
    codeSent: {
      on: { 'code.enter': 'enteringCode' },
    },
    enteringCode: {
      on: {
        'user.submit': [
          {
            guard: {
              type: 'hasProblems',
              params: ({ context, event }) => resetProblems(context, event.values),
            },
            actions: {
              type: 'showProblems',
              params: ({ context, event }) => ({
                values: event.values,
                problems: resetProblems(context, event.values),
              }),
            },
          },
          {
            target: 'resetting',
            actions: { type: 'acceptValues', params: ({ event }) => event.values },
          },
        ],
        'code.resend': { target: 'editing', actions: 'forgetCode' },
        'error.dismiss': { actions: 'clearError' },
      },
    },
    resetting: {
      invoke: {
        id: 'resetWithCode',
        src: 'resetWithCode',
        input: ({ context: { values } }) => ({
          username: (values.username ?? '').trim(),
          code: (values.code ?? '').trim(),
          newPassword: values.newPassword ?? '',
        }),
        onDone: 'passwordReset',
        onError: { target: 'enteringCode', ...failed },
      },
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
        onDone: 'passwordReset',
        onError: { target: 'editing', ...failed },
      },
    },
    passwordReset: {
      on: { 'dialog.close': 'done' },
    },
    done: { type: 'final', entry: 'finished' },
  },
});
