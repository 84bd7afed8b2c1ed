import { and, assign, type ErrorActorEvent, fromPromise, or, setup, stateIn } from 'xstate';
import { type PaymentStatus, PROOF_RULES } from '../contract/payments.ts';
import { type FlowError, readFlowError } from './form.ts';

/**
 * Withdrawal confirmation, the member's side of one disbursed withdrawal (spec §4 Withdrawal confirmation: payment
 * disbursed, then received, not received (proof upload) or forced received after N minutes (from server); §5 proof
 * uploads png or jpg, 5 MB each, at most 3 images; remark up to 140 characters).
 *
 * States:
 *   - `starting`: picks the first state from `input.status` (an eventless transition; no snapshot rests in it):
 *     DISBURSED → `awaiting`, NOT_RECEIVED → `notReceived`, RECEIVED → `received`, FORCED_RECEIVED →
 *     `forcedReceived`; any other status (not yet disbursed, rejected) → `unavailable`.
 *   - `awaiting` (the server says DISBURSED): the forced-receive timer runs for the whole state — the named delay
 *     `forcedReceive` is `input.forcedReceiveInMs` (the view computes it from `forcedReceiveAt`, so tests move a
 *     fake clock). When it runs out the withdrawal counts as received (`forcedReceived`), unless a call is on its
 *     way: then `forcedDue` is noted and that call's answer decides (the server took it before its job ran), a
 *     failure ending in `forcedReceived`.
 *       - `choosing`: "Received" (`received.confirm`) or "Not received" (`report.open`);
 *       - `confirming`: actor `confirmReceived` { orderId } → `received`; a failure back to `choosing` with `error`;
 *       - `reporting.editing.incomplete` / `.ready`: the proof form. `proof.add` { files } appends the picked files
 *         (metadata + an opaque handle), `proof.remove` { id }, `remark.change` { remark }; after each change the
 *         form is checked (`checkProof`) and lands in `ready` when nothing is wrong, else `incomplete`.
 *         `report.submit` in `incomplete` shows every problem ('files.required' included) and stays; in `ready`
 *         it goes to `submitting`. `report.cancel` drops the form and goes back to `choosing`.
 *       - `reporting.submitting`: actor `reportNotReceived` { orderId, files, remark } → `notReceived`; a failure
 *         returns to `editing.ready` with `error` and the server's field messages (`serverFields`); the form keeps
 *         its files and remark.
 *   - `notReceived` (waiting for the operator): `waiting`; the member may still confirm: `confirming` → `received`,
 *     a failure back to `waiting` with `error`.
 *   - `received`, `forcedReceived`, `unavailable`: final.
 * `order.refresh` { status } (the view, when the server's order changed): RECEIVED → `received`, FORCED_RECEIVED →
 * `forcedReceived` (from `awaiting` and `notReceived`), NOT_RECEIVED → `notReceived` (from `awaiting`); other
 * statuses change nothing.
 * Context the views read: `forcedReceiveAt`, `files` (with their problems in `problems.fileErrors`), `remark`,
 * `problems`, `serverFields`, `error`.
 */

/** A picked proof image: what the rules need, and the view's own handle to it (a File) for the upload. */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
  handle: unknown;
}
export interface ProofFile extends PickedFile {
  /** Given by the machine in picking order: 'f1', 'f2', … */
  id: string;
}

export type FileProblem = 'file.type' | 'file.size';
export type FilesProblem = 'files.required' | 'files.tooMany';
export type RemarkProblem = 'remark.tooLong';

/** What is wrong with the proof form (spec §5); each rule's limit is in PROOF_RULES / REMARK_MAX. */
export interface ProofProblems {
  /** By file id: not png/jpg, or larger than 5 MB. */
  fileErrors: Record<string, FileProblem>;
  /** The list: none picked (shown after a submit), or more than 3. */
  files: FilesProblem | null;
  remark: RemarkProblem | null;
}

export const REMARK_MAX = 140;
/** setTimeout's limit: a forced-receive time further away runs no timer (the view's refresh will tell). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The proof's problems; 'files.required' only when `requireFiles` (after a submit), so a new form starts clean. */
export function checkProof(files: ProofFile[], remark: string, requireFiles: boolean): ProofProblems {
  const fileErrors: Record<string, FileProblem> = {};
  for (const f of files) {
    if (!(PROOF_RULES.types as readonly string[]).includes(f.type)) fileErrors[f.id] = 'file.type';
    else if (f.size > PROOF_RULES.maxBytes) fileErrors[f.id] = 'file.size';
  }
  return {
    fileErrors,
    files:
      files.length > PROOF_RULES.maxFiles
        ? 'files.tooMany'
        : requireFiles && files.length === 0
          ? 'files.required'
          : null,
    remark: remark.length > REMARK_MAX ? 'remark.tooLong' : null,
  };
}

const noProblems = (p: ProofProblems) =>
  Object.keys(p.fileErrors).length === 0 && p.files === null && p.remark === null;
/** A proof that may be sent: at least one image, and nothing wrong. */
export const proofIsValid = (files: ProofFile[], remark: string) =>
  noProblems(checkProof(files, remark, true));

