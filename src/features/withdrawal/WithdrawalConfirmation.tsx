import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type ChangeEvent, useEffect, useId, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { PaymentOrder } from '../../../contract/payments.ts';
import type { FlowError } from '../../../machines/form.ts';
import {
  type ConfirmationView,
  connectWithdrawalConfirmation,
  type ProofFileView,
} from '../../../machines/withdrawalConfirmation.connect.ts';
import {
  type ConfirmRequest,
  type FileProblem,
  type FilesProblem,
  type ProofReport,
  withdrawalConfirmationMachine,
} from '../../../machines/withdrawalConfirmation.machine.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { PictureInput, RemarkField } from '../../ui/records/uploadFields.tsx';
import { confirmReceived, sendNotReceived } from './api.ts';

const primaryButton =
  'h-11 rounded-full bg-brand px-6 font-semibold text-white disabled:opacity-60 aria-busy:opacity-60';
const secondaryButton =
  'h-11 rounded-full border border-line px-5 font-semibold hover:bg-line/40 disabled:opacity-60';

/**
 * The member's answer to a disbursed withdrawal (spec §4 Withdrawal confirmation): Received, or Not received with
 * proof images and a remark (§5); until then the time it counts as received on its own. Given the order as the
 * server last sent it: a new status (RECEIVED, FORCED_RECEIVED, NOT_RECEIVED) moves the panel along.
 * `onOrderChange` hears the order each answer returns (so the page can refresh its lists).
 * Renders nothing for an order with nothing to confirm (a deposit, a withdrawal not disbursed yet, or rejected).
 */
export function WithdrawalConfirmation(props: {
  order: PaymentOrder;
  onOrderChange?: (order: PaymentOrder) => void;
}) {
  // Another order is another workflow.
  return <ConfirmationPanel key={props.order.id} {...props} />;
}

