import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AgentContract, ContractStatus } from '../contract/agent.ts';
import { selectDraft, selectNegotiation, selectPhase } from './contractNegotiation.connect.ts';
import {
  actionReply,
  contractNegotiationWalks,
  OWN_TIERS,
  sampleContract,
  TIER_CHANGES,
  walkInput,
} from './contractNegotiation.events.ts';
import {
  type ActRequest,
  type ContractNegotiationInput,
  type ContractRole,
  checkDraft,
  contractNegotiationMachine,
  type ProposeRequest,
  rateFor,
  type TierDraft,
} from './contractNegotiation.machine.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { transitionPaths } from './test/transitionPaths.ts';

describe('contractNegotiation: generated paths', () => {
  const walks = contractNegotiationWalks.map((w) => ({ ...w, paths: transitionPaths(w.machine, w.events) }));

  it('visit every state and take every declared transition (the walks of both sides together)', () => {
    const seen = { states: new Set<string>(), transitions: new Set<string>() };
    for (const w of walks) {
      const one = walked(contractNegotiationMachine, w.paths);
      for (const s of one.states) seen.states.add(s);
      for (const t of one.transitions) seen.transitions.add(t);
    }
    // `starting` and `draft.checking` only decide (eventless transitions): no snapshot rests in them. `none` (the
    // downline without a contract) takes no event: no path leaves it, the start table below checks it.
    expect([...seen.states].sort()).toEqual(
      statePaths(contractNegotiationMachine)
        .filter((p) => !['starting', 'draft.checking', 'none'].includes(p))
        .sort(),
    );
    expect([...seen.transitions].sort()).toEqual(declaredTransitions(contractNegotiationMachine).sort());
  });

  it('give each side its own share of the states', () => {
    const states = (role: ContractRole) =>
      new Set(walks.filter((w) => w.role === role).flatMap((w) => [...walked(w.machine, w.paths).states]));
    const upline = states('upline');
    const downline = states('downline');
    for (const s of ['accepting', 'accepted', 'rejecting']) expect(upline).not.toContain(s);
    for (const s of ['draft', 'proposing', 'terminating', 'terminated']) expect(downline).not.toContain(s);
  });

  it.each([
    ['upline', null, 'draft'],
    ['upline', 'PROPOSED', 'proposed'],
    ['upline', 'ACTIVE', 'active'],
    ['upline', 'REJECTED', 'rejected'],
    ['upline', 'TERMINATED', 'terminated'],
    ['downline', null, 'none'],
    ['downline', 'PROPOSED', 'proposed'],
    ['downline', 'ACTIVE', 'active'],
    ['downline', 'TERMINATED', 'terminated'],
  ] as const)('the %s with a contract %s starts in %s', (role, status, phase) => {
    const { actor } = start(walkInput(role, 'DAILY_SALARY', status));
    expect(selectPhase(actor.getSnapshot())).toBe(phase);
  });
});

// ————————————————————————————————————————————— rules —————————————————————————————————————————————

const tier = (activeMembers: number, bet: number, rateBp: number): TierDraft => ({
  activeMembers: { text: String(activeMembers), reading: { ok: true, value: activeMembers } },
  betAmount: { text: String(bet / 100), reading: { ok: true, value: bet } },
  rate: { text: String(rateBp / 100), reading: { ok: true, value: rateBp } },
});
const rules = { kind: 'DAILY_SALARY' as const, ceiling: OWN_TIERS, ownPeriod: null };