export type ConfirmableStatus = Extract<
  PaymentStatus,
  'DISBURSED' | 'NOT_RECEIVED' | 'RECEIVED' | 'FORCED_RECEIVED'
>;

export interface WithdrawalConfirmationInput {
  orderId: number;
  status: PaymentStatus;
  /** When a DISBURSED withdrawal counts as received (ISO time from the server), for the view to show. */
  forcedReceiveAt: string | null;
  /** Milliseconds from now to `forcedReceiveAt` (≤ 0: already due); null when the server gave no time. */
  forcedReceiveInMs: number | null;
}

export interface ConfirmRequest {
  orderId: number;
}
export interface ProofReport {
  orderId: number;
  files: ProofFile[];
  remark: string;
}

export interface WithdrawalConfirmationContext {
  orderId: number;
  status: PaymentStatus;
  forcedReceiveAt: string | null;
  forcedReceiveInMs: number | null;
  files: ProofFile[];
  remark: string;
  nextFileId: number;
  problems: ProofProblems;
  /** The server's per-field messages of the failed report (`files`, `remark`). */
  serverFields: Record<string, string>;
  error: FlowError | null;
  /** The forced-receive time came while a call was on its way. */
  forcedDue: boolean;
}

export type WithdrawalConfirmationEvent =
  | { type: 'received.confirm' }
  | { type: 'report.open' }
  | { type: 'report.cancel' }
  | { type: 'proof.add'; files: PickedFile[] }
  | { type: 'proof.remove'; id: string }
  | { type: 'remark.change'; remark: string }
  | { type: 'report.submit' }
  | { type: 'order.refresh'; status: PaymentStatus };

const emptyProblems = (): ProofProblems => ({ fileErrors: {}, files: null, remark: null });
const emptyForm = {
  files: [] as ProofFile[],
  remark: '',
  problems: emptyProblems(),
  serverFields: {},
  error: null,
};

type Draft = Pick<WithdrawalConfirmationContext, 'files' | 'remark' | 'nextFileId'>;

/** The form after a change event; problems already shown stay shown ('files.required' until an image is picked). */
function changed(context: WithdrawalConfirmationContext, event: WithdrawalConfirmationEvent): Draft {
  switch (event.type) {
    case 'proof.add': {
      const added = event.files.map((f, i) => ({ ...f, id: `f${context.nextFileId + i}` }));
      return {
        files: [...context.files, ...added],
        remark: context.remark,
        nextFileId: context.nextFileId + added.length,
      };
    }
    case 'proof.remove':
      return { ...context, files: context.files.filter((f) => f.id !== event.id) };
    case 'remark.change':
      return { ...context, remark: event.remark };
    default:
      return context;
  }
}

