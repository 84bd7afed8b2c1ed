import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { connectDownlineTransfer } from './downlineTransfer.connect.ts';
import {
  AMOUNTS,
  downlineTransferWalk,
  LIMIT_ERROR,
  PASSWORD,
  PASSWORD_ERROR,
  RECEIVER,
  transferReply,
} from './downlineTransfer.events.ts';
import {
  checkTransfer,
  downlineTransferMachine,
  readAmount,
  type TransferRequest,
  type TransferResult,
} from './downlineTransfer.machine.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { transitionPaths } from './test/transitionPaths.ts';

describe('downlineTransfer: generated paths', () => {
  const paths = transitionPaths(
    downlineTransferWalk.machine,
    downlineTransferWalk.events,
    downlineTransferWalk.graph,
  );

  it('visit every state and take every declared transition', () => {
    const seen = walked(downlineTransferMachine, paths);
    expect([...seen.states].sort()).toEqual(statePaths(downlineTransferMachine).sort());
    expect([...seen.transitions].sort()).toEqual(declaredTransitions(downlineTransferMachine).sort());
  });

  it('reach done only through confirming, and confirming only with a complete form', () => {
    for (const path of paths)
      path.steps.forEach((step, i) => {
        const before = path.steps[i - 1]?.state;
        if (step.state.matches('done'))
          expect(before?.matches('submitting') || before?.matches('done')).toBe(true);
        if (step.state.matches('submitting'))
          expect(before?.matches('confirming') || before?.matches('submitting')).toBe(true);
        if (step.state.matches('confirming'))
          expect(Object.values(checkTransfer(step.state.context)).every((p) => p === null)).toBe(true);
      });
  });
});

describe('readAmount', () => {
  it.each([
    ['1,234.50', { ok: true, minor: 123_450 }],
    [' 10 ', { ok: true, minor: 1_000 }],
    ['0.05', { ok: true, minor: 5 }],
    ['', { ok: false, problem: 'required' }],
    ['12.345', { ok: false, problem: 'format' }],
    ['-5', { ok: false, problem: 'format' }],
    ['0.00', { ok: false, problem: 'positive' }],
    ['1000000000.01', { ok: false, problem: 'tooLarge' }],
  ])('%s', (text, reading) => expect(readAmount(text)).toEqual(reading));
});

/** A started transfer whose sends are answered by `answers` in turn; `sent` keeps what was asked. */
function started(answers: (TransferResult | Error | object)[]) {
  const sent: TransferRequest[] = [];
  const actor = createActor(
    downlineTransferMachine.provide({
      actors: {
        sendTransfer: fromPromise<TransferResult, TransferRequest>(async ({ input }) => {
          sent.push(input);
          const next = answers.shift();
          if (!next || !('transfer' in next)) throw next;
          return next;
        }),
      },
    }),
    { input: {} },
  ).start();
  const view = () => connectDownlineTransfer(actor.getSnapshot(), actor.send);
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { actor, sent, view, settle };
}

describe('downlineTransfer', () => {
  it('shows no problem until a review is asked, then every one, and clears each as it is fixed', () => {
    const { view } = started([]);
    expect(view().lines.amount).toEqual({ problem: null, server: null });
    view().review();
    expect(view().phase).toBe('editing');
    expect(view().lines).toEqual({
      downline: { problem: 'required', server: null },
      amount: { problem: 'required', server: null },
      paymentPassword: { problem: 'required', server: null },
    });
    view().changeAmount(AMOUNTS.bad);
    expect(view().lines.amount.problem).toBe('format');
    view().pick(RECEIVER);
    view().changeAmount(AMOUNTS.fine);
    view().changePassword(PASSWORD);
    expect(Object.values(view().lines).every((l) => l.problem === null)).toBe(true);
    view().review();
    expect(view()).toMatchObject({ phase: 'confirming', downline: RECEIVER, amountMinor: 123_450 });
  });

  it('sends the minor units; a failure keeps the form and its words, the retry is the same request', async () => {
    const { view, sent, settle } = started([PASSWORD_ERROR, { code: 'NETWORK' }, transferReply()]);
    view().pick(RECEIVER);
    view().changeAmount(AMOUNTS.fine);
    view().changePassword('000000');
    view().review();
    view().confirm();
    expect(view().phase).toBe('submitting');
    // A second click while sending does nothing.
    view().confirm();
    await settle();
    expect(sent).toEqual([{ downlineId: 21, amount: 123_450, paymentPassword: '000000', fresh: true }]);
    expect(view()).toMatchObject({
      phase: 'editing',
      amountText: AMOUNTS.fine,
      downline: RECEIVER,
      lines: { paymentPassword: { problem: null, server: 'The payment password is incorrect' } },
      // The same words under the field: not repeated above the form.
      error: null,
    });
    view().changePassword(PASSWORD);
    expect(view().lines.paymentPassword.server).toBeNull();
    view().review();
    view().confirm();
    await settle();
    expect(view().error).toEqual({ code: 'NETWORK' });
    view().review();
    view().confirm();
    await settle();
    expect(sent.map((r) => r.fresh)).toEqual([true, false, false]);
    expect(view()).toMatchObject({ phase: 'done', result: transferReply() });
  });

  it('a new transfer after one is done is a new request for the same receiver, with an empty form', async () => {
    const { view, sent, settle } = started([transferReply(), LIMIT_ERROR]);
    view().pick(RECEIVER);
    view().changeAmount(AMOUNTS.fine);
    view().changePassword(PASSWORD);
    view().review();
    view().confirm();
    await settle();
    view().again();
    expect(view()).toMatchObject({
      phase: 'editing',
      downline: RECEIVER,
      amountText: '',
      paymentPassword: '',
    });
    expect(view().lines.amount.problem).toBeNull();
    view().changeAmount('100');
    view().changePassword(PASSWORD);
    view().review();
    view().back();
    expect(view().phase).toBe('editing');
    view().review();
    view().confirm();
    await settle();
    expect(sent.map((r) => [r.amount, r.fresh])).toEqual([
      [123_450, true],
      [10_000, true],
    ]);
    expect(view().lines.amount.server).toBe(LIMIT_ERROR.message);
  });
});
