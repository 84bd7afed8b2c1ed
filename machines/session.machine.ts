import { assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import type { MemberInfo } from '../contract/member.ts';
import { type FlowError, readFlowError } from './form.ts';

/**
 * The visitor's session (spec §4 Login and Logout, §4 System status: "login state becomes true after member info
 * is stored").
 *
 * States:
 *   - `starting` (passes at once): the token the app read from session storage (`storedToken`) loads its info;
 *     when the app read that info itself before its first render (`member`, src/app/memberStart.ts), the member is
 *     `loggedIn` from the first render (a header drawn without it would be drawn again when it came);
 *     without a token the visitor is `loggedOut` from the first render (a header that drew a placeholder first would
 *     jump). A token in the page's address is never taken: a link would log its visitor into someone else's
 *     account (whose deposits would then go to the link's author);
 *   - `loadingInfo`: actor `loadMemberInfo` { token } → `loggedIn` with `member`. 'UNAUTHORIZED' (expired or
 *     revoked token) runs `clearSession` and goes to `loggedOut`; any other failure to `failed`
 *     (`session.retry` tries again);
 *   - `loggedOut`: `session.loggedIn` { token } (sent by the login and registration flows) → `loadingInfo`;
 *   - `loggedIn.idle`, or `loggedIn.passwordChange` at once when member info says the default or an expired
 *     password must be changed (or a call answered PASSWORD_CHANGE_REQUIRED: `session.passwordChangeRequired`):
 *     there `password.changed` reads member info again (`loadingInfo`) and `logout.confirm` logs out;
 *   - `loggedIn.idle` → `logout.request` → `loggedIn.confirming` (the confirm dialog) → `logout.confirm` →
 *     `loggedIn.loggingOut` (actor `logOut`; failed or not, the local session ends) → `clearSession` and
 *     `goHome`, `loggedOut`. `logout.cancel` returns to `loggedIn.idle`. `session.expired` (a call answered
 *     UNAUTHORIZED) runs `clearSession` and goes to `loggedOut` at once (ignored while a logout runs: it ends the session anyway).
 *     `session.breakStarted` { until } (the member started a cooling-off break or self-exclusion, which ends every
 *     session) does the same, goes home and keeps why in `ended`, so the login says it; the next login forgets it.
 * Context the views read (see session.connect.ts): `member`, `error` (why member info could not be read),
 * `ended` (the break that ended the session: until when, ISO; null until: self-excluded without end).
 * Actions the app provides: `clearSession` (session storage except the merchant, and the login/agent/VIP state),
 * `goHome`. The login and registration flows store the token they get before they send `session.loggedIn`.
 */

export interface SessionInput {
  /** The token session storage keeps from an earlier page of this tab. */
  storedToken?: string | null;
  /** That token's member info, read before the first render; absent, the machine reads it. */
  member?: MemberInfo | null;
}

/** Why the session ended, when the member ended it for a break: the login says so. */
export interface SessionEnded {
  reason: 'break';
  until: string | null;
}

export interface SessionContext {
  storedToken: string | null;
  token: string | null;
  member: MemberInfo | null;
  error: FlowError | null;
  ended: SessionEnded | null;
}

export type SessionEvent =
  | { type: 'session.loggedIn'; token: string }
  | { type: 'session.retry' }
  | { type: 'session.expired' }
  | { type: 'session.breakStarted'; until: string | null }
  | { type: 'session.passwordChangeRequired' }
  | { type: 'password.changed' }
  | { type: 'logout.request' }
  | { type: 'logout.confirm' }
  | { type: 'logout.cancel' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    loadMemberInfo: fromPromise<MemberInfo, { token: string }>(async () => {
      throw new Error('loadMemberInfo must be provided');
    }),
    logOut: fromPromise<void, { token: string }>(async () => {
      throw new Error('logOut must be provided');
    }),
  },
  guards: {
    hasStoredToken: ({ context }) => context.storedToken !== null,
    // The info the app read at start for the stored token (input `member`): the context starts with it.
    hasStoredMember: ({ context }) => context.member !== null,
    isUnauthorized: (_, error: FlowError) => error.code === 'UNAUTHORIZED',
    mustChangePassword: ({ context }) => Boolean(context.member?.mustChangePassword),
  },
  actions: {
    clearSession: () => {},
    goHome: () => {},
    keepToken: assign((_, token: string) => ({ token, error: null, ended: null })),
    keepBreak: assign((_, until: string | null) => ({ ended: { reason: 'break' as const, until } })),
    keepMember: assign((_, member: MemberInfo) => ({ member, error: null })),
    keepError: assign((_, error: FlowError) => ({ error })),
    forgetSession: assign({ token: null, member: null, error: null }),
  },
}).createMachine({
  id: 'session',
  initial: 'starting',
  context: ({ input }) => ({
    storedToken: input.storedToken || null,
    token: null,
    // Info without a token to go with it is not a session.
    member: (input.storedToken && input.member) || null,
    error: null,
    ended: null,
  }),
  states: {
    starting: {
      always: [
        {
          guard: 'hasStoredMember',
          target: 'loggedIn',
          actions: { type: 'keepToken', params: ({ context }) => context.storedToken! },
        },
        {
          guard: 'hasStoredToken',
          target: 'loadingInfo',
          actions: { type: 'keepToken', params: ({ context }) => context.storedToken! },
        },
        { target: 'loggedOut' },
      ],
    },
    loadingInfo: {
      invoke: {
        id: 'loadMemberInfo',
        src: 'loadMemberInfo',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'loggedIn', actions: { type: 'keepMember', params: ({ event }) => event.output } },
        onError: [
          {
            guard: {
              type: 'isUnauthorized',
              params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
            },
            target: 'loggedOut',
            actions: ['forgetSession', 'clearSession'],
          },
          {
            target: 'failed',
            actions: {
              type: 'keepError',
              params: ({ event }: { event: ErrorActorEvent }) => readFlowError(event.error),
            },
          },
        ],
      },
    },
    // The token may still be good (a dropped connection): keep it and let the visitor retry or log in again.
    failed: {
      on: {
        'session.retry': 'loadingInfo',
        'session.loggedIn': {
          target: 'loadingInfo',
          actions: { type: 'keepToken', params: ({ event }) => event.token },
        },
      },
    },
    loggedOut: {
      on: {
        'session.loggedIn': {
          target: 'loadingInfo',
          actions: { type: 'keepToken', params: ({ event }) => event.token },
        },
      },
    },
    loggedIn: {
      initial: 'idle',
      states: {
        idle: {
          // The server answers nothing but the change until a default or expired password is changed.
          always: { guard: 'mustChangePassword', target: 'passwordChange' },
          on: {
            'logout.request': 'confirming',
            'session.expired': { target: '#session.loggedOut', actions: ['forgetSession', 'clearSession'] },
            'session.breakStarted': {
              target: '#session.loggedOut',
              actions: [
                'forgetSession',
                'clearSession',
                { type: 'keepBreak', params: ({ event }) => event.until },
                'goHome',
              ],
            },
            'session.passwordChangeRequired': 'passwordChange',
          },
        },
        passwordChange: {
          on: {
            // Member info is read again: it says whether the change is still due.
            'password.changed': '#session.loadingInfo',
            'logout.confirm': 'loggingOut',
            'session.expired': { target: '#session.loggedOut', actions: ['forgetSession', 'clearSession'] },
          },
        },
        confirming: {
          on: {
            'logout.confirm': 'loggingOut',
            'logout.cancel': 'idle',
            'session.expired': { target: '#session.loggedOut', actions: ['forgetSession', 'clearSession'] },
            'session.passwordChangeRequired': 'passwordChange',
          },
        },
        loggingOut: {
          // No `session.expired` here: the logout under way ends the session anyway, and goes home.
          invoke: {
            id: 'logOut',
            src: 'logOut',
            input: ({ context }) => ({ token: context.token! }),
            // Failed or not, this browser forgets the session: a revoked or unreachable server changes nothing.
            onDone: { target: '#session.loggedOut', actions: ['forgetSession', 'clearSession', 'goHome'] },
            onError: { target: '#session.loggedOut', actions: ['forgetSession', 'clearSession', 'goHome'] },
          },
        },
      },
    },
  },
});
