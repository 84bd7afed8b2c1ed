import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { type PaymentStatus, PROOF_RULES } from '../contract/payments.ts';
import {
  type FileProblem,
  type PickedFile,
  REMARK_MAX,
  type withdrawalConfirmationMachine,
} from './withdrawalConfirmation.machine.ts';

type Snapshot = SnapshotFrom<typeof withdrawalConfirmationMachine>;
type Send = (event: EventFromLogic<typeof withdrawalConfirmationMachine>) => void;

/**
 * Where the withdrawal stands for the member: `disbursed` (answer expected), `notReceived` (waiting for the
 * operator), `received`, `forcedReceived`, `unavailable` (not a disbursed withdrawal: nothing to confirm).
 */
export type ConfirmationPhase = 'disbursed' | 'notReceived' | 'received' | 'forcedReceived' | 'unavailable';

export function selectPhase(s: Snapshot): ConfirmationPhase {
  if (s.matches('awaiting')) return 'disbursed';
  if (s.matches('notReceived')) return 'notReceived';
  if (s.matches('received')) return 'received';
  if (s.matches('forcedReceived')) return 'forcedReceived';
  return 'unavailable';
}

/** The panel: its buttons (shown only when the machine takes their event), the pending call, the failure. */
export const selectConfirmation = (s: Snapshot) => ({
  phase: selectPhase(s),
  /** "Received": in `choosing` and in `notReceived.waiting`. */
  canConfirm: s.can({ type: 'received.confirm' }),
  /** "Not received": only while the member still has to answer. */
  canReport: s.can({ type: 'report.open' }),
  confirming: s.matches({ awaiting: 'confirming' }) || s.matches({ notReceived: 'confirming' }),
  formOpen: s.matches({ awaiting: 'reporting' }),
  /** When a disbursed withdrawal counts as received (null once answered, or when the server gave no time). */
  forcedReceiveAt: s.matches('awaiting') ? s.context.forcedReceiveAt : null,
  /** The failed call, while the form is closed (the form shows its own). */
  error: s.matches({ awaiting: 'reporting' }) ? null : s.context.error,
});

export interface ProofFileView {
  id: string;
  name: string;
  size: number;
  problem: FileProblem | null;
}

/** The proof form: the picked files with their problems, the remark and its counter, the list's problem. */
export const selectProofForm = (s: Snapshot) => {
  const { files, remark, problems, serverFields, error } = s.context;
  const submitting = s.matches({ awaiting: { reporting: 'submitting' } });
  return {
    files: files.map(
      (f): ProofFileView => ({
        id: f.id,
        name: f.name,
        size: f.size,
        problem: problems.fileErrors[f.id] ?? null,
      }),
    ),
    filesProblem: problems.files,
    /** The server's message for the files or the remark (a failed report). */
    filesServerMessage: serverFields.files ?? null,
    remark,
    remarkLength: remark.length,
    remarkMax: REMARK_MAX,
    remarkProblem: problems.remark,
    remarkServerMessage: serverFields.remark ?? null,
    maxFiles: PROOF_RULES.maxFiles,
    maxMegabytes: PROOF_RULES.maxBytes / (1024 * 1024),
    submitting,
    /** The failed report, unless the server put the same words under a field. */
    error: error && !Object.values(serverFields).some((m) => m === error.message) ? error : null,
  };
};

/**
 * The confirmation panel's props and commands: the panel (`selectConfirmation`), the proof form (`proof`, with its
 * commands), `confirm` (ignored unless the machine takes it: a second click while confirming does nothing), and
 * `orderChanged` for the server's new status of the order (a finished panel has nothing left to move).
 */
export function connectWithdrawalConfirmation(s: Snapshot, send: Send) {
  const panel = selectConfirmation(s);
  return {
    ...panel,
    /** The "Received" button shows while it can be pressed and while its call is on its way. */
    showConfirm: panel.canConfirm || panel.confirming,
    confirm: () => {
      if (panel.canConfirm) send({ type: 'received.confirm' });
    },
    openReport: () => send({ type: 'report.open' }),
    proof: {
      ...selectProofForm(s),
      add: (files: PickedFile[]) => {
        if (files.length > 0) send({ type: 'proof.add', files });
      },
      remove: (id: string) => send({ type: 'proof.remove', id }),
      changeRemark: (remark: string) => send({ type: 'remark.change', remark }),
      submit: () => send({ type: 'report.submit' }),
      cancel: () => send({ type: 'report.cancel' }),
    },
    orderChanged: (status: PaymentStatus) => {
      if (s.status === 'active') send({ type: 'order.refresh', status });
    },
  };
}
export type ConfirmationView = ReturnType<typeof connectWithdrawalConfirmation>;