function serverFieldMessages(thrown: unknown): Record<string, string> {
  const fields = ((thrown ?? {}) as { fields?: unknown }).fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

const hasForcedTimer = (ms: number | null): ms is number => ms !== null && ms <= MAX_TIMER_MS;

const changeTransitions = [
  {
    guard: {
      type: 'isComplete' as const,
      params: ({ context, event }: ChangeArgs) => changed(context, event),
    },
    target: '.ready',
    actions: {
      type: 'applyChange' as const,
      params: ({ context, event }: ChangeArgs) => changed(context, event),
    },
  },
  {
    target: '.incomplete',
    actions: {
      type: 'applyChange' as const,
      params: ({ context, event }: ChangeArgs) => changed(context, event),
    },
  },
];
interface ChangeArgs {
  context: WithdrawalConfirmationContext;
  event: WithdrawalConfirmationEvent;
}

const statusIs = (status: PaymentStatus) => ({
  type: 'statusIs' as const,
  params: ({ event }: { event: WithdrawalConfirmationEvent }) => ({
    actual: event.type === 'order.refresh' ? event.status : null,
    expected: status,
  }),
});

export const withdrawalConfirmationMachine = setup({
  types: {
    context: {} as WithdrawalConfirmationContext,
    events: {} as WithdrawalConfirmationEvent,
    input: {} as WithdrawalConfirmationInput,
  },
  actors: {
    confirmReceived: fromPromise<unknown, ConfirmRequest>(async () => {
      throw new Error('confirmReceived must be provided');
    }),
    reportNotReceived: fromPromise<unknown, ProofReport>(async () => {
      throw new Error('reportNotReceived must be provided');
    }),
  },
  delays: {
    forcedReceive: ({ context }) =>
      hasForcedTimer(context.forcedReceiveInMs) ? Math.max(0, context.forcedReceiveInMs) : MAX_TIMER_MS,
  },
  guards: {
    startsAs: ({ context }, status: ConfirmableStatus) => context.status === status,
    statusIs: (_, p: { actual: PaymentStatus | null; expected: PaymentStatus }) => p.actual === p.expected,
    isComplete: (_, draft: Draft) => proofIsValid(draft.files, draft.remark),
    hasForcedTime: ({ context }) => hasForcedTimer(context.forcedReceiveInMs),
    callInFlight: or([
      stateIn('#withdrawalConfirmation.awaiting.confirming'),
      stateIn('#withdrawalConfirmation.awaiting.reporting.submitting'),
    ]),
    forcedIsDue: ({ context }) => context.forcedDue,
  },
  actions: {
    applyChange: assign(({ context }, draft: Draft) => ({
      ...draft,
      problems: checkProof(draft.files, draft.remark, context.problems.files === 'files.required'),
    })),
    showAllProblems: assign(({ context }) => ({
      problems: checkProof(context.files, context.remark, true),
    })),
    clearForm: assign(() => ({ ...emptyForm, problems: emptyProblems() })),
    startCall: assign({ error: null, serverFields: {} }),
    keepError: assign((_, thrown: unknown) => ({
      error: readFlowError(thrown),
      serverFields: serverFieldMessages(thrown),
    })),
    noteForcedDue: assign({ forcedDue: true }),
  },
}).createMachine({
  id: 'withdrawalConfirmation',
  initial: 'starting',
  context: ({ input }) => ({
    orderId: input.orderId,
    status: input.status,
    forcedReceiveAt: input.forcedReceiveAt,
    forcedReceiveInMs: input.forcedReceiveInMs,
    nextFileId: 1,
    ...emptyForm,
    problems: emptyProblems(),
    forcedDue: false,
  }),
  states: {
    starting: {
      always: [
        { guard: { type: 'startsAs', params: 'DISBURSED' }, target: 'awaiting' },
        { guard: { type: 'startsAs', params: 'NOT_RECEIVED' }, target: 'notReceived' },
        { guard: { type: 'startsAs', params: 'RECEIVED' }, target: 'received' },
        { guard: { type: 'startsAs', params: 'FORCED_RECEIVED' }, target: 'forcedReceived' },
        { target: 'unavailable' },
      ],
    },
    awaiting: {
      initial: 'choosing',
      after: {
        // No time given: the timer was only a placeholder, no candidate matches and nothing happens. It runs once a
        // visit of `awaiting`, so it never finds `forcedDue` already noted.
        forcedReceive: [
          { guard: and(['hasForcedTime', 'callInFlight']), actions: 'noteForcedDue' },
          { guard: 'hasForcedTime', target: 'forcedReceived' },
        ],
      },
      on: {
        'order.refresh': [
          { guard: statusIs('RECEIVED'), target: 'received' },
          { guard: statusIs('FORCED_RECEIVED'), target: 'forcedReceived' },
          { guard: statusIs('NOT_RECEIVED'), target: 'notReceived' },
        ],
      },
      states: {
        choosing: {
          on: {
            'received.confirm': 'confirming',
            'report.open': 'reporting',
          },
        },
        confirming: {
          entry: 'startCall',
          invoke: {
            id: 'confirmReceived',
            src: 'confirmReceived',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: { target: '#withdrawalConfirmation.received' },
            onError: [
              { guard: 'forcedIsDue', target: '#withdrawalConfirmation.forcedReceived' },
              {
                target: 'choosing',
                actions: {
                  type: 'keepError',
                  params: ({ event }: { event: ErrorActorEvent }) => event.error,
                },
              },
            ],
          },
        },
        reporting: {
          initial: 'editing',
          states: {
            editing: {
              initial: 'incomplete',
              on: {
                'proof.add': changeTransitions,
                'proof.remove': changeTransitions,
                'remark.change': changeTransitions,
                'report.cancel': {
                  target: '#withdrawalConfirmation.awaiting.choosing',
                  actions: 'clearForm',
                },
              },
              states: {
                incomplete: { on: { 'report.submit': { actions: 'showAllProblems' } } },
                ready: { on: { 'report.submit': '#withdrawalConfirmation.awaiting.reporting.submitting' } },
              },
            },
            submitting: {
              entry: 'startCall',
              invoke: {
                id: 'reportNotReceived',
                src: 'reportNotReceived',
                input: ({ context }) => ({
                  orderId: context.orderId,
                  files: context.files,
                  remark: context.remark,
                }),
                onDone: { target: '#withdrawalConfirmation.notReceived' },
                onError: [
                  { guard: 'forcedIsDue', target: '#withdrawalConfirmation.forcedReceived' },
                  {
                    target: 'editing.ready',
                    actions: {
                      type: 'keepError',
                      params: ({ event }: { event: ErrorActorEvent }) => event.error,
                    },
                  },
                ],
              },
            },
          },
        },
      },
    },
    notReceived: {
      initial: 'waiting',
      on: {
        'order.refresh': [
          { guard: statusIs('RECEIVED'), target: 'received' },
          { guard: statusIs('FORCED_RECEIVED'), target: 'forcedReceived' },
        ],
      },
      states: {
        waiting: {
          on: { 'received.confirm': 'confirming' },
        },
        confirming: {
          entry: 'startCall',
          invoke: {
            id: 'confirmReceived',
            src: 'confirmReceived',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: { target: '#withdrawalConfirmation.received' },
            onError: {
              target: 'waiting',
              actions: { type: 'keepError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
          },
        },
      },
    },
    received: { type: 'final' },
    forcedReceived: { type: 'final' },
    unavailable: { type: 'final' },
  },
});