function ConfirmationPanel({
  order,
  onOrderChange,
}: {
  order: PaymentOrder;
  onOrderChange?: (order: PaymentOrder) => void;
}) {
  const { t, i18n } = useLingui();
  const notify = useRef(onOrderChange);
  notify.current = onOrderChange;
  const actor = useActorRef(
    withdrawalConfirmationMachine.provide({
      actors: {
        confirmReceived: fromPromise<unknown, ConfirmRequest>(async ({ input }) => {
          const next = await confirmReceived(input.orderId);
          notify.current?.(next);
          return next;
        }),
        reportNotReceived: fromPromise<unknown, ProofReport>(async ({ input }) => {
          const next = await sendNotReceived(input);
          notify.current?.(next);
          return next;
        }),
      },
    }),
    {
      inspect: liveInspect,
      input: {
        orderId: order.id,
        status: order.kind === 'WITHDRAWAL' ? order.status : 'PENDING',
        forcedReceiveAt: order.forcedReceiveAt,
        forcedReceiveInMs: order.forcedReceiveAt ? Date.parse(order.forcedReceiveAt) - Date.now() : null,
      },
    },
  );
  const panel = connectWithdrawalConfirmation(
    useSelector(actor, (s) => s),
    actor.send,
  );
  // The server's word on the order (a list refetch): the machine moves on when a new status says so (the status it
  // started from moves nothing).
  const orderChanged = useRef(panel.orderChanged);
  orderChanged.current = panel.orderChanged;
  useEffect(() => orderChanged.current(order.status), [order.status]);
  if (panel.phase === 'unavailable') return null;

  const confirmButton = panel.showConfirm ? (
    <button
      type="button"
      className={primaryButton}
      aria-busy={panel.confirming || undefined}
      onClick={panel.confirm}
    >
      {panel.confirming ? <Trans>Confirming…</Trans> : <Trans>Received</Trans>}
    </button>
  ) : null;

  return (
    <section
      aria-label={t`Withdrawal confirmation`}
      className="flex flex-col gap-3 rounded-xl border border-line bg-raised p-4 text-ink"
    >
      <div role="status" className="flex flex-col gap-1">
        {panel.phase === 'disbursed' && (
          <>
            <p className="font-semibold">
              <Trans>The payment has been sent. Did you receive it?</Trans>
            </p>
            {panel.forcedReceiveAt && (
              <p className="text-sm text-muted">
                <Trans>
                  Counts as received at{' '}
                  <time dateTime={panel.forcedReceiveAt}>
                    {i18n.date(panel.forcedReceiveAt, { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </Trans>
              </p>
            )}
          </>
        )}
        {panel.phase === 'notReceived' && (
          <>
            <p className="font-semibold">
              <Trans>You reported this payment as not received.</Trans>
            </p>
            <p className="text-sm text-muted">
              <Trans>Customer service is checking your proof. If the money arrives, confirm it here.</Trans>
            </p>
          </>
        )}
        {panel.phase === 'received' && (
          <p className="font-semibold">
            <Trans>You confirmed that you received this payment.</Trans>
          </p>
        )}
        {panel.phase === 'forcedReceived' && (
          <p className="font-semibold">
            <Trans>This payment now counts as received.</Trans>
          </p>
        )}
      </div>
      {panel.formOpen ? (
        <ProofForm form={panel.proof} />
      ) : (
        (confirmButton || panel.canReport) && (
          <div className="flex flex-wrap gap-2">
            {confirmButton}
            {panel.canReport && (
              <button type="button" className={secondaryButton} onClick={panel.openReport}>
                <Trans>Not received</Trans>
              </button>
            )}
          </div>
        )
      )}
      <CallError error={panel.error} />
    </section>
  );
}

/** Proof of a payment that did not arrive (spec §5): png or jpg images, 5 MB each, at most 3; remark ≤ 140. */
function ProofForm({ form }: { form: ConfirmationView['proof'] }) {
  const { t, i18n } = useLingui();
  const id = useId();
  // The "Not received" button is gone: the keyboard lands on the form's first control.
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => picker.current?.focus(), []);
  const { maxFiles, maxMegabytes, remarkMax } = form;
  const fileProblem = (p: FileProblem) =>
    p === 'file.type' ? t`Only PNG or JPG images` : t`Larger than ${maxMegabytes} MB`;
  const filesMessage = (p: FilesProblem) =>
    p === 'files.required' ? t`Add at least one image as proof` : t`At most ${maxFiles} images`;
  const listMessage = form.filesProblem ? filesMessage(form.filesProblem) : form.filesServerMessage;
  const remarkMessage = form.remarkProblem
    ? t`${plural(remarkMax, { one: 'At most # character', other: 'At most # characters' })}`
    : form.remarkServerMessage;
  const filesInvalid = listMessage !== null || form.files.some((f) => f.problem);
  const size = (bytes: number) => {
    if (bytes < 1024 * 1024) {
      const kilobytes = i18n.number(Math.max(1, Math.round(bytes / 1024)));
      return t`${kilobytes} KB`;
    }
    const megabytes = i18n.number(bytes / (1024 * 1024), { maximumFractionDigits: 1 });
    return t`${megabytes} MB`;
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.target.files ?? [])];
    // Cleared, so that picking the same image again after removing it is a change.
    e.target.value = '';
    form.add(picked.map((f) => ({ name: f.name, type: f.type, size: f.size, handle: f })));
  };

  return (
    <form
      noValidate
      aria-label={t`Report not received`}
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <fieldset disabled={form.submitting} className="flex min-w-0 flex-col gap-3">
        <PictureInput
          id={id}
          label={<Trans>Proof images</Trans>}
          maxFiles={maxFiles}
          maxMegabytes={maxMegabytes}
          invalid={filesInvalid}
          error={listMessage}
          inputRef={picker}
          onChange={pick}
        >
          {form.files.length > 0 && (
            <ul aria-label={t`Chosen images`} className="flex flex-col gap-1">
              {form.files.map((f) => (
                <FileRow
                  key={f.id}
                  file={f}
                  size={size(f.size)}
                  problem={f.problem ? fileProblem(f.problem) : null}
                  onRemove={() => form.remove(f.id)}
                />
              ))}
            </ul>
          )}
        </PictureInput>
        <RemarkField
          id={id}
          label={<Trans>Remark (optional)</Trans>}
          value={form.remark}
          max={remarkMax}
          message={remarkMessage}
          onChange={form.changeRemark}
        />
        <CallError error={form.error} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton} aria-busy={form.submitting || undefined}>
            {form.submitting ? <Trans>Sending…</Trans> : <Trans>Send report</Trans>}
          </button>
          <button type="button" className={secondaryButton} onClick={form.cancel}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function FileRow({
  file,
  size,
  problem,
  onRemove,
}: {
  file: ProofFileView;
  size: string;
  problem: string | null;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const problemId = useId();
  return (
    <li
      aria-describedby={problem ? problemId : undefined}
      className="flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate">{file.name}</span>
        <span className="block text-xs text-muted">{size}</span>
        {problem && (
          <span id={problemId} className="block text-xs text-danger">
            {problem}
          </span>
        )}
      </span>
      <button
        type="button"
        aria-label={t`Remove ${file.name}`}
        onClick={onRemove}
        className="h-9 shrink-0 rounded-full border border-line px-3 text-xs font-semibold hover:bg-line/40"
      >
        <Trans>Remove</Trans>
      </button>
    </li>
  );
}

/** A failed call: the server's message, or the spec's general network message (§8). */
function CallError({ error }: { error: FlowError | null }) {
  const { t } = useLingui();
  if (!error) return null;
  return (
    <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
      {error.code === 'NETWORK' || !error.message ? t`Network abnormal, please try again.` : error.message}
    </p>
  );
}
