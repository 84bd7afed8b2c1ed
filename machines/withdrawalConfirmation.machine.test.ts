import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { PaymentStatus } from '../contract/payments.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { coverage, transitionPaths } from './test/transitionPaths.ts';
import { selectConfirmation, selectPhase, selectProofForm } from './withdrawalConfirmation.connect.ts';
import {
  FORCED_RECEIVE_IN_MS,
  PROOF_FILES,
  REMARKS,
  withdrawalConfirmationWalks,
} from './withdrawalConfirmation.events.ts';
import {
  type ConfirmRequest,
  checkProof,
  MAX_TIMER_MS,
  type ProofFile,
  type ProofReport,
  type WithdrawalConfirmationInput,
  withdrawalConfirmationMachine,
} from './withdrawalConfirmation.machine.ts';

describe('withdrawalConfirmation: generated paths', () => {
  const walks = withdrawalConfirmationWalks.map((w) => ({
    ...w,
    paths: transitionPaths(w.machine, w.events),
  }));

  it('visit every state and take every declared transition (the walks from each status together)', () => {
    const disbursed = walks.find((w) => w.status === 'DISBURSED')!;
    expect([...coverage(disbursed.paths).states].sort()).toEqual([
      '"forcedReceived"',
      '"received"',
      '{"awaiting":"choosing"}',
      '{"awaiting":"confirming"}',
      '{"awaiting":{"reporting":"submitting"}}',
      '{"awaiting":{"reporting":{"editing":"incomplete"}}}',
      '{"awaiting":{"reporting":{"editing":"ready"}}}',
      '{"notReceived":"confirming"}',
      '{"notReceived":"waiting"}',
    ]);
    const seen = { states: new Set<string>(), transitions: new Set<string>() };
    for (const w of walks) {
      const one = walked(withdrawalConfirmationMachine, w.paths);
      for (const s of one.states) seen.states.add(s);
      for (const t of one.transitions) seen.transitions.add(t);
    }
    // `starting` only picks the first state (an eventless transition): no snapshot rests in it. `unavailable` is
    // final from the start (an order not disbursed): no path leaves it, the start table below checks it.
    expect([...seen.states].sort()).toEqual(
      statePaths(withdrawalConfirmationMachine)
        .filter((p) => p !== 'starting' && p !== 'unavailable')
        .sort(),
    );
    for (const t of declaredTransitions(withdrawalConfirmationMachine))
      expect(seen.transitions, t).toContain(t);
  });

  it.each([
    ['DISBURSED', 'disbursed'],
    ['NOT_RECEIVED', 'notReceived'],
    ['RECEIVED', 'received'],
    ['FORCED_RECEIVED', 'forcedReceived'],
    ['APPROVED', 'unavailable'],
    ['REJECTED', 'unavailable'],
  ] as const)('an order %s starts as %s', (status, phase) => {
    const { actor } = start({ status });
    expect(selectPhase(actor.getSnapshot())).toBe(phase);
  });
});

// ————————————————————————————————————————————— behaviour —————————————————————————————————————————————

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The machine on a simulated clock, with fake calls that stay pending until the test answers them: `confirms` and
 * `reports` record what was asked, `answer` settles the latest.
 */
