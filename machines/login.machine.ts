import { assign, type ErrorActorEvent, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { z } from 'zod';
import type { LoginReply, login, RegisterFieldRule } from '../contract/auth.ts';
import type { MemberInfo } from '../contract/member.ts';
import { checkField } from '../contract/registerRules.ts';
import { captchaMachine } from './captcha.machine.ts';
import {
  checkConfirmation,
  type FieldErrors,
  type FlowError,
  fieldErrors,
  readFlowError,
  requiredRule,
  serverFieldErrors,
} from './form.ts';
import { type SmsCodeRequest, smsCountdownMachine } from './smsCountdown.machine.ts';

/**
 * Login modal (spec §4 Login, §5 login rules, §8 failed login).
 *
 * States:
 *   - `editing`: the form. `user.submit` { values, remember? } is checked (username and password required after trimming,
 *     captcha too once the server asked for it; sms: mobile number and code) — problems land in `fieldErrors`
 *     and the machine stays here; a valid form goes to
 *   - `submitting`: actor `logIn`. Success runs `storeToken` (and `firstLogin` on a first login); a password
 *     that is the default or expired sends username logins (never sms ones) to `changingPassword`, every other
 *     login to `loadingInfo` with `afterLogin` set. Failure: back to `editing` with `error` and `captchaRequired`
 *     as the error says; the typed `values` stay.
 *   - `changingPassword.editing` / `.submitting`: the forced change, no way out but a new password.
 *     `password.submit` { newPassword, confirmNewPassword } follows `input.passwordRule`, confirmation must be
 *     equal ('mismatch'); actor `changePassword` (with the password just typed as the old one), then `loadingInfo` with `passwordChanged` set (go home).
 *   - `loadingInfo`: actor `loadMemberInfo` { token }, then final `done`. A failure returns to `editing`.
 *   - `signingInSocially`: `social.signIn` { provider } from `editing` (Google, Facebook, Telegram through Firebase):
 *     actor `socialLogIn` → like a password login minus the forced change (then `loadingInfo`); a failure returns
 *     to `editing` with `socialError` (shown under the buttons, not in the form).
 *   - `closed` (final): `login.close` from `editing`.
 * Children for the whole modal: `captcha` (shown once the server asks for it) and `smsCountdown` (the SMS tab's code
 * button with a captcha of its own; `code.request` { mobileValid, request } goes on to it).
 * Other events: `mode.set` { mode: 'username' | 'sms' }, `error.dismiss`.
 * Input: `passwordRule`, `mode`, `agent` (the agent login: its username login carries `agent: true`).
 * Context the views read: `mode`, `values`, `fieldErrors`, `error` { code, message? }, `captchaRequired`,
 * `afterLogin`, `passwordChanged`. Output: `{ loggedIn: true, afterLogin, passwordChanged }` or `{ loggedIn: false }`.
 * Remember-me (spec §9: 1 day): `remember` on the submit asks the server for a session that outlives the idle
 * limit for its day, and `storeToken` { token, remember } keeps it past the tab for as long.
 * Actions the app provides: `storeToken` { token, remember }, `firstLogin`, `finished` { outcome } (the modal is over: the
 * session takes it from there).
 */

export type LoginMode = 'username' | 'sms';
export type LoginField =
  | 'username'
  | 'password'
  | 'captchaId'
  | 'captcha'
  | 'countryDialingCode'
  | 'mobileNo'
  | 'verificationCode';
export type LoginValues = Partial<Record<LoginField, string>>;
/** The login call's body (contract/auth.ts `login`). */
export type LoginRequest = z.input<typeof login.body>;
/** A failed login; `captchaRequired` comes with the server's error envelope (spec §8). */
export interface LoginError extends FlowError {
  captchaRequired?: boolean;
}
export interface NewPassword {
  newPassword: string;
  confirmNewPassword: string;
}
/** What `changePassword` sends: the new password and the one the member has just logged in with. */
export interface PasswordChange extends NewPassword {
  oldPassword: string;
}
export type LoginOutcome =
  | { loggedIn: true; afterLogin: boolean; passwordChanged: boolean }
  | { loggedIn: false };

export interface LoginInput {
  passwordRule: RegisterFieldRule;
  mode?: LoginMode;
  /** The agent login (spec §2 "Agent", §6): the username login asks the server to refuse non-agents. */
  agent?: boolean;
}

export interface LoginContext {
  passwordRule: RegisterFieldRule;
  mode: LoginMode;
  agent: boolean;
  values: LoginValues;
  captchaRequired: boolean;
  fieldErrors: FieldErrors;
  error: FlowError | null;
  /** Why the last social login failed (Firebase's 'auth/…' code or the server's error); null otherwise. */
  socialError: FlowError | null;
  token: string | null;
  newPassword: NewPassword | null;
  afterLogin: boolean;
  passwordChanged: boolean;
  /** Remember-me ticked on the last submitted form. */
  remember: boolean;
}

export type LoginEvent =
  | { type: 'mode.set'; mode: LoginMode }
  | { type: 'user.submit'; values: LoginValues; remember?: boolean }
  | { type: 'password.submit'; values: NewPassword }
  | { type: 'social.signIn'; provider: string }
  | { type: 'code.request'; mobileValid: boolean; request: SmsCodeRequest }
  | { type: 'error.dismiss' }
  | { type: 'login.close' };

const required = (field: Parameters<typeof requiredRule>[0], value: string | undefined) =>
  checkField(requiredRule(field), value);

/** Spec §5 login rules: what is missing in the form of this mode. */
export function loginProblems(mode: LoginMode, values: LoginValues, captchaRequired: boolean): FieldErrors {
  if (mode === 'sms')
    return fieldErrors({
      mobileNo: required('mobileNum', values.mobileNo),
      verificationCode: required('verificationCode', values.verificationCode),
    });
  return fieldErrors({
    username: required('username', values.username),
    password: required('password', values.password),
    captcha: captchaRequired ? required('captcha', values.captcha) : null,
  });
}

/**
 * The call's body: trimmed values of the active mode; the captcha answer only when one was asked for; `agent` on an
 * agent login (by username: the agent login offers no SMS tab).
 */
export function loginRequest({ mode, values, captchaRequired, agent, remember }: LoginContext): LoginRequest {
  const remembered = remember ? { remember: true } : {};
  if (mode === 'sms')
    return {
      ...remembered,
      type: 'sms',
      countryDialingCode: values.countryDialingCode ?? '',
      mobileNo: (values.mobileNo ?? '').trim(),
      verificationCode: (values.verificationCode ?? '').trim(),
    };
  return {
    type: 'username',
    username: (values.username ?? '').trim(),
    password: (values.password ?? '').trim(),
    ...remembered,
    ...(agent ? { agent: true } : {}),
    ...(captchaRequired ? { captchaId: values.captchaId, captcha: values.captcha?.trim() } : {}),
  };
}

/** The forced change (spec §5 change password): the merchant's password rule, then an equal confirmation. */
export const newPasswordProblems = (rule: RegisterFieldRule, values: NewPassword): FieldErrors =>
  fieldErrors({
    newPassword: checkField({ ...rule, enabled: true, required: true }, values.newPassword),
    confirmNewPassword: checkConfirmation(values.newPassword, values.confirmNewPassword),
  });

/** The failed login's captcha flag (spec §8: the captcha shows when the error carries it). */
const captchaFlag = (thrown: unknown): boolean | undefined => {
  const flag = (thrown as LoginError | null)?.captchaRequired;
  return typeof flag === 'boolean' ? flag : undefined;
};

const outcomeOf = (context: LoginContext): LoginOutcome => ({
  loggedIn: true,
  afterLogin: context.afterLogin,
  passwordChanged: context.passwordChanged,
});

const isEmpty = (problems: FieldErrors) => Object.keys(problems).length === 0;

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutcome,
  },
  actors: {
    logIn: fromPromise<LoginReply, LoginRequest>(async () => {
      throw new Error('logIn must be provided');
    }),
    changePassword: fromPromise<void, PasswordChange>(async () => {
      throw new Error('changePassword must be provided');
    }),
    socialLogIn: fromPromise<LoginReply, { provider: string }>(async () => {
      throw new Error('socialLogIn must be provided');
    }),
    captcha: captchaMachine,
    smsCountdown: smsCountdownMachine,
    loadMemberInfo: fromPromise<MemberInfo, { token: string }>(async () => {
      throw new Error('loadMemberInfo must be provided');
    }),
  },
  guards: {
    hasNoProblems: (_, problems: FieldErrors) => isEmpty(problems),
    // Spec §4: the forced change applies to password logins only, never to sms (or Firebase) ones.
    mustChangePassword: (_, p: { reply: LoginReply; mode: LoginMode }) =>
      p.reply.mustChangePassword !== null && p.mode === 'username',
  },
  actions: {
    storeToken: (_, _params: { token: string; remember: boolean }) => {},
    firstLogin: () => {},
    finished: (_, _outcome: LoginOutcome) => {},
    keepSocialError: assign((_, thrown: unknown) => ({ socialError: readFlowError(thrown) })),
    setMode: assign((_, mode: LoginMode) => ({ mode, fieldErrors: {}, error: null })),
    acceptValues: assign((_, { values, remember }: { values: LoginValues; remember?: boolean }) => ({
      values,
      remember: remember ?? false,
      fieldErrors: {},
      error: null,
      socialError: null,
    })),
    showProblems: assign((_, p: { values: LoginValues; problems: FieldErrors }) => ({
      values: p.values,
      fieldErrors: p.problems,
    })),
    // The flag is only ever taken from the error: an error without it (a dropped connection) changes nothing.
    keepLoginError: assign(({ context }, thrown: unknown) => ({
      error: readFlowError(thrown),
      fieldErrors: serverFieldErrors(thrown),
      captchaRequired: captchaFlag(thrown) ?? context.captchaRequired,
    })),
    keepError: assign((_, error: FlowError) => ({ error })),
    clearError: assign({ error: null }),
    keepToken: assign((_, token: string) => ({ token })),
    markAfterLogin: assign({ afterLogin: true }),
    acceptNewPassword: assign((_, newPassword: NewPassword) => ({
      newPassword,
      fieldErrors: {},
      error: null,
    })),
    showPasswordProblems: assign((_, fieldErrors: FieldErrors) => ({ fieldErrors })),
    markPasswordChanged: assign({ passwordChanged: true }),
  },
}).createMachine({
  id: 'login',
  initial: 'editing',
  context: ({ input }) => ({
    passwordRule: input.passwordRule,
    mode: input.mode ?? 'username',
    agent: input.agent ?? false,
    values: {},
    captchaRequired: false,
    fieldErrors: {},
    error: null,
    socialError: null,
    token: null,
    newPassword: null,
    afterLogin: false,
    passwordChanged: false,
    remember: false,
  }),
  // Each final state says how the modal ended; the machine passes it on.
  output: ({ event }) => event.output as LoginOutcome,
  invoke: [
    { src: 'captcha', id: 'captcha', systemId: 'captcha' },
    { src: 'smsCountdown', id: 'smsCountdown', input: { ownCaptcha: true } },
  ],
  on: { 'code.request': { actions: sendTo('smsCountdown', ({ event }) => event) } },
  states: {
    editing: {
      on: {
        'user.submit': [
          {
            guard: {
              type: 'hasNoProblems',
              params: ({ context, event }) =>
                loginProblems(context.mode, event.values, context.captchaRequired),
            },
            target: 'submitting',
            actions: { type: 'acceptValues', params: ({ event }) => event },
          },
          {
            actions: {
              type: 'showProblems',
              params: ({ context, event }) => ({
                values: event.values,
                problems: loginProblems(context.mode, event.values, context.captchaRequired),
              }),
            },
          },
        ],
        'mode.set': { actions: { type: 'setMode', params: ({ event }) => event.mode } },
        'error.dismiss': { actions: 'clearError' },
        'social.signIn': {
          target: 'signingInSocially',
          actions: assign({ fieldErrors: {}, error: null, socialError: null }),
        },
        'login.close': 'closed',
      },
    },
    // Firebase's sign-in never asks for a password: there is no forced change after it.
    signingInSocially: {
      invoke: {
        id: 'socialLogIn',
        src: 'socialLogIn',
        input: ({ event }) => ({ provider: (event as { provider: string }).provider }),
        onDone: {
          target: 'loadingInfo',
          actions: [
            enqueueActions(({ enqueue, event }) => {
              enqueue({ type: 'keepToken', params: event.output.token });
              enqueue({ type: 'storeToken', params: { token: event.output.token, remember: false } });
              if (event.output.firstTimeLogin) enqueue('firstLogin');
            }),
            'markAfterLogin',
          ],
        },
        onError: {
          target: 'editing',
          actions: {
            type: 'keepSocialError',
            params: ({ event }: { event: ErrorActorEvent }) => event.error,
          },
        },
      },
    },
    submitting: {
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ context }) => loginRequest(context),
        onDone: [
          {
            guard: {
              type: 'mustChangePassword',
              params: ({ context, event }) => ({ reply: event.output, mode: context.mode }),
            },
            target: 'changingPassword',
            actions: enqueueActions(({ context, enqueue, event }) => {
              enqueue({ type: 'keepToken', params: event.output.token });
              enqueue({
                type: 'storeToken',
                params: { token: event.output.token, remember: context.remember },
              });
              if (event.output.firstTimeLogin) enqueue('firstLogin');
            }),
          },
          {
            target: 'loadingInfo',
            actions: [
              enqueueActions(({ context, enqueue, event }) => {
                enqueue({ type: 'keepToken', params: event.output.token });
                enqueue({
                  type: 'storeToken',
                  params: { token: event.output.token, remember: context.remember },
                });
                if (event.output.firstTimeLogin) enqueue('firstLogin');
              }),
              'markAfterLogin',
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: {
            type: 'keepLoginError',
            params: ({ event }: { event: ErrorActorEvent }) => event.error,
          },
        },
      },
    },
    changingPassword: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'password.submit': [
              {
                guard: {
                  type: 'hasNoProblems',
                  params: ({ context, event }) => newPasswordProblems(context.passwordRule, event.values),
                },
                target: 'submitting',
                actions: { type: 'acceptNewPassword', params: ({ event }) => event.values },
              },
              {
                actions: {
                  type: 'showPasswordProblems',
                  params: ({ context, event }) => newPasswordProblems(context.passwordRule, event.values),
                },
              },
            ],
            'error.dismiss': { actions: 'clearError' },
          },
        },
        submitting: {
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            // The old password is the one the member has just logged in with.
            input: ({ context }) => ({
              ...context.newPassword!,
              oldPassword: (context.values.password ?? '').trim(),
            }),
            onDone: { target: '#login.loadingInfo', actions: 'markPasswordChanged' },
            onError: {
              target: 'editing',
              actions: {
                type: 'keepError',
                params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
              },
            },
          },
        },
      },
    },
    loadingInfo: {
      invoke: {
        id: 'loadMemberInfo',
        src: 'loadMemberInfo',
        input: ({ context }) => ({ token: context.token! }),
        onDone: 'done',
        onError: {
          target: 'editing',
          actions: {
            type: 'keepError',
            params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
          },
        },
      },
    },
    done: {
      type: 'final',
      entry: { type: 'finished', params: ({ context }) => outcomeOf(context) },
      output: ({ context }) => outcomeOf(context),
    },
    closed: {
      type: 'final',
      entry: { type: 'finished', params: { loggedIn: false } },
      output: { loggedIn: false },
    },
  },
});
