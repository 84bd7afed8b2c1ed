import type { EventFromLogic } from 'xstate';
import type { AgentContract, ContractKind, ContractStatus, ContractTier } from '../contract/agent.ts';
import {
  type ContractNegotiationInput,
  type ContractRole,
  contractNegotiationMachine,
  type FieldReading,
  type TierField,
} from './contractNegotiation.machine.ts';
import { doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof contractNegotiationMachine;

export const WALK_NOW = '2030-01-01T00:00:00.000Z';

/** The upline's own contract in force (the ceiling): 1.00 % from 1 member, 1.50 % from 5 members betting 1,000.00. */
export const OWN_TIERS: ContractTier[] = [
  { activeMembers: 1, betAmount: 0, rateBp: 100 },
  { activeMembers: 5, betAmount: 100_000, rateBp: 150 },
];

export const UPLINE = { id: 10, account: 'agent01' };
export const DOWNLINE = { id: 20, account: 'agent02' };

/** The contract in force before the walk (id 5) and an offer (id 8, newer). */
export function sampleContract(
  kind: ContractKind,
  status: ContractStatus,
  overrides: Partial<AgentContract> = {},
): AgentContract {
  const ended = status === 'REJECTED' || status === 'TERMINATED';
  return {
    id: status === 'ACTIVE' ? 5 : 8,
    kind,
    upline: UPLINE,
    downline: DOWNLINE,
    period: kind === 'DIVIDEND' ? 'W' : null,
    tiers: [{ activeMembers: 1, betAmount: 0, rateBp: 80 }],
    status,
    proposedAt: '2029-12-31T10:00:00.000Z',
    activeFrom: status === 'ACTIVE' ? '2029-12-31T11:00:00.000Z' : null,
    endedAt: ended ? WALK_NOW : null,
    ...overrides,
  };
}

/** Typed text and what the view reads from it (the page's path test checks readTier.ts agrees). */
const change = (index: number, field: TierField, text: string, reading: FieldReading) =>
  ({ type: 'tier.change', index, field, text, reading }) as const;

/** Field edits of the walks: a rate that fits, one above the ceiling, a bet amount with 3 decimals. */
export const TIER_CHANGES = {
  rate: change(0, 'rate', '0.80', { ok: true, value: 80 }),
  rateAboveCeiling: change(0, 'rate', '1.20', { ok: true, value: 120 }),
  betDecimals: change(0, 'betAmount', '10.005', { ok: false, problem: 'decimals' }),
};

/** What the server answers an action with: the contract in its new state. */
export const actionReply = (kind: ContractKind, status: ContractStatus) =>
  sampleContract(kind, status, {
    id: 8,
    activeFrom: status === 'ACTIVE' ? WALK_NOW : null,
    endedAt: status === 'REJECTED' || status === 'TERMINATED' ? WALK_NOW : null,
  });

const conflict = {
  code: 'CONFLICT',
  message: 'Your upline’s contract has changed: this offer no longer fits',
};

const eventsFor = (kind: ContractKind) =>
  [
    TIER_CHANGES.rate,
    TIER_CHANGES.rateAboveCeiling,
    TIER_CHANGES.betDecimals,
    { type: 'tier.add' },
    { type: 'tier.remove', index: 0 },
    { type: 'period.change', period: 'M' },
    { type: 'contract.propose' },
    { type: 'draft.cancel' },
    { type: 'contract.edit' },
    { type: 'contract.accept' },
    { type: 'contract.reject' },
    { type: 'contract.terminate' },
    { type: 'confirmation.close' },
    { type: 'draft.start' },
    doneEvent<M>(
      'propose',
      sampleContract(kind, 'PROPOSED', { tiers: [{ activeMembers: 1, betAmount: 0, rateBp: 80 }] }),
    ),
    errorEvent<M>('propose', { code: 'NETWORK' }),
    errorEvent<M>('propose', {
      code: 'VALIDATION',
      message: 'Higher than your own rate for this team',
      fields: { 'tiers.0.rateBp': 'Higher than your own rate for this team' },
    }),
    doneEvent<M>('accept', actionReply(kind, 'ACTIVE')),
    errorEvent<M>('accept', conflict),
    doneEvent<M>('reject', actionReply(kind, 'REJECTED')),
    errorEvent<M>('reject', { code: 'NETWORK' }),
    doneEvent<M>('terminate', actionReply(kind, 'TERMINATED')),
    errorEvent<M>('terminate', { code: 'NETWORK' }),
  ] satisfies EventFromLogic<M>[];

export const walkInput = (
  role: ContractRole,
  kind: ContractKind,
  status: ContractStatus | null,
): ContractNegotiationInput => ({
  role,
  kind,
  contract:
    status === null
      ? null
      : status === 'ACTIVE'
        ? sampleContract(kind, 'ACTIVE')
        : sampleContract(kind, status),
  ceiling: role === 'upline' ? { tiers: OWN_TIERS, period: kind === 'DIVIDEND' ? 'W' : null } : null,
  downlineId: role === 'upline' ? DOWNLINE.id : null,
});

/**
 * The negotiation and representative events for its generated paths (tests and `npm run paths`): each side from each
 * status it can meet the contract in. The upline's walks are of a dividend (its period can be changed), the
 * downline's of a daily salary.
 */
export const contractNegotiationWalks = (
  [
    ['upline', 'DIVIDEND', null],
    ['upline', 'DIVIDEND', 'PROPOSED'],
    ['upline', 'DIVIDEND', 'ACTIVE'],
    ['upline', 'DIVIDEND', 'REJECTED'],
    ['upline', 'DIVIDEND', 'TERMINATED'],
    ['downline', 'DAILY_SALARY', null],
    ['downline', 'DAILY_SALARY', 'PROPOSED'],
    ['downline', 'DAILY_SALARY', 'ACTIVE'],
  ] as const
).map(([role, kind, status]) => ({
  name: `contractNegotiation (${role}, ${status ?? 'none'})`,
  role,
  kind,
  status,
  input: walkInput(role, kind, status),
  machine: withInput(contractNegotiationMachine, walkInput(role, kind, status)),
  events: eventsFor(kind),
}));
