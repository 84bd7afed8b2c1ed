import type { EventFromLogic } from 'xstate';
import { sessionMachine } from './session.machine.ts';
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

const events = [
  doneEvent<M>('restoreToken', 't-stored'),
  doneEvent<M>('restoreToken', null),
  errorEvent<M>('restoreToken', new Error('storage unavailable')),
  doneEvent<M>('loadMemberInfo', demoMember),
  errorEvent<M>('loadMemberInfo', { code: 'UNAUTHORIZED' }),
  errorEvent<M>('loadMemberInfo', { code: 'NETWORK' }),
  { type: 'session.loggedIn', token: 't-new' },
  { type: 'session.retry' },
  { type: 'session.expired' },
  { type: 'logout.request' },
  { type: 'logout.cancel' },
  { type: 'logout.confirm' },
  doneEvent<M>('logOut', undefined),
  errorEvent<M>('logOut', { code: 'NETWORK' }),
] satisfies EventFromLogic<M>[];

/** The session and representative events for its generated paths: a plain start and one with a query token. */
export const sessionWalks = [
  { name: 'session', machine: withInput(sessionMachine, {}), events },
  {
    name: 'session (token in query)',
    machine: withInput(sessionMachine, { tokenFromQuery: 't-query' }),
    events,
  },
];
