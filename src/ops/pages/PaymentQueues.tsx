import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { opsPaymentQueues } from '../../../contract/ops.ts';
import type { PaymentStatus } from '../../../contract/payments.ts';
import { opsCall } from '../api.ts';
import { opsButton } from '../ui.tsx';

/** Finance's withdrawal queues with their counts (disputes among them); picking one filters the list to it. */
export function WithdrawalQueues({
  merchant,
  onPick,
}: {
  merchant: string;
  onPick: (status: PaymentStatus) => void;
}) {
  const { t } = useLingui();
  const queues = useQuery({
    queryKey: ['ops', 'payments', 'queues', merchant],
    queryFn: async () => (await opsCall(opsPaymentQueues, { query: { merchant } })).value,
  });
  if (!queues.data) return null;
  const { requested, approved, disputed } = queues.data;
  return (
    <nav aria-label={t`Withdrawal queues`} className="mb-2 flex flex-wrap gap-2">
      <button type="button" className={opsButton} onClick={() => onPick('REQUESTED')}>
        <Trans>To approve: {requested}</Trans>
      </button>
      <button type="button" className={opsButton} onClick={() => onPick('APPROVED')}>
        <Trans>To pay out: {approved}</Trans>
      </button>
      <button
        type="button"
        className={`${opsButton} ${disputed > 0 ? 'border-danger text-danger' : ''}`}
        onClick={() => onPick('NOT_RECEIVED')}
      >
        <Trans>Disputes: {disputed}</Trans>
      </button>
    </nav>
  );
}
