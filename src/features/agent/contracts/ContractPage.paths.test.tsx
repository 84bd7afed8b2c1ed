import { i18n } from '@lingui/core';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, type EventFromLogic, getInitialSnapshot } from 'xstate';
import {
  type AgentContract,
  actOnContract,
  agentContracts,
  type ContractKind,
  type ContractStatus,
  proposeContract,
} from '../../../../contract/agent.ts';
import type { CallOutput } from '../../../../contract/call.ts';
import { selectDraft, selectNegotiation } from '../../../../machines/contractNegotiation.connect.ts';
import {
  contractNegotiationWalks,
  DOWNLINE,
  OWN_TIERS,
  sampleContract,
  UPLINE,
  WALK_NOW,
} from '../../../../machines/contractNegotiation.events.ts';
import {
  type ContractNegotiationContext,
  contractNegotiationMachine,
  type TierField,
  type TierProblem,
} from '../../../../machines/contractNegotiation.machine.ts';
import type { WalkPath } from '../../../../machines/test/transitionPaths.ts';
import { ApiError } from '../../../api/client.ts';
import {
  entries,
  expectFullCoverage,
  fill,
  flush,
  type InternalEvent,
  mount,
  server,
  type ThrownShape,
  useFakeClock,
  useRealClock,
  viewPaths,
  visitor,
  walk,
} from '../../../test/authHarness.tsx';
import { ContractPage } from './ContractPage.tsx';
import { readTierField } from './readTier.ts';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

type M = typeof contractNegotiationMachine;
type Event = EventFromLogic<M> | InternalEvent;
type Context = ContractNegotiationContext;
type Contracts = CallOutput<typeof agentContracts>['value'];

const CONTRACTS = agentContracts.path;
const PROPOSE = proposeContract.path;
const ACT = actOnContract.path;

/** The agent's own contract in force (from its upline): the ceiling of its offers. */
const own = (kind: ContractKind): AgentContract => ({
  ...sampleContract(kind, 'ACTIVE'),
  id: 3,
  upline: { id: 1, account: 'top01' },
  downline: UPLINE,
  tiers: OWN_TIERS,
});

/** What the server holds when the walk starts, as the contracts call answers it (the page's own view of it). */
function startData(
  role: 'upline' | 'downline',
  kind: ContractKind,
  status: ContractStatus | null,
): Contracts {
  if (role === 'upline')
    return {
      mine: { active: own(kind), proposed: null, ended: null },
      downlines: [
        {
          member: DOWNLINE,
          active: status === 'ACTIVE' ? sampleContract(kind, 'ACTIVE') : null,
          proposed: status === 'PROPOSED' ? sampleContract(kind, 'PROPOSED') : null,
          ended: ended(kind, status),
        },
      ],
    };
  // The downline with an offer also has an older contract in force, which a rejection leaves in force.
  return {
    mine: {
      active: status === 'PROPOSED' || status === 'ACTIVE' ? sampleContract(kind, 'ACTIVE') : null,
      proposed: status === 'PROPOSED' ? sampleContract(kind, 'PROPOSED') : null,
      ended: ended(kind, status),
    },
    downlines: [],
  };
}

/** The pair's last ended contract: what the page shows when nothing is live. */
const ended = (kind: ContractKind, status: ContractStatus | null) =>
  status === 'REJECTED' || status === 'TERMINATED' ? sampleContract(kind, status) : null;

/**
 * The walks of contractNegotiation.events.ts, each from the contract the page is given first (an offer, a contract
 * in force, or, when nothing is live, the last rejected or terminated one). What each side can do follows the view:
 * a tier field is typed in the first row, the remove button is the last row's.
 */
