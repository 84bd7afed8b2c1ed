import type { EventFromLogic } from 'xstate';
import { type SessionInput, sessionMachine } from './session.machine.ts';
import { doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof sessionMachine;

export const demoMember = {
  id: 7,
  account: 'alice',
  nickname: 'Alice',
  type: 'member' as const,
  agentType: 0,
  toUpline: false,
  clubLabel: { labelName: 'Gold', color: '#c90', color2: '#fc0', rankLevel: 3 },
  memberLabel: [],
};

/** A member whose default password is still to be changed (member info says so on every load). */
export const memberToChange = { ...demoMember, mustChangePassword: 'default' as const };

const events = [
  doneEvent<M>('loadMemberInfo', demoMember),
  doneEvent<M>('loadMemberInfo', memberToChange),
  errorEvent<M>('loadMemberInfo', { code: 'UNAUTHORIZED' }),
  errorEvent<M>('loadMemberInfo', { code: 'NETWORK' }),
  { type: 'session.loggedIn', token: 't-new' },
  { type: 'session.retry' },
  { type: 'session.expired' },
  { type: 'session.breakStarted', until: '2030-01-02T00:00:00.000Z' },
  { type: 'session.passwordChangeRequired' },
  { type: 'password.changed' },
  { type: 'logout.request' },
  { type: 'logout.cancel' },
  { type: 'logout.confirm' },
  doneEvent<M>('logOut', undefined),
  errorEvent<M>('logOut', { code: 'NETWORK' }),
] satisfies EventFromLogic<M>[];

/** The session and representative events for its generated paths: a visitor, a stored token, its info read at start. */
export const sessionWalks = (
  [
    { name: 'session', input: {} },
    { name: 'session (token in storage)', input: { storedToken: 't-stored' } },
    { name: 'session (member read at start)', input: { storedToken: 't-stored', member: demoMember } },
  ] satisfies { name: string; input: SessionInput }[]
).map((w) => ({ ...w, machine: withInput(sessionMachine, w.input), events }));
