import { and, assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import {
  type AgentContract,
  type ContractAction,
  type ContractKind,
  type ContractPeriod,
  type ContractStatus,
  type ContractTier,
  TIER_LIMITS,
} from '../contract/agent.ts';
import { type FlowError, readFlowError, serverFieldErrors } from './form.ts';

/**
 * One contract of a kind between an agent and a direct downline agent (spec §1, §3, §4; issue 7), seen from one side:
 * the upline offers and terminates, the downline accepts or rejects. The server's word is `input.contract` (the
 * pending offer, else the contract in force, else none); the view starts a new machine when the server's word moves
 * past what this one knows.
 *
 * States:
 *   - `starting`: picks the first state from the role and the contract's status (an eventless transition): none →
 *     `draft` (upline) or `none` (downline: no contract yet); PROPOSED → `proposed`; ACTIVE → `active`; REJECTED →
 *     `rejected`; TERMINATED → `terminated`.
 *   - `draft` (upline): the offer's tiers as typed (`tier.add`, `tier.remove` { index }, `tier.change` { index,
 *     field, text, reading }) and, for a dividend, its period (`period.change`); after each change `checking` decides
 *     (`checkDraft`: rising tiers, each rate at most the upline's own rate for that team, the upline's period) between
 *     `valid` and `invalid`. `contract.propose` shows the messages; from `valid` it goes to `proposing`. A first offer starts
 *     at the upline's own first thresholds with the rate to choose. `draft.cancel` (an edit of a live contract or offer)
 *     goes back to it.
 *   - `proposing`: actor `propose` → `proposed` (the offer from the server); a failure back to `draft` with the
 *     draft kept, `error` and the server's field messages.
 *   - `proposed`: downline `contract.accept` → `accepting` → `accepted` | `contract.reject` → `rejecting` → `rejected`; upline
 *     `contract.terminate` → `terminating` → `terminated`, `contract.edit` → `draft` with its terms (a new offer replaces it).
 *   - `accepted`: the confirmation (in force from `activeFrom`); `confirmation.close` → `active`.
 *   - `active`: upline `contract.terminate` → `terminating`, `contract.edit` → `draft` with its terms (new terms are a new offer).
 *   - `rejected`, `terminated`: upline `draft.start` → `draft` with the last terms.
 * A failed action (network, 409 because the contract changed) stays where it was with `error`; `failed` names it,
 * so the view can offer to try it again. Only the downline accepts and rejects, only the upline proposes, edits and
 * terminates (guards `isUpline`, `isDownline`).
 */

export type ContractRole = 'upline' | 'downline';

export interface ContractNegotiationInput {
  role: ContractRole;
  kind: ContractKind;
  /** The server's word: the pending offer, else the contract in force, else null. */
  contract: AgentContract | null;
  /** The upline's own contract of this kind in force (its tiers cap every offered rate; a dividend keeps its period). */
  ceiling: { tiers: ContractTier[]; period: ContractPeriod | null } | null;
  /** Upline: whom the offer is for. */
  downlineId: number | null;
}

/**
 * A number as typed and as the view read it (money and percents through src/ui/records/amount.ts: this module stays
 * free of views): members a whole number, bet amount as money, rate as a percent, both with 2 decimals (hundredths).
 */
export interface Typed {
  text: string;
  reading: FieldReading;
}
export type ReadProblem = 'required' | 'format' | 'decimals' | 'whole' | 'tooLarge' | 'zero';
export type FieldReading = { ok: true; value: number } | { ok: false; problem: ReadProblem };

export interface TierDraft {
  activeMembers: Typed;
  betAmount: Typed;
  rate: Typed;
}
export type TierField = keyof TierDraft;

export type TierProblem =
  | { kind: ReadProblem | 'belowPrevious' | 'notRising' }
  | { kind: 'aboveCeiling'; maxBp: number };

export interface DraftProblems {
  tiers: Partial<Record<TierField, TierProblem>>[];
  list: 'required' | 'tooMany' | null;
  period: 'required' | 'mismatch' | null;
}

export type NegotiationAction = 'propose' | ContractAction;

export interface ContractNegotiationContext {
  role: ContractRole;
  kind: ContractKind;
  contract: AgentContract | null;
  ceiling: ContractTier[];
  ownPeriod: ContractPeriod | null;
  downlineId: number | null;
  tiers: TierDraft[];
  period: ContractPeriod | null;
  /** Problems show after the first `contract.propose`, then follow each change. */
  showProblems: boolean;
  /** The server's messages of the failed offer, by field ('tiers.0.rateBp', 'period', 'tiers'). */
  serverFields: Record<string, string>;
  error: FlowError | null;
  failed: NegotiationAction | null;
}

export type ContractNegotiationEvent =
  | { type: 'tier.add' }
  | { type: 'tier.remove'; index: number }
  | { type: 'tier.change'; index: number; field: TierField; text: string; reading: FieldReading }
  | { type: 'period.change'; period: ContractPeriod }
  | { type: 'contract.propose' }
  | { type: 'draft.cancel' }
  | { type: 'contract.edit' }
  | { type: 'contract.accept' }
  | { type: 'contract.reject' }
  | { type: 'contract.terminate' }
  | { type: 'confirmation.close' }
  | { type: 'draft.start' };

export interface ProposeRequest {
  kind: ContractKind;
  downlineId: number;
  period: ContractPeriod | undefined;
  tiers: ContractTier[];
}
export interface ActRequest {
  id: number;
  action: ContractAction;
}

// ——————————————————————————————————————————— reading and checking ———————————————————————————————————————————

/** Minor units or basis points as typed text with 2 decimals: 123450 → "1234.50". */
export const hundredths = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

const typed = (text: string, value: number): Typed => ({ text, reading: { ok: true, value } });

export const tierText = (t: ContractTier): TierDraft => ({
  activeMembers: typed(String(t.activeMembers), t.activeMembers),
  betAmount: typed(hundredths(t.betAmount), t.betAmount),
  rate: typed(hundredths(t.rateBp), t.rateBp),
});

const empty: Typed = { text: '', reading: { ok: false, problem: 'required' } };
const blankTier = (): TierDraft => ({ activeMembers: empty, betAmount: empty, rate: empty });

/** A first offer starts at the upline's own first thresholds, the rate left to choose. */
const firstTier = (ceiling: ContractTier[]): TierDraft => {
  const own = ceiling[0];
  return own ? { ...tierText(own), rate: empty } : blankTier();
};

/** The highest rate of `tiers` a team of `activeMembers` betting `betAmount` reaches (none → 0), as the server caps. */
export function rateFor(tiers: ContractTier[], activeMembers: number, betAmount: number): number {
  let rate = 0;
  for (const t of tiers)
    if (activeMembers >= t.activeMembers && betAmount >= t.betAmount) rate = Math.max(rate, t.rateBp);
  return rate;
}

const FIELDS: TierField[] = ['activeMembers', 'betAmount', 'rate'];

/** The typed tiers in the contract's units, when every field reads. */
export function readTiers(tiers: TierDraft[]): ContractTier[] | null {
  const read: ContractTier[] = [];
  for (const t of tiers) {
    const [members, bet, rate] = FIELDS.map((f) => t[f].reading);
    if (!members!.ok || !bet!.ok || !rate!.ok) return null;
    read.push({ activeMembers: members!.value, betAmount: bet!.value, rateBp: rate!.value });
  }
  return read;
}

/**
 * The server's rules for an offer (contract/agent.ts, the money model): 1 to 10 tiers; each field reads; each tier
 * at least the previous one in members and bet amount, not both equal, and in rate; each rate at most the upline's
 * own rate for that tier's team; a dividend in the upline's own period.
 */
export function checkDraft(
  tiers: TierDraft[],
  period: ContractPeriod | null,
  c: Pick<ContractNegotiationContext, 'kind' | 'ceiling' | 'ownPeriod'>,
): DraftProblems {
  const problems: DraftProblems = {
    tiers: tiers.map(() => ({})),
    list: tiers.length === 0 ? 'required' : tiers.length > TIER_LIMITS.tiers ? 'tooMany' : null,
    period: null,
  };
  if (c.kind === 'DIVIDEND')
    problems.period =
      period === null ? 'required' : c.ownPeriod !== null && period !== c.ownPeriod ? 'mismatch' : null;
  let previous: ContractTier | null = null;
  tiers.forEach((t, i) => {
    const p = problems.tiers[i]!;
    for (const f of FIELDS) {
      const r = t[f].reading;
      if (!r.ok) p[f] = { kind: r.problem };
    }
    const [tier] = readTiers([t]) ?? [];
    if (!tier) {
      // A tier that does not read cannot be compared: the next one is checked against nothing.
      previous = null;
      return;
    }
    if (previous) {
      if (tier.activeMembers < previous.activeMembers) p.activeMembers = { kind: 'belowPrevious' };
      else if (tier.activeMembers === previous.activeMembers && tier.betAmount === previous.betAmount)
        p.activeMembers = { kind: 'notRising' };
      if (tier.betAmount < previous.betAmount) p.betAmount = { kind: 'belowPrevious' };
      if (tier.rateBp < previous.rateBp) p.rate = { kind: 'belowPrevious' };
    }
    const maxBp = rateFor(c.ceiling, tier.activeMembers, tier.betAmount);
    if (!p.rate && tier.rateBp > maxBp) p.rate = { kind: 'aboveCeiling', maxBp };
    previous = tier;
  });
  return problems;
}

export const draftIsValid = (p: DraftProblems) =>
  p.list === null && p.period === null && p.tiers.every((t) => Object.keys(t).length === 0);

/** The server's words by field ('tiers.0.rateBp', 'period', 'tiers'). */
const serverFieldMessages = (thrown: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(serverFieldErrors(thrown)).flatMap(([field, p]) =>
      p.kind === 'server' ? [[field, p.message]] : [],
    ),
  );

/** The draft a contract's terms give (or a first empty tier, in the upline's period). */
function draftFrom(context: ContractNegotiationContext) {
  const c = context.contract;
  return {
    tiers: c && c.tiers.length > 0 ? c.tiers.map(tierText) : [firstTier(context.ceiling)],
    period: context.kind === 'DIVIDEND' ? (c?.period ?? context.ownPeriod) : null,
    showProblems: false,
    serverFields: {},
    error: null,
    failed: null,
  };
}

/** The tiers after a TIER.* event; the changed field loses the server's message about it. */
function editTiers(context: ContractNegotiationContext, event: ContractNegotiationEvent) {
  const tiers = [...context.tiers];
  const serverFields = { ...context.serverFields };
  switch (event.type) {
    case 'tier.add': {
      const last = tiers.at(-1);
      // The next tier starts from the last one's thresholds: the agent raises them.
      tiers.push(last ? { ...last } : blankTier());
      break;
    }
    case 'tier.remove':
      tiers.splice(event.index, 1);
      // The rows below move up: the server's messages by row no longer point at them.
      for (const key of Object.keys(serverFields)) if (key.startsWith('tiers')) delete serverFields[key];
      break;
    case 'tier.change': {
      tiers[event.index] = {
        ...tiers[event.index]!,
        [event.field]: { text: event.text, reading: event.reading },
      };
      const serverKey = event.field === 'rate' ? 'rateBp' : event.field;
      delete serverFields[`tiers.${event.index}.${serverKey}`];
      delete serverFields.tiers;
      break;
    }
  }
  return { tiers, serverFields };
}

const statusIs = (status: ContractStatus) => ({ type: 'statusIs' as const, params: status });

/** Where a failed terminate or a cancelled edit goes back to: the state of the contract as the server has it. */
const backToContract = [
  { guard: statusIs('PROPOSED'), target: 'proposed' },
  { guard: statusIs('ACTIVE'), target: 'active' },
  { guard: statusIs('REJECTED'), target: 'rejected' },
  { guard: statusIs('TERMINATED'), target: 'terminated' },
];

const keepError = (action: NegotiationAction) => ({
  type: 'keepError' as const,
  params: ({ event }: { event: ErrorActorEvent }) => ({ thrown: event.error, action }),
});
const keepContract = {
  type: 'keepContract' as const,
  params: ({ event }: { event: DoneActorEvent<AgentContract> }) => event.output,
};

export const contractNegotiationMachine = setup({
  types: {
    context: {} as ContractNegotiationContext,
    events: {} as ContractNegotiationEvent,
    input: {} as ContractNegotiationInput,
  },
  actors: {
    propose: fromPromise<AgentContract, ProposeRequest>(async () => {
      throw new Error('propose must be provided');
    }),
    act: fromPromise<AgentContract, ActRequest>(async () => {
      throw new Error('act must be provided');
    }),
  },
  guards: {
    isUpline: ({ context }) => context.role === 'upline',
    isDownline: ({ context }) => context.role === 'downline',
    hasNoContract: ({ context }) => context.contract === null,
    statusIs: ({ context }, status: ContractStatus) => context.contract?.status === status,
    canAddTier: ({ context }) => context.tiers.length < TIER_LIMITS.tiers,
    hasTier: ({ context, event }) =>
      event.type === 'tier.remove' || event.type === 'tier.change'
        ? event.index >= 0 && event.index < context.tiers.length
        : false,
    isDividend: ({ context }) => context.kind === 'DIVIDEND',
    draftIsValid: ({ context }) => draftIsValid(checkDraft(context.tiers, context.period, context)),
  },
  actions: {
    editTiers: assign(({ context, event }) => editTiers(context, event)),
    setPeriod: assign(({ context, event }) => {
      if (event.type !== 'period.change') return {};
      const { period: _, ...serverFields } = context.serverFields;
      return { period: event.period, serverFields };
    }),
    showProblems: assign({ showProblems: true }),
    fillDraft: assign(({ context }) => draftFrom(context)),
    startCall: assign({ error: null, failed: null }),
    startOffer: assign({ error: null, failed: null, serverFields: {} }),
    keepContract: assign((_, contract: AgentContract) => ({ contract })),
    keepError: assign((_, p: { thrown: unknown; action: NegotiationAction }) => ({
      error: readFlowError(p.thrown),
      failed: p.action,
      serverFields: p.action === 'propose' ? serverFieldMessages(p.thrown) : {},
    })),
  },
}).createMachine({
  id: 'contractNegotiation',
  initial: 'starting',
  context: ({ input }) => {
    const context: ContractNegotiationContext = {
      role: input.role,
      kind: input.kind,
      contract: input.contract,
      ceiling: input.ceiling?.tiers ?? [],
      ownPeriod: input.ceiling?.period ?? null,
      downlineId: input.downlineId,
      tiers: [],
      period: null,
      showProblems: false,
      serverFields: {},
      error: null,
      failed: null,
    };
    return { ...context, ...draftFrom(context) };
  },
  states: {
    starting: {
      always: [
        { guard: and(['hasNoContract', 'isDownline']), target: 'none' },
        { guard: 'hasNoContract', target: 'draft' },
        // The contract's four statuses (contract/agent.ts contractStatus): one of these always matches.
        ...backToContract,
      ],
    },
    none: {},
    draft: {
      initial: 'checking',
      on: {
        'tier.add': { guard: 'canAddTier', target: '.checking', actions: 'editTiers' },
        'tier.remove': { guard: 'hasTier', target: '.checking', actions: 'editTiers' },
        'tier.change': { guard: 'hasTier', target: '.checking', actions: 'editTiers' },
        'period.change': { guard: 'isDividend', target: '.checking', actions: 'setPeriod' },
        'draft.cancel': backToContract.map((t) => ({ ...t, actions: 'fillDraft' as const })),
      },
      states: {
        // Decides after each change whether the offer may go (an eventless transition; no snapshot rests here).
        checking: {
          always: [{ guard: 'draftIsValid', target: 'valid' }, { target: 'invalid' }],
        },
        valid: {
          on: { 'contract.propose': { target: '#contractNegotiation.proposing', actions: 'showProblems' } },
        },
        invalid: {
          on: { 'contract.propose': { actions: 'showProblems' } },
        },
      },
    },
    proposing: {
      entry: 'startOffer',
      invoke: {
        id: 'propose',
        src: 'propose',
        input: ({ context }) => ({
          kind: context.kind,
          downlineId: context.downlineId ?? 0,
          period: context.period ?? undefined,
          tiers: readTiers(context.tiers) ?? [],
        }),
        onDone: { target: 'proposed', actions: keepContract },
        onError: { target: 'draft', actions: keepError('propose') },
      },
    },
    proposed: {
      on: {
        'contract.accept': { guard: 'isDownline', target: 'accepting' },
        'contract.reject': { guard: 'isDownline', target: 'rejecting' },
        'contract.terminate': { guard: 'isUpline', target: 'terminating' },
        'contract.edit': { guard: 'isUpline', target: 'draft', actions: 'fillDraft' },
      },
    },
    accepting: {
      entry: 'startCall',
      invoke: {
        id: 'accept',
        src: 'act',
        input: ({ context }) => ({ id: context.contract!.id, action: 'ACCEPT' as const }),
        onDone: { target: 'accepted', actions: keepContract },
        onError: { target: 'proposed', actions: keepError('ACCEPT') },
      },
    },
    accepted: {
      on: { 'confirmation.close': 'active' },
    },
    rejecting: {
      entry: 'startCall',
      invoke: {
        id: 'reject',
        src: 'act',
        input: ({ context }) => ({ id: context.contract!.id, action: 'REJECT' as const }),
        onDone: { target: 'rejected', actions: keepContract },
        onError: { target: 'proposed', actions: keepError('REJECT') },
      },
    },
    rejected: {
      on: { 'draft.start': { guard: 'isUpline', target: 'draft', actions: 'fillDraft' } },
    },
    active: {
      on: {
        'contract.terminate': { guard: 'isUpline', target: 'terminating' },
        'contract.edit': { guard: 'isUpline', target: 'draft', actions: 'fillDraft' },
      },
    },
    terminating: {
      entry: 'startCall',
      invoke: {
        id: 'terminate',
        src: 'act',
        input: ({ context }) => ({ id: context.contract!.id, action: 'TERMINATE' as const }),
        onDone: { target: 'terminated', actions: keepContract },
        // Only an offer or a contract in force can be terminated: the failure goes back to whichever it was.
        onError: [
          { guard: statusIs('PROPOSED'), target: 'proposed', actions: keepError('TERMINATE') },
          { target: 'active', actions: keepError('TERMINATE') },
        ],
      },
    },
    terminated: {
      on: { 'draft.start': { guard: 'isUpline', target: 'draft', actions: 'fillDraft' } },
    },
  },
});