const WALKS = contractNegotiationWalks.map((w) => {
  const offered = (s: AnyMachineSnapshot): Event[] => {
    const c = s.context as Context;
    return (w.events as Event[]).flatMap((e): Event[] =>
      e.type === 'tier.remove' ? (c.tiers.length > 0 ? [{ ...e, index: c.tiers.length - 1 }] : []) : [e],
    );
  };
  const paths = viewPaths(w.machine, offered);
  // A side with nothing to do (the downline without an offer) has no path to take: its first screen is the walk.
  const initial = getInitialSnapshot(w.machine, w.input) as AnyMachineSnapshot;
  const still = { name: 'first screen', steps: [{ event: { type: 'xstate.init' }, state: initial }] };
  return { ...w, paths: paths.length > 0 ? paths : [still as unknown as WalkPath<M>] };
});

// ————————————————————————————————————————————— the fake server's contracts —————————————————————————————————————

let data: Contracts;

/** Answers the page's reads of the contracts (it reads again after each answer) with what the server holds now. */
async function answerReads() {
  for (let round = 0; round < 5; round++) {
    const reads = server.requests.filter((r) => r.path === CONTRACTS && r.method === 'GET' && !r.settled);
    if (reads.length === 0) return;
    for (const r of reads) {
      r.settled = true;
      await act(async () =>
        r.resolve(agentContracts.response.parse({ success: true, value: structuredClone(data) })),
      );
    }
    await flush();
  }
}

const posts = (path: string) => server.requests.filter((r) => r.path === path && r.method === 'POST');
const pendingPost = (path: string) => {
  const r = posts(path).find((p) => !p.settled);
  if (!r) throw new Error(`the view sent no request to POST ${path}`);
  return r;
};

/** Answers the oldest pending action, and the server now holds what it says. */
async function replyPost(path: string, value: AgentContract, requestedId?: number) {
  const r = pendingPost(path);
  r.settled = true;
  applyToData(value, requestedId);
  await act(async () => r.resolve({ success: true, value }));
  await flush();
  await answerReads();
}

async function failPost(path: string, e: ThrownShape) {
  const r = pendingPost(path);
  r.settled = true;
  await act(async () => r.reject(new ApiError(e.code as ApiError['code'], e.message ?? '', e.fields, 400)));
  await flush();
  await answerReads();
}

function applyToData(c: AgentContract, requestedId?: number) {
  const row = data.downlines[0];
  switch (c.status) {
    case 'PROPOSED':
      if (row) row.proposed = c;
      return;
    case 'ACTIVE':
      data.mine = { ...data.mine, active: c, proposed: null };
      return;
    case 'REJECTED':
      data.mine = { ...data.mine, proposed: null, ended: c };
      return;
    case 'TERMINATED':
      if (row) {
        if (row.proposed?.id === requestedId) row.proposed = null;
        if (row.active?.id === requestedId) row.active = null;
        row.ended = c;
      }
  }
}

// ————————————————————————————————————————————— the agent's hands —————————————————————————————————————————————

const row = () => screen.getByRole('listitem', { name: DOWNLINE.account });
const offerForm = () => within(row()).getByRole('form', { name: `Offer to ${DOWNLINE.account}` });
const tierBox = (index: number) => within(offerForm()).getByRole('group', { name: `Tier ${index + 1}` });
const myContract = () => screen.getByRole('region', { name: 'My contract' });
const offerPanel = () => within(myContract()).getByRole('region', { name: `Offer from ${UPLINE.account}` });
const LABELS: Record<TierField, string> = {
  activeMembers: 'Active members',
  betAmount: 'Bet amount',
  rate: 'Rate (%)',
};

async function confirmIn(button: HTMLElement, confirm: string) {
  await visitor().click(button);
  await visitor().click(within(screen.getByRole('dialog')).getByRole('button', { name: confirm }));
}

