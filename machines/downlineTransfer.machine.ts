import { assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import type { AgentTransfer } from '../contract/agent.ts';
import { AMOUNT_MAX } from '../contract/payments.ts';
import { type FlowError, readFlowError } from './form.ts';

/**
 * An agent funds one of its direct downline (spec §6: upline and downline exchange transfers).
 *
 * States:
 *   - `editing`: the form. `downline.pick` { downline } (from the view's search of the direct downline),
 *     `amount.change` { text }, `password.change` { value }. `transfer.review` goes to `confirming` when nothing is
 *     wrong (`isComplete`), else shows every problem and stays.
 *   - `confirming`: the summary (who, how much); `transfer.confirm` sends, `transfer.back` returns to the form.
 *   - `submitting`: actor `sendTransfer` { downlineId, amount (minor units), paymentPassword, fresh } → `done`; a
 *     failure → `failed` with `error` and the server's field messages (`serverFields`).
 *   - `failed`: the form again, with the failure shown; nothing typed is lost. The same edits and review as
 *     `editing` (an edit goes back to `editing`; the form is complete, so a review opens the summary). A transfer sent again after a failure is the same request
 *     (`fresh` false: the view reuses its request id), so one that reached the server is never moved twice.
 *   - `done`: the result (`result`); `transfer.again` starts a new form with the same receiver and a new request.
 * Context the views read: `downline`, `amountText`, `paymentPassword`, `problems` (client checks, shown once a
 * review was asked), `serverFields`, `error`, `result`.
 */

export interface DownlinePick {
  id: number;
  account: string;
}

export type AmountProblem = 'required' | 'format' | 'positive' | 'tooLarge';
export interface TransferProblems {
  downline: 'required' | null;
  amount: AmountProblem | null;
  paymentPassword: 'required' | null;
}

export type AmountReading = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

/** Typed money (thousands separators allowed, at most 2 decimals) as minor units. */
export function readAmount(text: string): AmountReading {
  const plain = text.trim().replace(/,/g, '');
  if (plain === '') return { ok: false, problem: 'required' };
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!m) return { ok: false, problem: 'format' };
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (minor <= 0) return { ok: false, problem: 'positive' };
  if (minor > AMOUNT_MAX) return { ok: false, problem: 'tooLarge' };
  return { ok: true, minor };
}

interface Draft {
  downline: DownlinePick | null;
  amountText: string;
  paymentPassword: string;
}

export function checkTransfer(d: Draft): TransferProblems {
  const amount = readAmount(d.amountText);
  return {
    downline: d.downline ? null : 'required',
    amount: amount.ok ? null : amount.problem,
    paymentPassword: d.paymentPassword === '' ? 'required' : null,
  };
}

const complete = (d: Draft) => Object.values(checkTransfer(d)).every((p) => p === null);

export interface TransferRequest {
  downlineId: number;
  amount: number;
  paymentPassword: string;
  /** True: a new request (a new request id); false: the one that failed, sent again. */
  fresh: boolean;
}
export interface TransferResult {
  balance: number;
  remainingToday: number;
  transfer: AgentTransfer;
}

export interface DownlineTransferInput {
  /** The receiver chosen before the page opened (team management's "Transfer"), if any. */
  downline?: DownlinePick | null;
}

export interface DownlineTransferContext extends Draft {
  /** Problems are shown once a review was asked (a new form starts clean). */
  checked: boolean;
  problems: TransferProblems;
  serverFields: Record<string, string>;
  error: FlowError | null;
  fresh: boolean;
  result: TransferResult | null;
}

export type DownlineTransferEvent =
  | { type: 'downline.pick'; downline: DownlinePick }
  | { type: 'amount.change'; text: string }
  | { type: 'password.change'; value: string }
  | { type: 'transfer.review' }
  | { type: 'transfer.back' }
  | { type: 'transfer.confirm' }
  | { type: 'transfer.again' };

