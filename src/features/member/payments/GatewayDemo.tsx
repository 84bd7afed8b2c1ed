import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { demoGatewayPay, type PaymentStatus } from '../../../../contract/payments.ts';
import { call } from '../../../api/client.ts';
import { formatAmount } from '../../../i18n/format.ts';
import { CallError, LoadError, primaryButton, secondaryButton } from '../../../ui/records/form.tsx';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { gatewayOrderQuery } from '../queries.ts';

/**
 * `/gateway/demo?ref=…`: the demo payment gateway's page (a real gateway's would be on its own site). It shows what
 * the reference stands for; Pay or Fail payment makes the gateway post its signed callback to the portal.
 */
export function GatewayDemo({ orderRef }: { orderRef: string }) {
  const { locale } = useMoney();
  const queryClient = useQueryClient();
  const order = useQuery(gatewayOrderQuery(orderRef));
  const pay = useMutation({
    mutationFn: async (outcome: 'PAID' | 'FAILED') =>
      (await call(demoGatewayPay, { body: { ref: orderRef, outcome } })).value,
    onSuccess: (value) => {
      queryClient.setQueryData(gatewayOrderQuery(orderRef).queryKey, (o) =>
        o ? { ...o, status: value.status } : o,
      );
      void queryClient.invalidateQueries({ queryKey: ['balance'] });
    },
  });
  const status: PaymentStatus | undefined = order.data?.status;
  const settled = status !== undefined && status !== 'PENDING';
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 py-6">
      <section
        aria-labelledby="gateway-title"
        className="flex flex-col gap-4 rounded-2xl border border-line bg-raised p-6 shadow-xl"
      >
        <h1 id="gateway-title" className="text-xl font-bold">
          <Trans>Demo payment gateway</Trans>
        </h1>
        <p className="text-sm text-muted">
          <Trans>This page stands in for a real payment provider: no money leaves any account.</Trans>
        </p>
        {orderRef === '' ? (
          <p role="alert" className="text-danger">
            <Trans>This payment link is incomplete. Start the deposit again.</Trans>
          </p>
        ) : order.isError ? (
          <LoadError error={order.error} onRetry={() => void order.refetch()} />
        ) : !order.data ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted">
              <Trans>Pay to</Trans>
            </dt>
            <dd className="font-semibold">{order.data.merchantName}</dd>
            <dt className="text-muted">
              <Trans>Order</Trans>
            </dt>
            <dd className="font-mono break-all">{order.data.ref}</dd>
            <dt className="text-muted">
              <Trans>Amount</Trans>
            </dt>
            <dd className="text-lg font-semibold tabular-nums">
              {formatAmount(order.data.amount, order.data.currencySign, locale)}
            </dd>
          </dl>
        )}
        {settled ? (
          <p role="status" className={status === 'CREDITED' ? 'text-success' : 'text-danger'}>
            {status === 'CREDITED' ? (
              <Trans>Payment done. The deposit is credited to your account.</Trans>
            ) : (
              <Trans>Payment failed. Nothing was charged.</Trans>
            )}
          </p>
        ) : (
          order.data && (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                disabled={pay.isPending}
                className={primaryButton}
                onClick={() => pay.mutate('PAID')}
              >
                <Trans>Pay</Trans>
              </button>
              <button
                type="button"
                disabled={pay.isPending}
                className={`${secondaryButton} h-11`}
                onClick={() => pay.mutate('FAILED')}
              >
                <Trans>Fail payment</Trans>
              </button>
            </div>
          )
        )}
        <CallError error={pay.error} />
        <Link to="/member" search={{ page: 'depositv2' }} className="font-semibold text-accent-ink underline">
          <Trans>Back to Deposit</Trans>
        </Link>
      </section>
    </div>
  );
}
