import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { PaymentKind, PaymentOrder, PaymentStatus } from '../../../../contract/payments.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { Pagination } from '../../../ui/Pagination.tsx';
import { LoadError } from '../../../ui/records/form.tsx';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { paymentOrdersQuery } from '../queries.ts';

/** Payment states in the member's words (contract/payments.ts `paymentStatus`). */
export function useStatusLabel() {
  const { t } = useLingui();
  const labels: Record<PaymentStatus, string> = {
    PENDING: t`Pending`,
    CREDITED: t`Credited`,
    FAILED: t`Failed`,
    REQUESTED: t`Requested`,
    APPROVED: t`Approved`,
    DISBURSED: t`Payment disbursed`,
    RECEIVED: t`Received`,
    NOT_RECEIVED: t`Not received`,
    FORCED_RECEIVED: t`Received (automatic)`,
    REJECTED: t`Rejected`,
    REFUNDED: t`Refunded`,
  };
  return (status: PaymentStatus) => labels[status];
}

const tone = (status: PaymentStatus) =>
  status === 'CREDITED' || status === 'RECEIVED' || status === 'FORCED_RECEIVED'
    ? 'text-success'
    : status === 'FAILED' || status === 'REJECTED' || status === 'NOT_RECEIVED'
      ? 'text-danger'
      : 'text-warning';

/** The member's deposits or withdrawals, newest first, a page at a time; `extra` adds to an order's row. */
export function OrderList({
  kind,
  title,
  extra,
}: {
  kind: PaymentKind;
  title: ReactNode;
  extra?: (order: PaymentOrder) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const orders = useQuery(paymentOrdersQuery(kind, page));
  const money = useMoney();
  const statusLabel = useStatusLabel();
  return (
    <section
      aria-label={kind === 'DEPOSIT' ? t`My deposits` : t`My withdrawals`}
      className="flex flex-col gap-3"
    >
      <h3 className="text-base font-semibold">{title}</h3>
      {orders.isError ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : !orders.data ? (
        <Skeleton className="h-32 w-full" />
      ) : orders.data.list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-4 text-center text-sm text-muted">
          <Trans>Nothing here yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {orders.data.list.map((o) => (
            <li key={o.id} className="flex flex-col gap-2 rounded-lg border border-line p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold tabular-nums">{money.format(o.amount)}</span>
                <span className={`text-sm font-semibold ${tone(o.status)}`}>{statusLabel(o.status)}</span>
              </div>
              <div className="flex flex-wrap justify-between gap-2 text-xs text-muted">
                <span>
                  {o.channel === 'BANK' || o.channel === 'VIETQR' ? (
                    <Trans>Bank transfer</Trans>
                  ) : (
                    <Trans>Online payment</Trans>
                  )}{' '}
                  · #{o.id}
                </span>
                <time dateTime={o.createdAt}>{formatDateTime(o.createdAt, i18n.locale)}</time>
              </div>
              {o.remark && <p className="text-xs text-muted">{o.remark}</p>}
              {extra?.(o)}
            </li>
          ))}
        </ul>
      )}
      {orders.data && (
        <Pagination
          page={page}
          totalPages={orders.data.totalPages}
          onChange={setPage}
          label={kind === 'DEPOSIT' ? t`Deposit pages` : t`Withdrawal pages`}
        />
      )}
    </section>
  );
}
