import type { SnapshotFrom } from 'xstate';
import { TIER_LIMITS } from '../contract/agent.ts';
import {
  checkDraft,
  type contractNegotiationMachine,
  type TierField,
  type TierProblem,
} from './contractNegotiation.machine.ts';

type Snapshot = SnapshotFrom<typeof contractNegotiationMachine>;

export type NegotiationPhase =
  | 'none'
  | 'draft'
  | 'proposing'
  | 'proposed'
  | 'accepting'
  | 'accepted'
  | 'rejecting'
  | 'rejected'
  | 'active'
  | 'terminating'
  | 'terminated';

const PHASES: NegotiationPhase[] = [
  'none',
  'draft',
  'proposing',
  'proposed',
  'accepting',
  'accepted',
  'rejecting',
  'rejected',
  'active',
  'terminating',
  'terminated',
];

export const selectPhase = (s: Snapshot): NegotiationPhase => PHASES.find((p) => s.matches(p)) ?? 'none';

/** The panel: the contract as this side knows it, the buttons the machine takes now, the call on its way, the failure. */
export const selectNegotiation = (s: Snapshot) => {
  const phase = selectPhase(s);
  const { contract, role, error, failed, serverFields } = s.context;
  return {
    phase,
    role,
    contract,
    canAccept: s.can({ type: 'ACCEPT' }),
    canReject: s.can({ type: 'REJECT' }),
    canTerminate: s.can({ type: 'TERMINATE' }),
    canEdit: s.can({ type: 'EDIT' }),
    canContinue: s.can({ type: 'CONTINUE' }),
    canNewDraft: s.can({ type: 'NEW_DRAFT' }),
    /** The action whose call is on its way. */
    busy:
      phase === 'accepting'
        ? ('ACCEPT' as const)
        : phase === 'rejecting'
          ? ('REJECT' as const)
          : phase === 'terminating'
            ? ('TERMINATE' as const)
            : null,
    /** A failed action, to try again; a failed offer whose words stand under a field shows only there. */
    error:
      error && !(failed === 'propose' && Object.values(serverFields).includes(error.message ?? '\0'))
        ? error
        : null,
    failed,
  };
};

export interface TierRowView {
  text: Record<TierField, string>;
  /** The client's problem (after the first PROPOSE), else the server's message, per field. */
  problems: Partial<Record<TierField, TierProblem>>;
  serverMessages: Partial<Record<TierField, string>>;
}

const SERVER_KEYS: Record<TierField, string> = {
  activeMembers: 'activeMembers',
  betAmount: 'betAmount',
  rate: 'rateBp',
};

/** The offer editor (in `draft` and while it is sent): rows with their messages, the period, the upline's own tiers. */
export const selectDraft = (s: Snapshot) => {
  const c = s.context;
  const problems = checkDraft(c.tiers, c.period, c);
  const shown = c.showProblems;
  const rows = c.tiers.map(
    (t, i): TierRowView => ({
      text: { activeMembers: t.activeMembers.text, betAmount: t.betAmount.text, rate: t.rate.text },
      problems: shown ? problems.tiers[i]! : {},
      serverMessages: Object.fromEntries(
        (Object.keys(SERVER_KEYS) as TierField[])
          .map((f) => [f, c.serverFields[`tiers.${i}.${SERVER_KEYS[f]}`]] as const)
          .filter(([, m]) => m !== undefined),
      ),
    }),
  );
  return {
    open: s.matches('draft') || s.matches('proposing'),
    sending: s.matches('proposing'),
    rows,
    canAddTier: s.can({ type: 'TIER.ADD' }),
    maxTiers: TIER_LIMITS.tiers,
    listProblem: shown ? problems.list : null,
    listServerMessage: c.serverFields.tiers ?? null,
    isDividend: c.kind === 'DIVIDEND',
    period: c.period,
    ownPeriod: c.ownPeriod,
    periodProblem: shown ? problems.period : null,
    periodServerMessage: c.serverFields.period ?? null,
    ceiling: c.ceiling,
    /** An edit of a live offer or contract can be dropped. */
    canCancel: s.can({ type: 'CANCEL' }),
  };
};