describe('contractNegotiation: the server’s rules, checked before sending', () => {
  it('caps a rate by the upline’s own tiers at the offered team’s thresholds', () => {
    expect(rateFor(OWN_TIERS, 0, 1_000_000)).toBe(0);
    expect(rateFor(OWN_TIERS, 1, 0)).toBe(100);
    expect(rateFor(OWN_TIERS, 5, 99_999)).toBe(100);
    expect(rateFor(OWN_TIERS, 5, 100_000)).toBe(150);
    expect(rateFor([], 100, 100)).toBe(0);
  });

  it('passes rising tiers within the ceiling', () => {
    const p = checkDraft([tier(1, 0, 50), tier(1, 50_000, 90), tier(5, 100_000, 150)], null, rules);
    expect(p).toEqual({ tiers: [{}, {}, {}], list: null, period: null });
  });

  it('each tier at least the previous one (not both thresholds equal), rates not falling, within the ceiling', () => {
    const p = checkDraft(
      [
        tier(5, 100_000, 120),
        tier(4, 200_000, 130),
        tier(4, 200_000, 130),
        tier(6, 50_000, 110),
        tier(0, 0, 50),
      ],
      null,
      rules,
    );
    expect(p.tiers).toEqual([
      {},
      // 4 members reach only the upline's first tier (1.00 %).
      { activeMembers: { kind: 'belowPrevious' }, rate: { kind: 'aboveCeiling', maxBp: 100 } },
      { activeMembers: { kind: 'notRising' }, rate: { kind: 'aboveCeiling', maxBp: 100 } },
      { betAmount: { kind: 'belowPrevious' }, rate: { kind: 'belowPrevious' } },
      {
        activeMembers: { kind: 'belowPrevious' },
        betAmount: { kind: 'belowPrevious' },
        rate: { kind: 'belowPrevious' },
      },
    ]);
    // The upline earns nothing below its own first tier: any rate there is too high.
    expect(checkDraft([tier(0, 0, 1)], null, rules).tiers[0]).toEqual({
      rate: { kind: 'aboveCeiling', maxBp: 0 },
    });
    expect(checkDraft([tier(1, 0, 101)], null, rules).tiers[0]).toEqual({
      rate: { kind: 'aboveCeiling', maxBp: 100 },
    });
  });

  it('a field that does not read keeps its problem, and the next tier is not compared with it', () => {
    const unread: TierDraft = {
      ...tier(3, 0, 90),
      betAmount: { text: '1.005', reading: { ok: false, problem: 'decimals' } },
    };
    expect(checkDraft([unread, tier(1, 0, 50)], null, rules).tiers).toEqual([
      { betAmount: { kind: 'decimals' } },
      {},
    ]);
  });

  it('1 to 10 tiers; a dividend in the upline’s own period, salaries without one', () => {
    expect(checkDraft([], null, rules).list).toBe('required');
    const eleven = Array.from({ length: 11 }, (_, i) => tier(i + 1, 0, 100));
    expect(checkDraft(eleven, null, rules).list).toBe('tooMany');
    const dividend = { ...rules, kind: 'DIVIDEND' as const, ownPeriod: 'W' as const };
    expect(checkDraft([tier(1, 0, 50)], null, dividend).period).toBe('required');
    expect(checkDraft([tier(1, 0, 50)], 'M', dividend).period).toBe('mismatch');
    expect(checkDraft([tier(1, 0, 50)], 'W', dividend).period).toBeNull();
  });
});

