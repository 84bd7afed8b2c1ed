import type { EventFromLogic } from 'xstate';
import type { PaymentOrder, PaymentStatus } from '../contract/payments.ts';
import { afterEvent, doneEvent, errorEvent, withInput } from './test/machineGraph.ts';
import {
  type PickedFile,
  REMARK_MAX,
  type WithdrawalConfirmationInput,
  withdrawalConfirmationMachine,
} from './withdrawalConfirmation.machine.ts';

type M = typeof withdrawalConfirmationMachine;

/** The forced-receive time of the walks: 30 minutes after the start (the merchant's `forceReceiveMinutes`). */
export const FORCED_RECEIVE_IN_MS = 30 * 60_000;
export const WALK_START = '2030-01-01T00:00:00.000Z';
const FORCED_AT = new Date(Date.parse(WALK_START) + FORCED_RECEIVE_IN_MS).toISOString();

/** A withdrawal of the contract's shape (contract/payments.ts `paymentOrder`) in `status`. */
export function sampleWithdrawal(status: PaymentStatus, overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  return {
    id: 41,
    kind: 'WITHDRAWAL',
    channel: 'BANK',
    amount: 150_000,
    status,
    details: { bankName: 'Vietcombank', accountName: 'Alice Nguyen', accountNo: '0123 4567 89' },
    proofs: status === 'NOT_RECEIVED' ? 1 : 0,
    remark: null,
    createdAt: '2029-12-31T23:00:00.000Z',
    updatedAt: WALK_START,
    disbursedAt: status === 'DISBURSED' || status.endsWith('RECEIVED') ? WALK_START : null,
    forcedReceiveAt: status === 'DISBURSED' ? FORCED_AT : null,
    ...overrides,
  };
}

const MB = 1024 * 1024;
/** Picked images: two that pass, a gif, a png over 5 MB. */
export const PROOF_FILES = {
  png: { name: 'transfer.png', type: 'image/png', size: 200_000, handle: 'png' },
  jpg: { name: 'statement.jpg', type: 'image/jpeg', size: 5 * MB, handle: 'jpg' },
  gif: { name: 'animation.gif', type: 'image/gif', size: 30_000, handle: 'gif' },
  big: { name: 'scan.png', type: 'image/png', size: 5 * MB + 1, handle: 'big' },
} satisfies Record<string, PickedFile>;

export const REMARKS = {
  fine: 'Nothing has arrived on my account.',
  tooLong: 'x'.repeat(REMARK_MAX + 1),
};

const input = (status: PaymentStatus): WithdrawalConfirmationInput => ({
  orderId: 41,
  status,
  forcedReceiveAt: status === 'DISBURSED' ? FORCED_AT : null,
  forcedReceiveInMs: status === 'DISBURSED' ? FORCED_RECEIVE_IN_MS : null,
});

const reply = (status: PaymentStatus) => ({ order: sampleWithdrawal(status) });

const events = [
  { type: 'received.confirm' },
  { type: 'report.open' },
  { type: 'report.cancel' },
  { type: 'proof.add', files: [PROOF_FILES.png] },
  { type: 'proof.add', files: [PROOF_FILES.gif] },
  { type: 'proof.add', files: [PROOF_FILES.big] },
  // Four at once: one more than allowed.
  { type: 'proof.add', files: [PROOF_FILES.png, PROOF_FILES.jpg, PROOF_FILES.png, PROOF_FILES.jpg] },
  { type: 'proof.remove', id: 'f1' },
  { type: 'remark.change', remark: REMARKS.fine },
  { type: 'remark.change', remark: REMARKS.tooLong },
  { type: 'report.submit' },
  { type: 'order.refresh', status: 'RECEIVED' },
  { type: 'order.refresh', status: 'FORCED_RECEIVED' },
  { type: 'order.refresh', status: 'NOT_RECEIVED' },
  { type: 'order.refresh', status: 'DISBURSED' },
  doneEvent<M>('confirmReceived', reply('RECEIVED')),
  errorEvent<M>('confirmReceived', { code: 'NETWORK' }),
  errorEvent<M>('confirmReceived', { code: 'CONFLICT', message: 'The withdrawal is no longer waiting' }),
  doneEvent<M>('reportNotReceived', reply('NOT_RECEIVED')),
  errorEvent<M>('reportNotReceived', { code: 'NETWORK' }),
  errorEvent<M>('reportNotReceived', {
    code: 'VALIDATION',
    message: 'Proof images are png or jpg',
    fields: { files: 'Proof images are png or jpg' },
  }),
  afterEvent<M>('forcedReceive', 'withdrawalConfirmation.awaiting'),
] satisfies EventFromLogic<M>[];

/**
 * The withdrawal confirmation and representative events for its generated paths (tests and `npm run paths`): one
 * walk per status the member can meet it in (the first state follows the order's status), and one for an order
 * that is not disbursed yet.
 */
export const withdrawalConfirmationWalks = (
  ['DISBURSED', 'NOT_RECEIVED', 'RECEIVED', 'FORCED_RECEIVED', 'APPROVED'] as const
).map((status) => ({
  name: status === 'DISBURSED' ? 'withdrawalConfirmation' : `withdrawalConfirmation (${status})`,
  status,
  input: input(status),
  machine: withInput(withdrawalConfirmationMachine, input(status)),
  events,
}));
