import { assign, type ErrorActorEvent, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { RegisterField, RegisterFieldRule } from '../contract/auth.ts';
import type { MemberInfo } from '../contract/member.ts';
import { checkBirthday, checkField, DEFAULT_MINIMUM_AGE } from '../contract/registerRules.ts';
import { captchaMachine } from './captcha.machine.ts';
import {
  type FieldErrors,
  type FlowError,
  type FormProblem,
  fieldErrors,
  readFlowError,
  requiredRule,
  serverFieldErrors,
} from './form.ts';
import { type SmsCodeRequest, smsCountdownMachine } from './smsCountdown.machine.ts';

/**
 * Registration modal and page (spec §4 Registration, §5 registration rules, §8 invalid invitation).
 *
 * States:
 *   - `editing.termsPending` / `editing.termsAccepted`: the form; `terms.toggle` moves between them and
 *     `user.submit` { values } is accepted only once the terms are (so `state.can({ type: 'user.submit', … })`
 *     is the Register button's enabled flag). Values are checked against every applicable merchant rule; problems
 *     land in `fieldErrors` and the form stays. A valid form goes on to
 *   - `checkingInvitation` (actor `checkAffiliate`, only when an affiliate code was typed and none came from the
 *     URL; an invalid code returns with `error.code` 'INVALID_INVITATION'), then
 *   - `verifyingFirebase` (actor `verifyFirebaseSms`, only with `input.firebase` in mobile mode), then
 *   - `registering` (actor `register`); success runs `storeToken`, then
 *   - `loadingInfo` (actor `loadMemberInfo`), then final `done` with output `{ account, mode }`: the view closes
 *     the modal, goes to / and shows the success modal (with the generated account after a mobile registration).
 *   Any failure returns to `editing.termsAccepted` with `error` and, from the server, per-field messages in
 *   `fieldErrors` ({ kind: 'server', message }); the typed `values` stay.
 * Children for the whole form: `captcha` (systemId 'captcha') and `smsCountdown` (the code button, counting 60 s
 * with Firebase). `code.request` { mobileValid, request } goes on to the countdown; when the form shows a captcha,
 * the request uses its answer up, so a request the countdown takes renews the captcha.
 * Other events: `mode.switch` { mode: 'username' | 'mobile' } (to the other type only: the captcha gets
 * `captcha.typeChanged`), `error.dismiss` (the warning popup's OK).
 * Actions the app provides: `storeToken` { token }, `finished` { account, mode } (the form is done).
 * Context the views read: `mode`, `values`, `fieldErrors`, `error`, `account` (see registration.connect.ts).
 * Input: `rules` (merchant field rules), `affiliateFromUrl`, `firebase`, `smsVerification`, `mode` (modal type),
 * `ageLimit` (the merchant's minimum age, 21 when absent) and `today` (yyyy-MM-dd): a birthday the rules let through
 * must make the visitor that old today (spec §5 birthday limit; the server checks it again on its own date).
 */

export type RegisterMode = 'username' | 'mobile';
export type RegisterValues = Partial<Record<RegisterField | 'countryDialingCode' | 'captchaId', string>>;

/** What `register` sends: the app maps it onto contract/auth.ts `register` or `registerMobile`. */
export interface RegisterRequest {
  mode: RegisterMode;
  values: RegisterValues;
  affiliateCode?: string;
  firebaseIdToken?: string;
}
/** contract/auth.ts registerReply: `token` is null when the account was not logged in. */
export interface Registered {
  account: string;
  token: string | null;
  firstTimeLogin: boolean;
}
export interface FirebaseSmsCheck {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
}

export interface RegistrationInput {
  rules: RegisterFieldRule[];
  affiliateFromUrl?: string;
  firebase: boolean;
  smsVerification: boolean;
  mode?: RegisterMode;
  ageLimit?: number;
  today?: string;
}

export interface RegistrationContext {
  rules: RegisterFieldRule[];
  affiliateFromUrl: string | null;
  firebase: boolean;
  smsVerification: boolean;
  mode: RegisterMode;
  ageLimit: number;
  /** The visitor's date (yyyy-MM-dd); null: the birthday's age is left to the server. */
  today: string | null;
  values: RegisterValues;
  fieldErrors: FieldErrors;
  error: FlowError | null;
  firebaseIdToken: string | null;
  account: string | null;
  token: string | null;
}

export type RegistrationEvent =
  | { type: 'mode.switch'; mode: RegisterMode }
  | { type: 'terms.toggle' }
  | { type: 'user.submit'; values: RegisterValues }
  | { type: 'code.request'; mobileValid: boolean; request: SmsCodeRequest }
  | { type: 'error.dismiss' };

export const INVALID_INVITATION = 'INVALID_INVITATION';

type Form = Pick<
  RegistrationContext,
  'rules' | 'mode' | 'firebase' | 'smsVerification' | 'affiliateFromUrl' | 'ageLimit' | 'today'
>;

/** Spec §5: which merchant-configured fields the form of this mode shows. */
export function fieldApplies(form: Form, field: RegisterField): boolean {
  // A mobile registration gets a generated account number.
  if (field === 'username') return form.mode === 'username';
  // The code goes with the mobile registration only (the username call has no such field).
  if (field === 'verificationCode') return form.mode === 'mobile' && (form.smsVerification || form.firebase);
  if (field === 'mobileNum') return form.mode === 'mobile' || isEnabled(form, field);
  // A code from the URL is used as it is; the field is hidden.
  if (field === 'affiliateCode') return form.affiliateFromUrl === null && isEnabled(form, field);
  return isEnabled(form, field);
}

const ruleOf = (form: Form, field: RegisterField) => form.rules.find((r) => r.field === field);
const isEnabled = (form: Form, field: RegisterField) => ruleOf(form, field)?.enabled ?? false;

/** The merchant's rule of a field; mobile number and SMS code are required in mobile mode whatever it says. */
function effectiveRule(form: Form, field: RegisterField): RegisterFieldRule {
  const rule = ruleOf(form, field) ?? requiredRule(field);
  const alwaysRequired = form.mode === 'mobile' && (field === 'mobileNum' || field === 'verificationCode');
  return alwaysRequired ? { ...rule, enabled: true, required: true } : rule;
}

/** Every problem of the form (spec §5), by field; empty when it can be sent. */
export function registrationProblems(form: Form, values: RegisterValues): FieldErrors {
  const fields = new Set<RegisterField>([...form.rules.map((r) => r.field), 'mobileNum', 'verificationCode']);
  const checks: Record<string, FormProblem | null> = {};
  for (const field of fields) {
    if (!fieldApplies(form, field)) continue;
    checks[field] = checkField(effectiveRule(form, field), values[field]);
  }
  if (
    fieldApplies(form, 'confirmPassword') &&
    !checks.confirmPassword &&
    values.confirmPassword !== values.password
  )
    checks.confirmPassword = { kind: 'mismatch' };
  const birthday = values.birthday?.trim();
  if (checks.birthday === null && birthday && form.today)
    checks.birthday = checkBirthday(birthday, form.ageLimit, form.today);
  return fieldErrors(checks);
}

/** The code that goes with the registration: the typed one, else the one from the URL. */
const affiliateCodeOf = (c: RegistrationContext) =>
  c.values.affiliateCode?.trim() || c.affiliateFromUrl || undefined;

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    output: {} as { account: string; mode: RegisterMode },
  },
  actors: {
    checkAffiliate: fromPromise<{ valid: boolean }, { code: string }>(async () => {
      throw new Error('checkAffiliate must be provided');
    }),
    verifyFirebaseSms: fromPromise<{ firebaseIdToken: string }, FirebaseSmsCheck>(async () => {
      throw new Error('verifyFirebaseSms must be provided');
    }),
    register: fromPromise<Registered, RegisterRequest>(async () => {
      throw new Error('register must be provided');
    }),
    loadMemberInfo: fromPromise<MemberInfo, { token: string }>(async () => {
      throw new Error('loadMemberInfo must be provided');
    }),
    captcha: captchaMachine,
    smsCountdown: smsCountdownMachine,
  },
  guards: {
    isOtherMode: ({ context }, mode: RegisterMode) => mode !== context.mode,
    hasProblems: (_, problems: FieldErrors) => Object.keys(problems).length > 0,
    // Spec §4: the invitation check is optional — only a typed code is checked; a URL code was handed out.
    needsInvitationCheck: ({ context }, typed: string | undefined) =>
      Boolean(typed?.trim()) && context.affiliateFromUrl === null,
    needsFirebaseCheck: ({ context }) => context.firebase && context.mode === 'mobile',
    isInvalidInvitation: (_, reply: { valid: boolean }) => !reply.valid,
    isLoggedIn: (_, reply: Registered) => reply.token !== null,
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    finished: (_, _result: { account: string; mode: RegisterMode }) => {},
    switchMode: assign((_, mode: RegisterMode) => ({ mode, fieldErrors: {}, error: null })),
    showProblems: assign((_, p: { values: RegisterValues; problems: FieldErrors }) => ({
      values: p.values,
      fieldErrors: p.problems,
    })),
    acceptValues: assign((_, values: RegisterValues) => ({
      values,
      fieldErrors: {},
      error: null,
      firebaseIdToken: null,
    })),
    rejectInvitation: assign({ error: { code: INVALID_INVITATION } }),
    keepFirebaseToken: assign((_, firebaseIdToken: string) => ({ firebaseIdToken })),
    keepAccount: assign((_, reply: Registered) => ({ account: reply.account, token: reply.token })),
    keepError: assign((_, thrown: unknown) => ({
      error: readFlowError(thrown),
      fieldErrors: serverFieldErrors(thrown),
    })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'registration',
  initial: 'editing',
  context: ({ input }) => ({
    rules: input.rules,
    affiliateFromUrl: input.affiliateFromUrl?.trim() || null,
    firebase: input.firebase,
    smsVerification: input.smsVerification,
    mode: input.mode ?? 'username',
    ageLimit: input.ageLimit ?? DEFAULT_MINIMUM_AGE,
    today: input.today ?? null,
    values: {},
    fieldErrors: {},
    error: null,
    firebaseIdToken: null,
    account: null,
    token: null,
  }),
  output: ({ context }) => ({ account: context.account!, mode: context.mode }),
  invoke: [
    { src: 'captcha', id: 'captcha', systemId: 'captcha' },
    {
      src: 'smsCountdown',
      id: 'smsCountdown',
      // The code button needs a captcha of its own where the form shows none (mobile registration only).
      input: ({ context }) => ({
        firebase: context.firebase,
        ownCaptcha:
          fieldApplies({ ...context, mode: 'mobile' }, 'verificationCode') &&
          !fieldApplies(context, 'captcha'),
      }),
    },
  ],
  on: {
    'code.request': {
      actions: enqueueActions(({ context, event, enqueue, self }) => {
        // Path generation (xstate/graph) runs the machine without children: then nothing is taken.
        const countdown = self.getSnapshot()?.children?.smsCountdown;
        const taken = countdown?.getSnapshot().can(event) ?? false;
        enqueue.sendTo('smsCountdown', event);
        // A code request carries the form's captcha answer, which it uses up, sent or refused.
        if (taken && fieldApplies(context, 'captcha')) enqueue.sendTo('captcha', { type: 'captcha.refresh' });
      }),
    },
  },
  states: {
    editing: {
      initial: 'termsPending',
      on: {
        'mode.switch': {
          guard: { type: 'isOtherMode', params: ({ event }) => event.mode },
          actions: [
            { type: 'switchMode', params: ({ event }) => event.mode },
            sendTo('captcha', { type: 'captcha.typeChanged' }),
          ],
        },
        'error.dismiss': { actions: 'clearError' },
      },
      states: {
        termsPending: { on: { 'terms.toggle': 'termsAccepted' } },
        termsAccepted: {
          on: {
            'terms.toggle': 'termsPending',
            'user.submit': [
              {
                guard: {
                  type: 'hasProblems',
                  params: ({ context, event }) => registrationProblems(context, event.values),
                },
                actions: {
                  type: 'showProblems',
                  params: ({ context, event }) => ({
                    values: event.values,
                    problems: registrationProblems(context, event.values),
                  }),
                },
              },
              {
                guard: { type: 'needsInvitationCheck', params: ({ event }) => event.values.affiliateCode },
                target: '#registration.checkingInvitation',
                actions: { type: 'acceptValues', params: ({ event }) => event.values },
              },
              {
                guard: 'needsFirebaseCheck',
                target: '#registration.verifyingFirebase',
                actions: { type: 'acceptValues', params: ({ event }) => event.values },
              },
              {
                target: '#registration.registering',
                actions: { type: 'acceptValues', params: ({ event }) => event.values },
              },
            ],
          },
        },
      },
    },
    checkingInvitation: {
      invoke: {
        id: 'checkAffiliate',
        src: 'checkAffiliate',
        input: ({ context }) => ({ code: context.values.affiliateCode!.trim() }),
        onDone: [
          {
            guard: { type: 'isInvalidInvitation', params: ({ event }) => event.output },
            target: 'editing.termsAccepted',
            actions: 'rejectInvitation',
          },
          { guard: 'needsFirebaseCheck', target: 'verifyingFirebase' },
          { target: 'registering' },
        ],
        onError: {
          target: 'editing.termsAccepted',
          actions: { type: 'keepError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    verifyingFirebase: {
      invoke: {
        id: 'verifyFirebaseSms',
        src: 'verifyFirebaseSms',
        input: ({ context: { values } }) => ({
          countryDialingCode: values.countryDialingCode ?? '',
          mobileNum: (values.mobileNum ?? '').trim(),
          verificationCode: (values.verificationCode ?? '').trim(),
        }),
        onDone: {
          target: 'registering',
          actions: { type: 'keepFirebaseToken', params: ({ event }) => event.output.firebaseIdToken },
        },
        onError: {
          target: 'editing.termsAccepted',
          actions: { type: 'keepError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    registering: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          mode: context.mode,
          values: context.values,
          affiliateCode: affiliateCodeOf(context),
          firebaseIdToken: context.firebaseIdToken ?? undefined,
        }),
        onDone: [
          {
            guard: { type: 'isLoggedIn', params: ({ event }) => event.output },
            target: 'loadingInfo',
            actions: [
              { type: 'keepAccount', params: ({ event }) => event.output },
              { type: 'storeToken', params: ({ event }) => ({ token: event.output.token! }) },
            ],
          },
          { target: 'done', actions: { type: 'keepAccount', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'editing.termsAccepted',
          actions: { type: 'keepError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    loadingInfo: {
      invoke: {
        id: 'loadMemberInfo',
        src: 'loadMemberInfo',
        input: ({ context }) => ({ token: context.token! }),
        onDone: 'done',
        // The account exists and the token is stored: the session machine retries the member info, and
        // sending the visitor back to the form would only make them register twice.
        onError: 'done',
      },
    },
    done: {
      type: 'final',
      entry: {
        type: 'finished',
        params: ({ context }) => ({ account: context.account!, mode: context.mode }),
      },
    },
  },
});
