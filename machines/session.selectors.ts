import type { SnapshotFrom } from 'xstate';
import { AGENT_TYPES, TRIAL_AGENT_TYPE } from '../contract/constants.ts';
import type { sessionMachine } from './session.machine.ts';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

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
