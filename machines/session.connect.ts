import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { LoginOutcome } from './login.machine.ts';
import type { RegisterMode } from './registration.machine.ts';
import type { sessionMachine } from './session.machine.ts';
import { selectEndedByBreak } from './session.selectors.ts';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Send = (event: EventFromLogic<typeof sessionMachine>) => void;

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