async function perform(event: Event, from: AnyMachineSnapshot) {
  await answerReads();
  const c = from.context as Context;
  const user = visitor();
  switch (event.type) {
    case 'tier.change':
      expect(readTierField(event.field, event.text)).toEqual(event.reading);
      return fill(within(tierBox(event.index)).getByLabelText(LABELS[event.field]), event.text);
    case 'tier.add':
      return user.click(within(offerForm()).getByRole('button', { name: 'Add tier' }));
    case 'tier.remove':
      return user.click(within(offerForm()).getByRole('button', { name: `Remove tier ${event.index + 1}` }));
    case 'period.change':
      return user.selectOptions(within(offerForm()).getByLabelText('Period'), 'Monthly');
    case 'contract.propose':
      return user.click(within(offerForm()).getByRole('button', { name: 'Send offer' }));
    case 'draft.cancel':
      return user.click(within(offerForm()).getByRole('button', { name: 'Cancel' }));
    case 'contract.edit':
      return user.click(within(row()).getByRole('button', { name: 'Edit terms' }));
    case 'draft.start':
      return user.click(within(row()).getByRole('button', { name: 'New offer' }));
    case 'contract.terminate':
      return confirmIn(within(row()).getByRole('button', { name: 'Terminate' }), 'Yes, terminate');
    case 'contract.accept':
      return user.click(within(offerPanel()).getByRole('button', { name: 'Accept' }));
    case 'contract.reject':
      return confirmIn(within(offerPanel()).getByRole('button', { name: 'Reject' }), 'Reject offer');
    case 'confirmation.close':
      return user.click(within(myContract()).getByRole('button', { name: 'Continue' }));
    case 'xstate.done.actor.propose':
      return replyPost(PROPOSE, event.output as AgentContract);
    case 'xstate.error.actor.propose':
      return failPost(PROPOSE, event.error as ThrownShape);
    case 'xstate.done.actor.accept':
    case 'xstate.done.actor.reject':
    case 'xstate.done.actor.terminate':
      return replyPost(ACT, event.output as AgentContract, c.contract?.id);
    case 'xstate.error.actor.accept':
    case 'xstate.error.actor.reject':
    case 'xstate.error.actor.terminate':
      return failPost(ACT, event.error as ThrownShape);
    default:
      throw new Error(`the page has no control for ${event.type}`);
  }
}

// ————————————————————————————————————————————— what the agent sees —————————————————————————————————————————————

