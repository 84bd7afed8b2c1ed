import type { EventFromLogic, SnapshotFrom } from 'xstate';
import {
  type DownlinePick,
  type downlineTransferMachine,
  readAmount,
  type TransferProblems,
} from './downlineTransfer.machine.ts';

type Snapshot = SnapshotFrom<typeof downlineTransferMachine>;
type Send = (event: EventFromLogic<typeof downlineTransferMachine>) => void;

export type TransferPhase = 'editing' | 'confirming' | 'submitting' | 'done';

/** A field's line under it: the client's problem code, else the server's words for it, else nothing. */
export interface FieldLine<P> {
  problem: P | null;
  server: string | null;
}

const line = <P>(problem: P | null, server: string | undefined): FieldLine<P> => ({
  problem,
  server: problem === null ? (server ?? null) : null,
});

/**
 * The transfer page's props and commands: which part shows (`phase`: the form in editing and after a failure,
 * the summary while confirming and sending, the result), the fields with their lines, the failure (unless the
 * server put the same words under a field), and the commands (each ignored where the machine does not take it).
 */
export function connectDownlineTransfer(s: Snapshot, send: Send) {
  const { downline, amountText, paymentPassword, problems, serverFields, error, result } = s.context;
  const phase: TransferPhase = s.matches('confirming')
    ? 'confirming'
    : s.matches('submitting')
      ? 'submitting'
      : s.matches('done')
        ? 'done'
        : 'editing';
  const amount = readAmount(amountText);
  const fieldWords = new Set(Object.values(serverFields));
  return {
    phase,
    downline,
    amountText,
    paymentPassword,
    /** The amount in minor units once it reads (the summary shows it formatted). */
    amountMinor: amount.ok ? amount.minor : null,
    lines: {
      downline: line<TransferProblems['downline']>(problems.downline, serverFields.downlineId),
      amount: line<TransferProblems['amount']>(problems.amount, serverFields.amount),
      paymentPassword: line<TransferProblems['paymentPassword']>(
        problems.paymentPassword,
        serverFields.paymentPassword,
      ),
    },
    error: s.matches('failed') && error && !(error.message && fieldWords.has(error.message)) ? error : null,
    result: s.matches('done') ? result : null,
    pick: (d: DownlinePick) => send({ type: 'downline.pick', downline: d }),
    changeAmount: (text: string) => send({ type: 'amount.change', text }),
    changePassword: (value: string) => send({ type: 'password.change', value }),
    review: () => send({ type: 'transfer.review' }),
    back: () => send({ type: 'transfer.back' }),
    confirm: () => {
      if (s.can({ type: 'transfer.confirm' })) send({ type: 'transfer.confirm' });
    },
    again: () => send({ type: 'transfer.again' }),
  };
}
export type DownlineTransferView = ReturnType<typeof connectDownlineTransfer>;