// ————————————————————————————————————————————— behaviour —————————————————————————————————————————————

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The machine with fake calls that stay pending until the test settles the oldest. */
function start(input: ContractNegotiationInput) {
  const proposals: ProposeRequest[] = [];
  const actions: ActRequest[] = [];
  const pending: Deferred[] = [];
  const promise = () =>
    new Promise<AgentContract>((resolve, reject) => pending.push({ resolve, reject } as Deferred));
  const machine = contractNegotiationMachine.provide({
    actors: {
      propose: fromPromise<AgentContract, ProposeRequest>(({ input }) => {
        proposals.push(input);
        return promise();
      }),
      act: fromPromise<AgentContract, ActRequest>(({ input }) => {
        actions.push(input);
        return promise();
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    pending.shift()![how](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    actor,
    proposals,
    actions,
    done: (value: unknown) => settle('resolve', value),
    fail: (error: unknown) => settle('reject', error),
  };
}

const upline = (status: ContractStatus | null, kind: 'DIVIDEND' | 'DAILY_SALARY' = 'DIVIDEND') =>
  start(walkInput('upline', kind, status));
const downline = (status: ContractStatus | null) => start(walkInput('downline', 'DAILY_SALARY', status));

describe('contractNegotiation: the upline', () => {
  it('starts a first offer at its own first thresholds in its own period, and sends it once the rate is set', async () => {
    const { actor, proposals, done } = upline(null);
    const draft = selectDraft(actor.getSnapshot());
    expect(draft.rows.map((r) => r.text)).toEqual([{ activeMembers: '1', betAmount: '0.00', rate: '' }]);
    expect(draft).toMatchObject({ period: 'W', ownPeriod: 'W', isDividend: true, canCancel: false });
    expect(draft.rows[0]!.problems).toEqual({});
    // Nothing typed yet: contract.propose shows what is missing and sends nothing.
    actor.send({ type: 'contract.propose' });
    expect(actor.getSnapshot().matches({ draft: 'invalid' })).toBe(true);
    expect(selectDraft(actor.getSnapshot()).rows[0]!.problems).toEqual({ rate: { kind: 'required' } });
    actor.send(TIER_CHANGES.rate);
    actor.send({ type: 'contract.propose' });
    expect(selectPhase(actor.getSnapshot())).toBe('proposing');
    expect(proposals).toEqual([
      {
        kind: 'DIVIDEND',
        downlineId: 20,
        period: 'W',
        tiers: [{ activeMembers: 1, betAmount: 0, rateBp: 80 }],
      },
    ]);
    const offer = sampleContract('DIVIDEND', 'PROPOSED');
    await done(offer);
    expect(selectNegotiation(actor.getSnapshot())).toMatchObject({
      phase: 'proposed',
      contract: offer,
      canTerminate: true,
      canEdit: true,
      canAccept: false,
      canReject: false,
    });
  });

  it('a refused offer goes back to the draft as typed, with the server’s words under the field', async () => {
    const { actor, fail } = upline(null);
    actor.send(TIER_CHANGES.rate);
    actor.send({ type: 'tier.add' });
    actor.send({
      type: 'tier.change',
      index: 1,
      field: 'activeMembers',
      text: '5',
      reading: { ok: true, value: 5 },
    });
    actor.send({ type: 'contract.propose' });
    await fail({ code: 'VALIDATION', message: 'Too high', fields: { 'tiers.1.rateBp': 'Too high' } });
    const draft = selectDraft(actor.getSnapshot());
    expect(draft.rows.map((r) => r.text.activeMembers)).toEqual(['1', '5']);
    expect(draft.rows[1]!.serverMessages).toEqual({ rate: 'Too high' });
    // The words stand under the field: no second copy above the button.
    expect(selectNegotiation(actor.getSnapshot()).error).toBeNull();
    // Changing the field drops the server's message about it.
    actor.send({
      type: 'tier.change',
      index: 1,
      field: 'rate',
      text: '1.50',
      reading: { ok: true, value: 150 },
    });
    expect(selectDraft(actor.getSnapshot()).rows[1]!.serverMessages).toEqual({});
  });

  it('a lost connection while offering keeps the draft and says so', async () => {
    const { actor, fail } = upline(null);
    actor.send(TIER_CHANGES.rate);
    actor.send({ type: 'contract.propose' });
    await fail(new Error('offline'));
    expect(actor.getSnapshot().matches({ draft: 'valid' })).toBe(true);
    expect(selectNegotiation(actor.getSnapshot()).error).toEqual({ code: 'NETWORK', message: 'offline' });
  });

  it('edits an offer with its terms, and can drop the edit', () => {
    const { actor } = upline('PROPOSED');
    actor.send({ type: 'contract.edit' });
    actor.send(TIER_CHANGES.rateAboveCeiling);
    expect(actor.getSnapshot().matches({ draft: 'invalid' })).toBe(true);
    actor.send({ type: 'draft.cancel' });
    expect(selectPhase(actor.getSnapshot())).toBe('proposed');
    actor.send({ type: 'contract.edit' });
    expect(selectDraft(actor.getSnapshot()).rows.map((r) => r.text)).toEqual([
      { activeMembers: '1', betAmount: '0.00', rate: '0.80' },
    ]);
  });

  it('terminates a contract in force; a failure stays there to try again', async () => {
    const { actor, actions, done, fail } = upline('ACTIVE');
    actor.send({ type: 'contract.terminate' });
    expect(selectNegotiation(actor.getSnapshot()).busy).toBe('TERMINATE');
    await fail({ code: 'NETWORK' });
    expect(selectNegotiation(actor.getSnapshot())).toMatchObject({
      phase: 'active',
      error: { code: 'NETWORK' },
      failed: 'TERMINATE',
    });
    actor.send({ type: 'contract.terminate' });
    expect(selectNegotiation(actor.getSnapshot()).error).toBeNull();
    await done(actionReply('DIVIDEND', 'TERMINATED'));
    expect(actions).toEqual([
      { id: 5, action: 'TERMINATE' },
      { id: 5, action: 'TERMINATE' },
    ]);
    expect(selectNegotiation(actor.getSnapshot())).toMatchObject({ phase: 'terminated', canNewDraft: true });
  });

  it('starts a new offer from the last terms after a termination', async () => {
    const { actor, done } = upline('PROPOSED', 'DAILY_SALARY');
    actor.send({ type: 'contract.terminate' });
    await done(
      sampleContract('DAILY_SALARY', 'TERMINATED', {
        tiers: [{ activeMembers: 2, betAmount: 12_345, rateBp: 95 }],
      }),
    );
    actor.send({ type: 'draft.start' });
    const draft = selectDraft(actor.getSnapshot());
    expect(draft.rows.map((r) => r.text)).toEqual([
      { activeMembers: '2', betAmount: '123.45', rate: '0.95' },
    ]);
    expect(draft).toMatchObject({ isDividend: false, period: null });
    expect(actor.getSnapshot().matches({ draft: 'valid' })).toBe(true);
  });

  it('keeps at most 10 tiers, and a salary has no period to change', () => {
    const { actor } = upline(null, 'DAILY_SALARY');
    for (let i = 0; i < 12; i++) actor.send({ type: 'tier.add' });
    expect(selectDraft(actor.getSnapshot())).toMatchObject({ canAddTier: false });
    expect(actor.getSnapshot().context.tiers).toHaveLength(10);
    actor.send({ type: 'period.change', period: 'D' });
    expect(actor.getSnapshot().context.period).toBeNull();
    actor.send({ type: 'tier.remove', index: 42 });
    expect(actor.getSnapshot().context.tiers).toHaveLength(10);
  });

  it('cannot accept or reject its own offer', () => {
    const { actor, actions } = upline('PROPOSED');
    actor.send({ type: 'contract.accept' });
    actor.send({ type: 'contract.reject' });
    expect(selectPhase(actor.getSnapshot())).toBe('proposed');
    expect(actions).toEqual([]);
  });
});

describe('contractNegotiation: the downline', () => {
  it('accepts an offer: a confirmation, then the contract in force', async () => {
    const { actor, actions, done } = downline('PROPOSED');
    expect(selectNegotiation(actor.getSnapshot())).toMatchObject({
      canAccept: true,
      canReject: true,
      canTerminate: false,
      canEdit: false,
    });
    actor.send({ type: 'contract.accept' });
    expect(actions).toEqual([{ id: 8, action: 'ACCEPT' }]);
    await done(actionReply('DAILY_SALARY', 'ACTIVE'));
    expect(selectNegotiation(actor.getSnapshot())).toMatchObject({
      phase: 'accepted',
      canContinue: true,
      contract: { status: 'ACTIVE', activeFrom: '2030-01-01T00:00:00.000Z' },
    });
    actor.send({ type: 'confirmation.close' });
    expect(selectNegotiation(actor.getSnapshot())).toMatchObject({ phase: 'active', canTerminate: false });
  });

  it('an acceptance refused because the upline’s contract changed stays on the offer with the reason', async () => {
    const { actor, fail } = downline('PROPOSED');
    actor.send({ type: 'contract.accept' });
    await fail({ code: 'CONFLICT', message: 'No longer fits' });
    expect(selectNegotiation(actor.getSnapshot())).toMatchObject({
      phase: 'proposed',
      error: { code: 'CONFLICT', message: 'No longer fits' },
      failed: 'ACCEPT',
      canAccept: true,
    });
  });

  it('rejects an offer, and cannot propose, terminate or start a new one', async () => {
    const { actor, actions, done } = downline('PROPOSED');
    actor.send({ type: 'contract.terminate' });
    actor.send({ type: 'contract.edit' });
    expect(actions).toEqual([]);
    actor.send({ type: 'contract.reject' });
    await done(actionReply('DAILY_SALARY', 'REJECTED'));
    expect(selectNegotiation(actor.getSnapshot())).toMatchObject({ phase: 'rejected', canNewDraft: false });
    actor.send({ type: 'draft.start' });
    expect(selectPhase(actor.getSnapshot())).toBe('rejected');
  });

  it('without a contract has nothing to do', () => {
    const { actor } = downline(null);
    for (const type of [
      'contract.propose',
      'contract.accept',
      'contract.terminate',
      'draft.start',
      'tier.add',
    ] as const)
      actor.send({ type });
    expect(selectPhase(actor.getSnapshot())).toBe('none');
  });
});