const when = (iso: string) => i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
const pct = (bp: number) => `${(bp / 100).toFixed(2)}%`;
const money = (minor: number) =>
  `$${(minor / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const errorWords = (e: { code: string; message?: string }) =>
  e.code === 'NETWORK' || !e.message ? 'Network abnormal, please try again.' : e.message;

function problemWords(f: TierField, p: TierProblem): string {
  switch (p.kind) {
    case 'required':
      return 'Please fill this in';
    case 'decimals':
      return 'At most 2 decimals';
    case 'belowPrevious':
      return {
        activeMembers: 'At least the previous tier’s members',
        betAmount: 'At least the previous tier’s bet amount',
        rate: 'At least the previous tier’s rate',
      }[f];
    case 'notRising':
      return 'Raise the members or the bet amount above the previous tier';
    case 'aboveCeiling':
      return `At most your own rate for this team: ${pct(p.maxBp)}`;
    default:
      throw new Error(`the walks type nothing that is ${p.kind}`);
  }
}

/** A terms table's rows as the agent reads them. */
const termRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
const expectTerms = (container: HTMLElement, caption: string, c: AgentContract) =>
  expect(termRows(within(container).getByRole('table', { name: caption }))).toEqual(
    c.tiers.map((t) => [String(t.activeMembers), money(t.betAmount), pct(t.rateBp)]),
  );

function expectUpline(state: AnyMachineSnapshot) {
  const n = selectNegotiation(state as never);
  const c = state.context as Context;
  const li = row();
  if (n.phase === 'draft' || n.phase === 'proposing') {
    const d = selectDraft(state as never);
    const form = offerForm();
    // The ceiling beside the editor.
    expect(
      termRows(within(form).getByRole('table', { name: 'Your own rates (the most you can offer)' })),
    ).toEqual(OWN_TIERS.map((t) => [String(t.activeMembers), money(t.betAmount), pct(t.rateBp)]));
    expect(within(form).queryAllByRole('group', { name: /^Tier \d+$/ })).toHaveLength(d.rows.length);
    d.rows.forEach((r, i) => {
      for (const f of Object.keys(LABELS) as TierField[]) {
        const input = within(tierBox(i)).getByLabelText(LABELS[f]);
        expect(input).toHaveValue(r.text[f]);
        const problem = r.problems[f];
        const message = problem ? problemWords(f, problem) : r.serverMessages[f];
        if (message) {
          expect(input).toHaveAttribute('aria-invalid', 'true');
          expect(input).toHaveAccessibleDescription(message);
        } else expect(input).not.toHaveAttribute('aria-invalid');
      }
    });
    const list = within(form).getByRole('group', { name: 'Tiers' });
    if (d.listProblem) expect(list).toHaveAccessibleDescription('Add at least one tier');
    else expect(list).not.toHaveAccessibleDescription();
    const period = within(form).getByLabelText('Period');
    expect(period).toHaveValue(d.period);
    if (d.periodProblem === 'mismatch')
      expect(period).toHaveAccessibleDescription('A dividend is paid in your own period: Weekly');
    else expect(period).not.toHaveAccessibleDescription();
    const alert = within(form).queryByRole('alert');
    if (n.error) expect(alert).toHaveTextContent(errorWords(n.error));
    else expect(alert).toBeNull();
    const send = within(form).getByRole('button', { name: /^(Send offer|Sending…)$/ });
    expect(send).toHaveTextContent(d.sending ? 'Sending…' : 'Send offer');
    expect(within(form).queryByRole('button', { name: 'Cancel' }) !== null).toBe(d.canCancel);
    expect(within(li).queryByRole('button', { name: 'Terminate' })).toBeNull();
    return;
  }
  expect(within(li).queryByRole('form')).toBeNull();
  const contract = c.contract!;
  const words: Record<string, string> = {
    proposed: `Offer sent, waiting for ${DOWNLINE.account} to answer.`,
    active: `In force since ${when(contract.activeFrom ?? contract.proposedAt)}.`,
    rejected: `${DOWNLINE.account} rejected the offer.`,
    terminated: 'Terminated.',
  };
  const shown = n.phase === 'terminating' ? (contract.status === 'ACTIVE' ? 'active' : 'proposed') : n.phase;
  expect(within(li).getByRole('status')).toHaveTextContent(words[shown]!);
  expectTerms(li, 'Terms', contract);
  expect(within(li).queryByRole('button', { name: 'Edit terms' }) !== null).toBe(n.canEdit);
  expect(within(li).queryByRole('button', { name: 'New offer' }) !== null).toBe(n.canNewDraft);
  const terminate = within(li).queryByRole('button', { name: /^(Terminate|Terminating…)$/ });
  if (n.busy === 'TERMINATE') expect(terminate).toHaveAttribute('aria-busy', 'true');
  else expect(terminate !== null).toBe(n.canTerminate);
  const alert = within(li).queryByRole('alert');
  if (n.error) {
    expect(alert).toHaveTextContent(errorWords(n.error));
    expect(within(alert!).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  } else expect(alert).toBeNull();
}

function expectDownline(state: AnyMachineSnapshot) {
  const n = selectNegotiation(state as never);
  const section = myContract();
  const panel = within(section).queryByRole('region', { name: `Offer from ${UPLINE.account}` });
  // The contract in force, as the server holds it now.
  const active = data.mine.active;
  const inForce = within(section).queryByRole('table', { name: /^In force since/ });
  if (active) expectTerms(section, `In force since ${when(active.activeFrom!)}`, active);
  else expect(inForce).toBeNull();
  switch (n.phase) {
    case 'proposed':
    case 'accepting':
    case 'rejecting': {
      expect(panel).not.toBeNull();
      expectTerms(panel!, 'Offered terms', n.contract!);
      const accept = within(panel!).getByRole('button', { name: /^(Accept|Accepting…)$/ });
      expect(accept).toHaveTextContent(n.busy === 'ACCEPT' ? 'Accepting…' : 'Accept');
      if (n.busy) expect(accept).toBeDisabled();
      else expect(accept).toBeEnabled();
      const alert = within(panel!).queryByRole('alert');
      if (n.error) expect(alert).toHaveTextContent(errorWords(n.error));
      else expect(alert).toBeNull();
      return;
    }
    case 'accepted':
      expect(panel).toBeNull();
      expect(within(section).getByRole('status')).toHaveTextContent(
        `You accepted the offer. It is in force from ${when(n.contract!.activeFrom!)}.`,
      );
      return;
    case 'rejected':
      expect(panel).toBeNull();
      expect(within(section).getByRole('status')).toHaveTextContent('You rejected the offer.');
      return;
    case 'none':
      expect(within(section).getByRole('status')).toHaveTextContent('You have no contract of this kind yet.');
      return;
    default:
      expect(panel).toBeNull();
      expect(within(section).queryByRole('status')).toBeNull();
  }
}

function expectScreen(path: WalkPath<M>, state: AnyMachineSnapshot, i: number) {
  const c = state.context as Context;
  // What went out: one offer per entry into `proposing`, one action per entry into an action's state.
  const acting = (s: AnyMachineSnapshot) =>
    s.matches('accepting') || s.matches('rejecting') || s.matches('terminating');
  expect(posts(PROPOSE)).toHaveLength(entries(path, i, (s) => s.matches('proposing')));
  expect(posts(ACT)).toHaveLength(entries(path, i, acting));
  if (state.matches('proposing'))
    expect(pendingPost(PROPOSE).input.body).toEqual({
      kind: c.kind,
      downlineId: DOWNLINE.id,
      ...(c.period ? { period: c.period } : {}),
      tiers: c.tiers.map((t) => ({
        activeMembers: t.activeMembers.reading.ok && t.activeMembers.reading.value,
        betAmount: t.betAmount.reading.ok && t.betAmount.reading.value,
        rateBp: t.rate.reading.ok && t.rate.reading.value,
      })),
    });
  if (acting(state)) {
    const action = state.matches('accepting')
      ? 'ACCEPT'
      : state.matches('rejecting')
        ? 'REJECT'
        : 'TERMINATE';
    expect(pendingPost(ACT).input).toEqual({ params: { id: c.contract!.id }, body: { action } });
  }
  if (c.role === 'upline') expectUpline(state);
  else expectDownline(state);
}

describe('Contract pages: paths generated from contractNegotiation, walked against both sides of ContractPage', () => {
  beforeEach(() => {
    useFakeClock();
    vi.setSystemTime(Date.parse(WALK_NOW));
    server.reset();
  });
  afterEach(() => {
    useRealClock();
  });

  it('cover every state and transition (both sides together)', () => {
    // `starting` and `draft.checking` only decide (eventless transitions).
    expectFullCoverage(
      contractNegotiationMachine,
      WALKS.flatMap((w) => w.paths),
      { states: ['starting', 'draft.checking'], transitions: [] },
    );
  });

  it.each(
    WALKS.flatMap((w) => w.paths.map((p) => [`${w.role} (${w.status ?? 'none'}): ${p.name}`, w, p] as const)),
  )('%s', async (_name, w, path) => {
    data = startData(w.role, w.kind, w.status);
    await walk(
      path,
      () =>
        mount(<ContractPage kind={w.kind} />, {
          queryData: [[['agent', 'contracts', w.kind], structuredClone(data)]],
        }),
      (event, from) => perform(event, from),
      (state, i) => expectScreen(path, state, i),
    );
  });
});
