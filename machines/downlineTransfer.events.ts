import type { EventFromLogic } from 'xstate';
import {
  type DownlinePick,
  type DownlineTransferContext,
  type DownlineTransferInput,
  downlineTransferMachine,
  readAmount,
  type TransferResult,
} from './downlineTransfer.machine.ts';
import { doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof downlineTransferMachine;

export const AGENT = { id: 10, account: 'agent01' };
export const RECEIVER: DownlinePick = { id: 21, account: 'member21' };

/** Typed amounts of the walks: one that reads, one that does not. */
export const AMOUNTS = { fine: '1,234.50', bad: '12.345' };
export const PASSWORD = '246810';

export const transferReply = (amount = 123_450): TransferResult => ({
  balance: 500_000 - amount,
  remainingToday: 20_000_000 - amount,
  transfer: { id: 77, agent: AGENT, member: RECEIVER, amount, at: '2030-01-01T00:00:00.000Z' },
});

export const LIMIT_ERROR = {
  code: 'LIMIT_EXCEEDED',
  message: 'You can transfer 100.00 more today (daily limit 200,000.00)',
  fields: { amount: 'You can transfer 100.00 more today (daily limit 200,000.00)' },
};
export const PASSWORD_ERROR = {
  code: 'VALIDATION',
  message: 'The payment password is incorrect',
  fields: { paymentPassword: 'The payment password is incorrect' },
};

const events = [
  { type: 'downline.pick', downline: RECEIVER },
  { type: 'amount.change', text: AMOUNTS.fine },
  { type: 'amount.change', text: AMOUNTS.bad },
  { type: 'password.change', value: PASSWORD },
  { type: 'transfer.review' },
  { type: 'transfer.back' },
  { type: 'transfer.confirm' },
  { type: 'transfer.again' },
  doneEvent<M>('sendTransfer', transferReply()),
  errorEvent<M>('sendTransfer', { code: 'NETWORK' }),
  errorEvent<M>('sendTransfer', PASSWORD_ERROR),
  errorEvent<M>('sendTransfer', LIMIT_ERROR),
] satisfies EventFromLogic<M>[];

const input: DownlineTransferInput = { downline: null };

/** The transfer form and representative events for its generated paths (tests and `npm run paths`). */
export const downlineTransferWalk = {
  name: 'downlineTransfer',
  input,
  machine: withInput(downlineTransferMachine, input),
  events,
  // Only what the guard reads tells two forms apart (not the exact text typed or the failure's words).
  graph: {
    context: (c: unknown) => {
      const { downline, amountText, paymentPassword, checked } = c as DownlineTransferContext;
      return [downline !== null, readAmount(amountText).ok, paymentPassword !== '', checked];
    },
  },
};
