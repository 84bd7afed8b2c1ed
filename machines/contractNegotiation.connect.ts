import type { EventFromLogic, SnapshotFrom } from 'xstate';
import {
  type AgentContract,
  type ContractAction,
  type ContractPeriod,
  TIER_LIMITS,
} from '../contract/agent.ts';
import {
  checkDraft,
  type contractNegotiationMachine,
  type FieldReading,
  type TierField,
  type TierProblem,
} from './contractNegotiation.machine.ts';

type Snapshot = SnapshotFrom<typeof contractNegotiationMachine>;
type Send = (event: EventFromLogic<typeof contractNegotiationMachine>) => void;

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
    canAccept: s.can({ type: 'contract.accept' }),
    canReject: s.can({ type: 'contract.reject' }),
    canTerminate: s.can({ type: 'contract.terminate' }),
    canEdit: s.can({ type: 'contract.edit' }),
    canContinue: s.can({ type: 'confirmation.close' }),
    canNewDraft: s.can({ type: 'draft.start' }),
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
  /** The client's problem (after the first `contract.propose`), else the server's message, per field. */
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
    canAddTier: s.can({ type: 'tier.add' }),
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
    canCancel: s.can({ type: 'draft.cancel' }),
  };
};

/** The event that asks the server for an action again (the button a failure offers). */
const ACTION_EVENT = {
  ACCEPT: 'contract.accept',
  REJECT: 'contract.reject',
  TERMINATE: 'contract.terminate',
} as const satisfies Record<ContractAction, string>;

const alive = (c: AgentContract) => c.status === 'PROPOSED' || c.status === 'ACTIVE';

/**
 * Whether the server's word has moved past what the machine knows, so a new machine must start from it: a contract
 * the machine thinks alive that the server shows otherwise (ended, or changed elsewhere), or a newer contract than
 * the one it knows. An offer the machine itself ended (rejected, terminated) stays on screen while the server shows
 * the older contract still in force.
 */
export function movedOn(known: AgentContract | null, server: AgentContract | null): boolean {
  if (known && alive(known)) return server?.id !== known.id || server.status !== known.status;
  return server !== null && (known === null || server.id > known.id);
}

/**
 * One side of a contract as the view shows it: the panel (`selectNegotiation`), the status line to show (`shown`: a
 * termination on its way still shows what is being ended), the offer editor (`draft`), and the commands. `retry` is
 * there only when the failed action may be asked again; `propose` is ignored while an offer is on its way.
 */
export function connectNegotiation(s: Snapshot, send: Send) {
  const panel = selectNegotiation(s);
  const { failed, contract } = panel;
  const again = failed && failed !== 'propose' ? ACTION_EVENT[failed] : null;
  const draft = selectDraft(s);
  return {
    ...panel,
    shown:
      panel.phase === 'terminating' ? (contract?.status === 'ACTIVE' ? 'active' : 'proposed') : panel.phase,
    /** The editor is open (in `draft` and while the offer is sent). */
    editing: draft.open,
    draft: {
      ...draft,
      propose: () => {
        if (!draft.sending) send({ type: 'contract.propose' });
      },
      cancel: () => send({ type: 'draft.cancel' }),
      addTier: () => send({ type: 'tier.add' }),
      removeTier: (index: number) => send({ type: 'tier.remove', index }),
      /** `reading`: the view's reading of the typed text (money and percents are read by src/ui). */
      changeTier: (index: number, field: TierField, text: string, reading: FieldReading) =>
        send({ type: 'tier.change', index, field, text, reading }),
      changePeriod: (period: ContractPeriod) => send({ type: 'period.change', period }),
    },
    accept: () => send({ type: 'contract.accept' }),
    reject: () => send({ type: 'contract.reject' }),
    terminate: () => send({ type: 'contract.terminate' }),
    edit: () => send({ type: 'contract.edit' }),
    startDraft: () => send({ type: 'draft.start' }),
    closeConfirmation: () => send({ type: 'confirmation.close' }),
    retry: again && s.can({ type: again }) ? () => send({ type: again }) : undefined,
    /** Whether the server's word (`server`) has moved past this machine's, so the view starts a new one. */
    isStale: (server: AgentContract | null) => movedOn(contract, server),
  };
}
export type NegotiationView = ReturnType<typeof connectNegotiation>;
