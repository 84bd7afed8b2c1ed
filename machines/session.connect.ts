import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { AGENT_TYPES, TRIAL_AGENT_TYPE } from '../contract/constants.ts';
import type { LoginOutcome } from './login.machine.ts';
import type { RegisterMode } from './registration.machine.ts';
import type { sessionMachine } from './session.machine.ts';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Send = (event: EventFromLogic<typeof sessionMachine>) => void;

/** Spec §4: logged in only once the member info is stored (and until the logout is through). */
export const selectIsLoggedIn = (s: Snapshot) => s.matches('loggedIn');
export const selectMember = (s: Snapshot) => s.context.member;
/** Spec §6: agent types 1, 2, 41 and 42 have the agent menu and centre. */
export const selectIsAgent = (s: Snapshot) =>
  (AGENT_TYPES as readonly number[]).includes(s.context.member?.agentType ?? -1);
/** Spec §6: agent type 4 is a trial account ("Please Register An Account First"). */
export const selectIsTrial = (s: Snapshot) => s.context.member?.agentType === TRIAL_AGENT_TYPE;
/** The session is still being found out: the header shows neither login buttons nor the member menu. */
export const selectIsStarting = (s: Snapshot) => s.matches('loadingInfo');
/** The logout confirm dialog (its buttons are busy while the logout call runs). */
export const selectLogoutDialog = (s: Snapshot) =>
  s.matches({ loggedIn: 'confirming' }) ? 'open' : s.matches({ loggedIn: 'loggingOut' }) ? 'busy' : 'closed';
export const selectSessionError = (s: Snapshot) => s.context.error;
/** Logged out by a break the member started: the login says until when (null: no such end). */
export const selectEndedByBreak = (s: Snapshot) =>
  s.matches('loggedOut') && s.context.ended?.reason === 'break' ? s.context.ended : null;
/** Member info could not be read (not a refused token): the header offers a retry. */
export const selectSessionFailed = (s: Snapshot) => s.matches('failed');
/** The default or an expired password must be changed before anything else (null: nothing due). */
export const selectPasswordChangeDue = (s: Snapshot) =>
  s.matches({ loggedIn: 'passwordChange' }) ? (s.context.member?.mustChangePassword ?? 'default') : null;

/** What the app does once a login or registration modal is over: the session's part, then where to go. */
export interface Landing {
  /** The token to hand to the session (`session.loggedIn`), before the modal closes; null: no login happened. */
  token: string | null;
  /** Where to go next; null: stay on the page (the member goes on with what they were doing). */
  to: '/' | '/agent' | null;
  /** The registration success modal replaces the form (spec §4: with the generated account after a mobile one). */
  registered: { account: string; mode: RegisterMode } | null;
}

/**
 * Where a finished login leads (spec §4): an agent login to the agent centre; after a forced password change, or
 * from the /login page, home; otherwise the member stays where the popup opened (a game to open, a page to see).
 */
export function landingAfterLogin(
  outcome: LoginOutcome,
  where: { agent: boolean; path: string; token: string | null },
): Landing {
  if (!outcome.loggedIn) return { token: null, to: null, registered: null };
  const to = where.agent ? '/agent' : outcome.passwordChanged || where.path === '/login' ? '/' : null;
  return { token: where.token, to, registered: null };
}

/** A finished registration goes home and shows the success modal; the new account is logged in when it got a token. */
export function landingAfterRegistration(
  result: { account: string; mode: RegisterMode },
  token: string | null,
): Landing {
  return { token, to: '/', registered: result };
}

/** The session's props and commands for the account modals (login after a break, the hand-over of a login). */
export function connectSession(s: Snapshot, send: Send) {
  return {
    endedByBreak: selectEndedByBreak(s),
    loggedIn: (token: string) => send({ type: 'session.loggedIn', token }),
  };
}