function start(overrides: Partial<WithdrawalConfirmationInput> = {}) {
  const clock = new SimulatedClock();
  const confirms: ConfirmRequest[] = [];
  const reports: ProofReport[] = [];
  const pending: Deferred[] = [];
  const promise = () => new Promise((resolve, reject) => pending.push({ resolve, reject }));
  const machine = withdrawalConfirmationMachine.provide({
    actors: {
      confirmReceived: fromPromise<unknown, ConfirmRequest>(({ input }) => {
        confirms.push(input);
        return promise();
      }),
      reportNotReceived: fromPromise<unknown, ProofReport>(({ input }) => {
        reports.push(input);
        return promise();
      }),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: {
      orderId: 41,
      status: 'DISBURSED',
      forcedReceiveAt: '2030-01-01T00:30:00.000Z',
      forcedReceiveInMs: FORCED_RECEIVE_IN_MS,
      ...overrides,
    },
  }).start();
  const settle = async (how: 'resolve' | 'reject', value: unknown = {}) => {
    pending.shift()![how](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    actor,
    clock,
    confirms,
    reports,
    done: (value: unknown = {}) => settle('resolve', value),
    fail: (error: unknown) => settle('reject', error),
  };
}

const file = (id: string, type: string, size: number): ProofFile => ({
  id,
  name: `${id}`,
  type,
  size,
  handle: id,
});

describe('withdrawalConfirmation: proof rules (spec §5)', () => {
  it('png and jpeg up to 5 MB pass; another type or a byte more is a problem of that file', () => {
    const MB = 1024 * 1024;
    expect(
      checkProof(
        [
          file('a', 'image/png', 5 * MB),
          file('b', 'image/jpeg', 1),
          file('c', 'image/gif', 10),
          file('d', 'image/png', 5 * MB + 1),
        ],
        '',
        false,
      ),
    ).toEqual({
      fileErrors: { c: 'file.type', d: 'file.size' },
      files: 'files.tooMany',
      remark: null,
    });
  });

  it('at most 3 images, at least one once submitted; remark at most 140 characters', () => {
    const three = ['a', 'b', 'c'].map((id) => file(id, 'image/png', 1));
    expect(checkProof(three, 'x'.repeat(140), true)).toEqual({ fileErrors: {}, files: null, remark: null });
    expect(checkProof([], '', false).files).toBeNull();
    expect(checkProof([], '', true).files).toBe('files.required');
    expect(checkProof(three, 'x'.repeat(141), false).remark).toBe('remark.tooLong');
  });
});

describe('withdrawalConfirmation: behaviour', () => {
  it('shows the forced-receive time and counts as received when it comes (simulated clock)', () => {
    const { actor, clock } = start();
    expect(selectConfirmation(actor.getSnapshot())).toMatchObject({
      phase: 'disbursed',
      canConfirm: true,
      canReport: true,
      forcedReceiveAt: '2030-01-01T00:30:00.000Z',
    });
    clock.increment(FORCED_RECEIVE_IN_MS - 1);
    expect(selectPhase(actor.getSnapshot())).toBe('disbursed');
    clock.increment(1);
    expect(selectPhase(actor.getSnapshot())).toBe('forcedReceived');
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectConfirmation(actor.getSnapshot())).toMatchObject({
      canConfirm: false,
      canReport: false,
      forcedReceiveAt: null,
    });
  });

  it('the timer also runs while the proof form is open', () => {
    const { actor, clock } = start();
    actor.send({ type: 'report.open' });
    actor.send({ type: 'remark.change', remark: 'typing…' });
    clock.increment(FORCED_RECEIVE_IN_MS);
    expect(selectPhase(actor.getSnapshot())).toBe('forcedReceived');
  });

  it('a forced-receive time already past counts as received at once; none given runs no timer', () => {
    const past = start({ forcedReceiveInMs: -5000 });
    past.clock.increment(0);
    expect(selectPhase(past.actor.getSnapshot())).toBe('forcedReceived');
    const none = start({ forcedReceiveAt: null, forcedReceiveInMs: null });
    none.clock.increment(MAX_TIMER_MS);
    expect(selectPhase(none.actor.getSnapshot())).toBe('disbursed');
    const tooFar = start({ forcedReceiveInMs: MAX_TIMER_MS + 1 });
    tooFar.clock.increment(MAX_TIMER_MS);
    expect(selectPhase(tooFar.actor.getSnapshot())).toBe('disbursed');
  });

  it('Received: confirms the order and ends received', async () => {
    const { actor, clock, confirms, done } = start();
    actor.send({ type: 'received.confirm' });
    expect(selectConfirmation(actor.getSnapshot())).toMatchObject({ confirming: true, canConfirm: false });
    expect(confirms).toEqual([{ orderId: 41 }]);
    await done();
    expect(selectPhase(actor.getSnapshot())).toBe('received');
    clock.increment(FORCED_RECEIVE_IN_MS);
    expect(selectPhase(actor.getSnapshot())).toBe('received');
  });

  it('a failed confirmation shows the error and lets the member answer again; the timer keeps its time', async () => {
    const { actor, clock, fail } = start();
    clock.increment(10 * 60_000);
    actor.send({ type: 'received.confirm' });
    await fail({ code: 'NETWORK' });
    expect(selectConfirmation(actor.getSnapshot())).toMatchObject({
      phase: 'disbursed',
      canConfirm: true,
      error: { code: 'NETWORK' },
    });
    actor.send({ type: 'received.confirm' });
    expect(selectConfirmation(actor.getSnapshot()).error).toBeNull();
    await fail({ code: 'CONFLICT', message: 'Already answered' });
    clock.increment(20 * 60_000);
    expect(selectPhase(actor.getSnapshot())).toBe('forcedReceived');
  });

  it('the forced time coming during a call waits for its answer: success wins, a failure is forced received', async () => {
    const ok = start();
    ok.actor.send({ type: 'received.confirm' });
    ok.clock.increment(FORCED_RECEIVE_IN_MS);
    expect(ok.actor.getSnapshot().context.forcedDue).toBe(true);
    expect(selectConfirmation(ok.actor.getSnapshot()).confirming).toBe(true);
    await ok.done();
    expect(selectPhase(ok.actor.getSnapshot())).toBe('received');

    const late = start();
    late.actor.send({ type: 'report.open' });
    late.actor.send({ type: 'proof.add', files: [PROOF_FILES.png] });
    late.actor.send({ type: 'report.submit' });
    late.clock.increment(FORCED_RECEIVE_IN_MS);
    await late.fail({ code: 'CONFLICT', message: 'Already received' });
    expect(selectPhase(late.actor.getSnapshot())).toBe('forcedReceived');
  });

  it('Not received: the form checks each pick and change, and sends files and remark when nothing is wrong', async () => {
    const { actor, reports, done } = start();
    actor.send({ type: 'report.open' });
    expect(selectConfirmation(actor.getSnapshot())).toMatchObject({ formOpen: true, canReport: false });
    // Submitting an empty form shows that an image is needed, and sends nothing.
    actor.send({ type: 'report.submit' });
    expect(selectProofForm(actor.getSnapshot()).filesProblem).toBe('files.required');
    expect(reports).toHaveLength(0);
    actor.send({ type: 'proof.add', files: [PROOF_FILES.gif, PROOF_FILES.png] });
    let form = selectProofForm(actor.getSnapshot());
    expect(form.filesProblem).toBeNull();
    expect(form.files).toEqual([
      { id: 'f1', name: 'animation.gif', size: 30_000, problem: 'file.type' },
      { id: 'f2', name: 'transfer.png', size: 200_000, problem: null },
    ]);
    actor.send({ type: 'proof.add', files: [PROOF_FILES.big, PROOF_FILES.jpg] });
    form = selectProofForm(actor.getSnapshot());
    expect(form.files.map((f) => f.problem)).toEqual(['file.type', null, 'file.size', null]);
    expect(form.filesProblem).toBe('files.tooMany');
    actor.send({ type: 'report.submit' });
    expect(reports).toHaveLength(0);
    actor.send({ type: 'proof.remove', id: 'f1' });
    actor.send({ type: 'proof.remove', id: 'f3' });
    actor.send({ type: 'remark.change', remark: REMARKS.tooLong });
    form = selectProofForm(actor.getSnapshot());
    expect(form).toMatchObject({ filesProblem: null, remarkProblem: 'remark.tooLong', remarkLength: 141 });
    expect(actor.getSnapshot().matches({ awaiting: { reporting: { editing: 'incomplete' } } })).toBe(true);
    actor.send({ type: 'remark.change', remark: REMARKS.fine });
    expect(actor.getSnapshot().matches({ awaiting: { reporting: { editing: 'ready' } } })).toBe(true);
    actor.send({ type: 'report.submit' });
    expect(selectProofForm(actor.getSnapshot()).submitting).toBe(true);
    expect(reports).toEqual([
      {
        orderId: 41,
        files: [
          { ...PROOF_FILES.png, id: 'f2' },
          { ...PROOF_FILES.jpg, id: 'f4' },
        ],
        remark: REMARKS.fine,
      },
    ]);
    await done();
    expect(selectConfirmation(actor.getSnapshot())).toMatchObject({
      phase: 'notReceived',
      canConfirm: true,
      canReport: false,
      forcedReceiveAt: null,
    });
  });

  it('a failed report keeps the files and remark, and shows the error or the server’s field message', async () => {
    const { actor, reports, fail } = start();
    actor.send({ type: 'report.open' });
    actor.send({ type: 'proof.add', files: [PROOF_FILES.png] });
    actor.send({ type: 'remark.change', remark: REMARKS.fine });
    actor.send({ type: 'report.submit' });
    await fail({ code: 'NETWORK' });
    let form = selectProofForm(actor.getSnapshot());
    expect(form).toMatchObject({ remark: REMARKS.fine, submitting: false, error: { code: 'NETWORK' } });
    expect(form.files.map((f) => f.name)).toEqual(['transfer.png']);
    actor.send({ type: 'report.submit' });
    expect(reports).toHaveLength(2);
    expect(selectProofForm(actor.getSnapshot()).error).toBeNull();
    await fail({
      code: 'VALIDATION',
      message: 'Remark is too long',
      fields: { remark: 'Remark is too long' },
    });
    form = selectProofForm(actor.getSnapshot());
    // The same words stand under the remark: not repeated as the form's error.
    expect(form).toMatchObject({ remarkServerMessage: 'Remark is too long', error: null });
    expect(selectConfirmation(actor.getSnapshot()).error).toBeNull();
  });

  it('Cancel closes the form and forgets it', () => {
    const { actor } = start();
    actor.send({ type: 'report.open' });
    actor.send({ type: 'proof.add', files: [PROOF_FILES.png] });
    actor.send({ type: 'report.cancel' });
    expect(selectConfirmation(actor.getSnapshot())).toMatchObject({ formOpen: false, canReport: true });
    actor.send({ type: 'report.open' });
    expect(selectProofForm(actor.getSnapshot()).files).toEqual([]);
  });

  it('after reporting, the member can still confirm; a failure shows and leaves the answer open', async () => {
    const { actor, confirms, fail, done } = start({ status: 'NOT_RECEIVED', forcedReceiveInMs: null });
    actor.send({ type: 'received.confirm' });
    expect(confirms).toEqual([{ orderId: 41 }]);
    await fail({ code: 'NETWORK' });
    expect(selectConfirmation(actor.getSnapshot())).toMatchObject({
      phase: 'notReceived',
      canConfirm: true,
      error: { code: 'NETWORK' },
    });
    actor.send({ type: 'received.confirm' });
    await done();
    expect(selectPhase(actor.getSnapshot())).toBe('received');
  });

  it.each([
    ['DISBURSED', 'RECEIVED', 'received'],
    ['DISBURSED', 'FORCED_RECEIVED', 'forcedReceived'],
    ['DISBURSED', 'NOT_RECEIVED', 'notReceived'],
    ['DISBURSED', 'DISBURSED', 'disbursed'],
    ['NOT_RECEIVED', 'RECEIVED', 'received'],
    ['NOT_RECEIVED', 'FORCED_RECEIVED', 'forcedReceived'],
    ['NOT_RECEIVED', 'DISBURSED', 'notReceived'],
  ] as [PaymentStatus, PaymentStatus, string][])(
    'order.refresh: %s, the server now says %s → %s',
    (from, to, phase) => {
      const { actor } = start({ status: from });
      actor.send({ type: 'order.refresh', status: to });
      expect(selectPhase(actor.getSnapshot())).toBe(phase);
    },
  );

  it('order.refresh during a pending call moves on: the server has the last word', async () => {
    const { actor } = start();
    actor.send({ type: 'received.confirm' });
    actor.send({ type: 'order.refresh', status: 'FORCED_RECEIVED' });
    expect(selectPhase(actor.getSnapshot())).toBe('forcedReceived');
  });
});