const noProblems: TransferProblems = { downline: null, amount: null, paymentPassword: null };

function serverFieldMessages(thrown: unknown): Record<string, string> {
  const fields = ((thrown ?? {}) as { fields?: unknown }).fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The draft after an edit, and the server's message of the edited field dropped (it spoke of the old value). */
function edited(context: DownlineTransferContext, event: DownlineTransferEvent) {
  const draft: Draft = {
    downline: event.type === 'downline.pick' ? event.downline : context.downline,
    amountText: event.type === 'amount.change' ? event.text : context.amountText,
    paymentPassword: event.type === 'password.change' ? event.value : context.paymentPassword,
  };
  const field =
    event.type === 'downline.pick'
      ? 'downlineId'
      : event.type === 'amount.change'
        ? 'amount'
        : 'paymentPassword';
  const { [field]: _dropped, ...serverFields } = context.serverFields;
  return {
    ...draft,
    serverFields,
    problems: context.checked ? checkTransfer(draft) : noProblems,
  };
}

const edits = {
  'downline.pick': { target: '#downlineTransfer.editing', actions: 'applyEdit' },
  'amount.change': { target: '#downlineTransfer.editing', actions: 'applyEdit' },
  'password.change': { target: '#downlineTransfer.editing', actions: 'applyEdit' },
  'transfer.review': [
    { guard: 'isComplete', target: '#downlineTransfer.confirming' },
    { target: '#downlineTransfer.editing', actions: 'showProblems' },
  ],
} as const;

export const downlineTransferMachine = setup({
  types: {
    context: {} as DownlineTransferContext,
    events: {} as DownlineTransferEvent,
    input: {} as DownlineTransferInput,
  },
  actors: {
    sendTransfer: fromPromise<TransferResult, TransferRequest>(async () => {
      throw new Error('sendTransfer must be provided');
    }),
  },
  guards: {
    isComplete: ({ context }) => complete(context),
  },
  actions: {
    applyEdit: assign(({ context, event }) => edited(context, event)),
    showProblems: assign(({ context }) => ({ checked: true, problems: checkTransfer(context) })),
    startCall: assign({ error: null, serverFields: {} }),
    keepResult: assign((_, result: TransferResult) => ({ result, fresh: true })),
    keepError: assign((_, thrown: unknown) => ({
      error: readFlowError(thrown),
      serverFields: serverFieldMessages(thrown),
      fresh: false,
    })),
    newForm: assign({
      amountText: '',
      paymentPassword: '',
      checked: false,
      problems: noProblems,
      result: null,
    }),
  },
}).createMachine({
  id: 'downlineTransfer',
  initial: 'editing',
  context: ({ input }) => ({
    downline: input.downline ?? null,
    amountText: '',
    paymentPassword: '',
    checked: false,
    problems: noProblems,
    serverFields: {},
    error: null,
    fresh: true,
    result: null,
  }),
  states: {
    editing: { on: edits },
    confirming: {
      on: {
        'transfer.confirm': 'submitting',
        'transfer.back': 'editing',
      },
    },
    submitting: {
      entry: 'startCall',
      invoke: {
        id: 'sendTransfer',
        src: 'sendTransfer',
        input: ({ context }) => ({
          downlineId: context.downline?.id ?? 0,
          amount: (readAmount(context.amountText) as { minor: number }).minor,
          paymentPassword: context.paymentPassword,
          fresh: context.fresh,
        }),
        onDone: {
          target: 'done',
          actions: {
            type: 'keepResult',
            params: ({ event }: { event: DoneActorEvent<TransferResult> }) => event.output,
          },
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    failed: {
      // Unedited since it was confirmed, so complete: a review goes straight to the summary.
      on: { ...edits, 'transfer.review': 'confirming' },
    },
    done: {
      on: { 'transfer.again': { target: 'editing', actions: 'newForm' } },
    },
  },
});
