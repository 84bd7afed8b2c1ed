import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  opsApprovePayment,
  opsDisbursePayment,
  type opsPaymentOrder,
  opsPayments,
  opsRejectPayment,
} from '../../../contract/ops.ts';
import type { PaymentKind, PaymentStatus } from '../../../contract/payments.ts';
import { Done, RecordTable } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { PAYMENT_STATUS_LABEL } from '../labels.ts';
import { RemarkDialog } from '../RemarkDialog.tsx';
import { useMay, useOps } from '../session.ts';
import { cell, Filters, opsButton, opsPrimary, row, SelectField } from '../ui.tsx';
import { useDecision } from '../useDecision.ts';

type Order = z.infer<typeof opsPaymentOrder>;
type Action = 'approve' | 'reject' | 'disburse';

const ACTION_CALL = { approve: opsApprovePayment, reject: opsRejectPayment, disburse: opsDisbursePayment };

/** Each kind's statuses, the waiting ones first (the queue the page opens on). */
const STATUSES: Record<PaymentKind, PaymentStatus[]> = {
  DEPOSIT: ['PENDING', 'CREDITED', 'FAILED', 'REJECTED'],
  WITHDRAWAL: [
    'REQUESTED',
    'APPROVED',
    'DISBURSED',
    'NOT_RECEIVED',
    'RECEIVED',
    'FORCED_RECEIVED',
    'REJECTED',
  ],
};

/** What an operator may still do with an order (contract/payments.ts lifecycle). */
const ACTIONS: Partial<Record<PaymentStatus, Action[]>> = {
  PENDING: ['approve', 'reject'],
  REQUESTED: ['approve', 'reject'],
  APPROVED: ['disburse', 'reject'],
};

export const Deposits = () => <PaymentQueue kind="DEPOSIT" />;
export const Withdrawals = () => <PaymentQueue kind="WITHDRAWAL" />;

/** The picked merchant's deposits or withdrawals of a status, oldest first, with the decisions still open. */
function PaymentQueue({ kind }: { kind: PaymentKind }) {
  const { t, i18n } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const { money, when } = useOpsFormat();
  const [status, setStatus] = useState<PaymentStatus | ''>(STATUSES[kind][0]!);
  const list = useQuery({
    queryKey: ['ops', 'payments', merchant.code, kind, status],
    queryFn: async () =>
      (
        await opsCall(opsPayments, {
          query: { kind, merchant: merchant.code, ...(status ? { status } : {}) },
        })
      ).value,
  });
  const decision = useDecision<Order, Action, { order: Order }>({
    calls: ACTION_CALL,
    reload: [['ops', 'payments']],
    note: ({ order }) => t`Order ${order.id} is now ${i18n._(PAYMENT_STATUS_LABEL[order.status])}.`,
  });
  const deciding = decision.deciding;
  const actionLabel: Record<Action, string> = {
    approve: t`Approve`,
    reject: t`Reject`,
    disburse: t`Mark disbursed`,
  };
  /** The button's and the dialog's name: the action and the order. */
  const actionOn = (action: Action, id: number) =>
    ({
      approve: t`Approve order ${id}`,
      reject: t`Reject order ${id}`,
      disburse: t`Mark order ${id} disbursed`,
    })[action];

  return (
    <>
      <Filters>
        <SelectField
          label={<Trans>Status</Trans>}
          value={status}
          onChange={(e) => setStatus(e.target.value as PaymentStatus | '')}
        >
          {STATUSES[kind].map((s) => (
            <option key={s} value={s}>
              {i18n._(PAYMENT_STATUS_LABEL[s])}
            </option>
          ))}
          <option value="">{t`All`}</option>
        </SelectField>
      </Filters>
      {decision.done && <Done>{decision.done}</Done>}
      <RecordTable
        query={list}
        caption={kind === 'DEPOSIT' ? t`Deposits` : t`Withdrawals`}
        empty={<Trans>No orders here.</Trans>}
        minWidth="56rem"
        columns={[
          { head: <Trans>Order</Trans> },
          { head: <Trans>Account</Trans> },
          { head: <Trans>Channel</Trans> },
          { head: <Trans>Amount</Trans>, end: true },
          { head: <Trans>Status</Trans> },
          { head: <Trans>Created</Trans> },
          { head: <Trans>Details</Trans> },
          { head: <Trans>Actions</Trans> },
        ]}
        row={(o) => (
          <tr key={o.id} className={row}>
            <td className={cell}>#{o.id}</td>
            <td className={cell}>{o.account}</td>
            <td className={cell}>{o.channel}</td>
            <td className={`${cell} text-right tabular-nums`}>{money(o.amount)}</td>
            <td className={cell}>{i18n._(PAYMENT_STATUS_LABEL[o.status])}</td>
            <td className={cell}>{when(o.createdAt)}</td>
            <td className={`${cell} text-xs text-muted`}>
              {Object.entries(o.details).map(([k, v]) => (
                <div key={k}>
                  {k}: {v}
                </div>
              ))}
              {o.proofs > 0 && <Trans>Proof pictures: {o.proofs}</Trans>}
              {o.remark && <div>{o.remark}</div>}
            </td>
            <td className={cell}>
              <div className="flex flex-wrap gap-1">
                {(ACTIONS[o.status] ?? [])
                  .filter((a) => may(ACTION_CALL[a]))
                  .map((a) => (
                    <button
                      key={a}
                      type="button"
                      className={a === 'reject' ? opsButton : opsPrimary}
                      aria-label={actionOn(a, o.id)}
                      onClick={() => decision.open(o, a)}
                    >
                      {actionLabel[a]}
                    </button>
                  ))}
              </div>
            </td>
          </tr>
        )}
      />
      {deciding && (
        <RemarkDialog
          title={actionOn(deciding.action, deciding.item.id)}
          confirmLabel={actionLabel[deciding.action]}
          danger={deciding.action === 'reject'}
          pending={decision.pending}
          error={decision.error}
          onClose={decision.close}
          onConfirm={(remark) => decision.decide(remark ? { remark } : {})}
        >
          <OrderSummary order={deciding.item} amount={money(deciding.item.amount)} />
        </RemarkDialog>
      )}
    </>
  );
}

function OrderSummary({ order, amount }: { order: Order; amount: string }) {
  const { account, channel } = order;
  return (
    <p>
      <Trans>
        {account}: {amount} by {channel}.
      </Trans>
    </p>
  );
}
