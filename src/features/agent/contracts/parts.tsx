import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { contractNegotiationMachine } from '../../../../machines/contractNegotiation.machine.ts';
import type { FlowError } from '../../../../machines/form.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { secondaryButton } from '../../../ui/records/form.tsx';

const dangerButton = 'h-11 rounded-full bg-red-600 px-6 font-semibold text-white disabled:opacity-60';

/** Pieces of the contract panels. */

export type NegotiationActor = ActorRefFrom<typeof contractNegotiationMachine>;

/** A failed action in the spec's words (§8), with a way to try it again. */
export function FlowErrorLine({ error, onRetry }: { error: FlowError | null; onRetry?: () => void }) {
  if (!error) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger"
    >
      <p className="flex-1">
        {error.code === 'NETWORK' || !error.message ? (
          <Trans>Network abnormal, please try again.</Trans>
        ) : (
          error.message
        )}
      </p>
      {onRetry && (
        <button type="button" className={secondaryButton} onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}

export const useWhen = () => {
  const { i18n } = useLingui();
  return (iso: string) => i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
};

/** Asks before an action that cannot be taken back (reject, terminate). */
export function ConfirmButton({
  label,
  busyLabel,
  busy,
  title,
  question,
  confirm,
  onConfirm,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  title: string;
  question: string;
  confirm: string;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={secondaryButton}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => setOpen(true)}
      >
        {busy ? busyLabel : label}
      </button>
      <Modal open={open} title={title} closeLabel={t`Close`} onClose={() => setOpen(false)}>
        <p className="mb-4">{question}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
            <Trans>Keep it</Trans>
          </button>
          <button
            type="button"
            className={dangerButton}
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirm}
          </button>
        </div>
      </Modal>
    </>
  );
}
