import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { opsPaymentHistory } from '../../../contract/ops.ts';
import { Modal } from '../../ui/Modal.tsx';
import { CallError } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { Picture } from './EntryPictures.tsx';

/** The steps of an order's life, as the audit log names them. */
const STEP_LABEL: Record<string, MessageDescriptor> = {
  DEPOSIT_REQUESTED: msg`Deposit requested`,
  DEPOSIT_CREDITED: msg`Credited`,
  DEPOSIT_REJECTED: msg`Rejected`,
  DEPOSIT_FAILED: msg`Failed`,
  DEPOSIT_FLAGGED: msg`Flagged for review`,
  WITHDRAWAL_REQUESTED: msg`Withdrawal requested`,
  WITHDRAWAL_APPROVED: msg`Approved`,
  WITHDRAWAL_REJECTED: msg`Rejected`,
  WITHDRAWAL_DISBURSED: msg`Disbursed`,
  WITHDRAWAL_RECEIVED: msg`Member confirmed received`,
  WITHDRAWAL_NOT_RECEIVED: msg`Member reported not received`,
  WITHDRAWAL_FORCED_RECEIVED: msg`Received (forced)`,
  WITHDRAWAL_RESENT: msg`Resent`,
  WITHDRAWAL_CONFIRMED: msg`Confirmed received by finance`,
  WITHDRAWAL_REFUNDED: msg`Refunded`,
};

/** An order's history (who did what, when) and its proof pictures, in a dialog. */
export function PaymentHistory({
  id,
  account,
  proofs,
  onClose,
}: {
  id: number;
  account: string;
  /** How many proof pictures to show (0 when the operator may not see them). */
  proofs: number;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { when } = useOpsFormat();
  const history = useQuery({
    queryKey: ['ops', 'payments', 'history', id],
    queryFn: async () => (await opsCall(opsPaymentHistory, { params: { id } })).value.list,
  });
  return (
    <Modal open title={t`History of order ${id}`} closeLabel={t`Close`} onClose={onClose}>
      {proofs > 0 && (
        <section aria-label={t`Proof pictures`} className="mb-3">
          <h3 className="mb-1 text-xs font-medium text-muted">
            <Trans>Proof pictures</Trans>
          </h3>
          <ul className="flex flex-wrap gap-1">
            {Array.from({ length: proofs }, (_, i) => (
              <li key={i}>
                <Picture path={`/ops/payments/${id}/proofs/${i + 1}`} index={i + 1} account={account} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {history.isError && <CallError error={history.error} />}
      {history.isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {history.data && (
        <ol aria-label={t`Steps`} className="flex flex-col gap-2 text-sm">
          {history.data.map((step, i) => (
            // Steps never change order or go away: their place is their identity.
            <li key={i} className="border-b border-line/60 pb-1 last:border-0">
              <div className="font-medium">
                {STEP_LABEL[step.action] ? i18n._(STEP_LABEL[step.action]!) : step.action}
              </div>
              <div className="text-xs text-muted">
                {when(step.at)} · {step.actor}
              </div>
              {step.reference && (
                <div className="text-xs">
                  <Trans>Reference: {step.reference}</Trans>
                </div>
              )}
              {step.remark && <div className="text-xs">{step.remark}</div>}
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
