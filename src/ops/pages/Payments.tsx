import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  type OpsOrderAction,
  opsApprovePayment,
  opsDisbursePayment,
  type opsPaymentOrder,
  opsPaymentProof,
  opsPayments,
  opsRejectPayment,
  opsResolveDispute,
} from '../../../contract/ops.ts';
import type { PaymentKind, PaymentStatus } from '../../../contract/payments.ts';
import { Done, RecordTable, serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { PAYMENT_STATUS_LABEL } from '../labels.ts';
import { RemarkDialog } from '../RemarkDialog.tsx';
import { useMay, useOps } from '../session.ts';
import { cell, Filters, InputField, opsButton, opsPrimary, row, SelectField } from '../ui.tsx';
import { useDecision } from '../useDecision.ts';
import { ResolveDialog } from './PaymentDispute.tsx';
import { PaymentHistory } from './PaymentHistory.tsx';
import { WithdrawalQueues } from './PaymentQueues.tsx';

type Order = z.infer<typeof opsPaymentOrder>;

const ACTION_CALL = {
  approve: opsApprovePayment,
  reject: opsRejectPayment,
  disburse: opsDisbursePayment,
  resolve: opsResolveDispute,
};

/** The list's filter: the orders waiting for finance (`ACTION`), one status, or all (''). */
type Filter = PaymentStatus | 'ACTION' | '';

/** Each kind's statuses, and the filter the page opens on. */
const STATUSES: Record<PaymentKind, PaymentStatus[]> = {
  DEPOSIT: ['PENDING', 'CREDITED', 'FAILED', 'REJECTED'],
  WITHDRAWAL: [
    'REQUESTED',
    'APPROVED',
    'DISBURSED',
    'NOT_RECEIVED',
    'RECEIVED',
    'FORCED_RECEIVED',
    'REFUNDED',
    'REJECTED',
  ],
};
/** Withdrawals open on every step that waits for finance, so an approved one stays in view until disbursed. */
const FIRST: Record<PaymentKind, Filter> = { DEPOSIT: 'PENDING', WITHDRAWAL: 'ACTION' };

export const Deposits = () => <PaymentQueue kind="DEPOSIT" />;
export const Withdrawals = () => <PaymentQueue kind="WITHDRAWAL" />;

/** The picked merchant's deposits or withdrawals, oldest first, each with the next actions the server offers. */
function PaymentQueue({ kind }: { kind: PaymentKind }) {
  const { t, i18n } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const { money, when } = useOpsFormat();
  const [filter, setFilter] = useState<Filter>(FIRST[kind]);
  const [historyOf, setHistoryOf] = useState<Order | null>(null);
  const [reference, setReference] = useState('');
  const list = useQuery({
    queryKey: ['ops', 'payments', merchant.code, kind, filter],
    queryFn: async () =>
      (
        await opsCall(opsPayments, {
          query: {
            kind,
            merchant: merchant.code,
            ...(filter === 'ACTION' ? { queue: 'ACTION' as const } : filter ? { status: filter } : {}),
          },
        })
      ).value,
  });
  const decision = useDecision<Order, OpsOrderAction, { order: Order }>({
    calls: ACTION_CALL,
    reload: [['ops', 'payments']],
    note: ({ order }) => t`Order ${order.id} is now ${i18n._(PAYMENT_STATUS_LABEL[order.status])}.`,
  });
  const deciding = decision.deciding;
  const actionLabel: Record<OpsOrderAction, string> = {
    approve: t`Approve`,
    reject: t`Reject`,
    disburse: t`Mark disbursed`,
    resolve: t`Resolve dispute`,
  };
  /** The button's and the dialog's name: the action and the order. */
  const actionOn = (action: OpsOrderAction, id: number) =>
    ({
      approve: t`Approve order ${id}`,
      reject: t`Reject order ${id}`,
      disburse: t`Mark order ${id} disbursed`,
      resolve: t`Resolve the dispute of order ${id}`,
    })[action];
  const open = (o: Order, action: OpsOrderAction) => {
    setReference('');
    decision.open(o, action);
  };
  const proofsOf = (o: Order) => (may(opsPaymentProof) ? o.proofs : 0);

  return (
    <>
      {kind === 'WITHDRAWAL' && <WithdrawalQueues merchant={merchant.code} onPick={setFilter} />}
      <Filters>
        <SelectField
          label={<Trans>Status</Trans>}
          value={filter}
          onChange={(e) => setFilter(e.target.value as Filter)}
        >
          {kind === 'WITHDRAWAL' && <option value="ACTION">{t`Needs action`}</option>}
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
                {o.next
                  .filter((a) => may(ACTION_CALL[a]))
                  .map((a) => (
                    <button
                      key={a}
                      type="button"
                      className={a === 'reject' ? opsButton : opsPrimary}
                      aria-label={actionOn(a, o.id)}
                      onClick={() => open(o, a)}
                    >
                      {actionLabel[a]}
                    </button>
                  ))}
                <button
                  type="button"
                  className={opsButton}
                  aria-label={t`History of order ${o.id}`}
                  onClick={() => setHistoryOf(o)}
                >
                  <Trans>History</Trans>
                </button>
              </div>
            </td>
          </tr>
        )}
      />
      {deciding?.action === 'resolve' && (
        <ResolveDialog
          title={actionOn('resolve', deciding.item.id)}
          pending={decision.pending}
          error={decision.error}
          onClose={decision.close}
          onConfirm={(body) => decision.decide(body)}
        >
          <OrderSummary order={deciding.item} amount={money(deciding.item.amount)} />
        </ResolveDialog>
      )}
      {deciding && deciding.action !== 'resolve' && (
        <RemarkDialog
          title={actionOn(deciding.action, deciding.item.id)}
          confirmLabel={actionLabel[deciding.action]}
          danger={deciding.action === 'reject'}
          pending={decision.pending}
          error={decision.error}
          onClose={decision.close}
          onConfirm={(remark) =>
            decision.decide({
              ...(remark ? { remark } : {}),
              ...(deciding.action === 'disburse' && reference.trim() ? { reference: reference.trim() } : {}),
            })
          }
        >
          <OrderSummary order={deciding.item} amount={money(deciding.item.amount)} />
          {deciding.action === 'disburse' && (
            <InputField
              label={t`Transfer reference (optional)`}
              maxLength={60}
              value={reference}
              message={serverField(decision.error, 'reference')}
              onChange={(e) => setReference(e.target.value)}
            />
          )}
        </RemarkDialog>
      )}
      {historyOf && (
        <PaymentHistory
          id={historyOf.id}
          account={historyOf.account}
          proofs={proofsOf(historyOf)}
          onClose={() => setHistoryOf(null)}
        />
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
