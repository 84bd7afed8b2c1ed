import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import {
  createDeposit,
  MONEY_FIELDS,
  type PaymentChannel,
  type PaymentOrder,
} from '../../../../contract/payments.ts';
import { call } from '../../../api/client.ts';
import { newRequestId } from '../../../api/requestId.ts';
import { parseAmount } from '../../../ui/records/amount.ts';
import {
  AmountField,
  CallError,
  Done,
  LoadError,
  primaryButton,
  Section,
  serverField,
  TextField,
  useAmountMessage,
} from '../../../ui/records/form.tsx';
import { useLimitText } from '../../../ui/records/limitText.ts';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { MONEY_KEYS, paymentSettingsQuery } from '../queries.ts';
import { gatewayOpener } from './gatewayOpener.ts';
import { OrderList } from './OrderList.tsx';

/**
 * depositv2: a channel, an amount (2 decimals, within the merchant's bounds). A bank transfer shows the house's
 * account and waits for an operator; the online (demo) gateway opens its payment page. The member's deposits below.
 */
export function Deposit() {
  const { t } = useLingui();
  const settings = useQuery(paymentSettingsQuery());
  const money = useMoney();
  const amountMessage = useAmountMessage();
  const limitText = useLimitText();
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<PaymentChannel | null>(null);
  const [values, setValues] = useState({ amount: '', payerName: '', reference: '' });
  const [checked, setChecked] = useState(false);
  const [placed, setPlaced] = useState<PaymentOrder | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const deposit = useMutation({
    mutationFn: async (body: {
      channel: PaymentChannel;
      amount: number;
      payerName?: string;
      reference?: string;
    }) => (await call(createDeposit, { body: { requestId, ...body } })).value,
    onSuccess: ({ order, payUrl }) => {
      setRequestId(newRequestId());
      for (const queryKey of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey });
      if (order.channel === 'DEMO_GATEWAY' && payUrl) {
        gatewayOpener.open(payUrl);
        return;
      }
      setPlaced(order);
      setChecked(false);
      setValues({ amount: '', payerName: '', reference: '' });
    },
  });

  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton className="h-64 w-full" />;
  const rules = settings.data;
  const channels = rules.deposit.channels;
  const active = channel && channels.includes(channel) ? channel : channels[0];
  const reading = parseAmount(values.amount, { min: rules.deposit.min, max: rules.deposit.max });
  const edit = (name: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setRequestId(newRequestId());
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setPlaced(null);
    if (!reading.ok || !active) return;
    deposit.mutate({
      channel: active,
      amount: reading.minor,
      ...(active === 'BANK'
        ? {
            payerName: values.payerName.trim() || undefined,
            reference: values.reference.trim() || undefined,
          }
        : {}),
    });
  };
  const orderId = placed?.id;
  const min = money.format(rules.deposit.min);
  const max = money.format(rules.deposit.max);

  return (
    <div className="flex flex-col gap-4">
      {channels.length === 0 ? (
        <p className="rounded-lg border border-line p-4 text-sm text-muted">
          <Trans>Deposits are not available at the moment.</Trans>
        </p>
      ) : (
        <Section title={<Trans>New deposit</Trans>}>
          <form noValidate onSubmit={submit} className="flex max-w-md flex-col gap-3" aria-label={t`Deposit`}>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">
                <Trans>Payment method</Trans>
              </legend>
              <div className="flex flex-wrap gap-2">
                {channels.map((c) => (
                  <label
                    key={c}
                    className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 ${
                      c === active ? 'border-brand bg-brand/10 font-semibold' : 'border-line'
                    }`}
                  >
                    <input
                      type="radio"
                      name="channel"
                      value={c}
                      checked={c === active}
                      onChange={() => {
                        setChannel(c);
                        setRequestId(newRequestId());
                      }}
                      className="accent-[var(--brand-primary)]"
                    />
                    {c === 'BANK' ? <Trans>Bank transfer</Trans> : <Trans>Online payment</Trans>}
                  </label>
                ))}
              </div>
            </fieldset>
            {active === 'BANK' && (
              <div className="rounded-lg bg-surface p-3 text-sm">
                <p className="mb-2 font-medium">
                  <Trans>
                    Transfer the amount to this account, then tell us your name and the transfer’s reference:
                  </Trans>
                </p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="text-muted">
                    <Trans>Bank</Trans>
                  </dt>
                  <dd className="font-semibold">{rules.bank.bankName}</dd>
                  <dt className="text-muted">
                    <Trans>Account name</Trans>
                  </dt>
                  <dd className="font-semibold">{rules.bank.accountName}</dd>
                  <dt className="text-muted">
                    <Trans>Account number</Trans>
                  </dt>
                  <dd className="font-semibold tabular-nums">{rules.bank.accountNo}</dd>
                </dl>
              </div>
            )}
            <AmountField
              label={<Trans>Amount</Trans>}
              value={values.amount}
              onChange={edit('amount')}
              hint={
                <Trans>
                  From {min} to {max}
                </Trans>
              }
              message={
                amountMessage(checked && !reading.ok ? reading.problem : null, money.sign) ??
                limitText(deposit.error, money.format) ??
                serverField(deposit.error, 'amount')
              }
            />
            {active === 'BANK' && (
              <>
                <TextField
                  label={<Trans>Payer name</Trans>}
                  autoComplete="name"
                  maxLength={MONEY_FIELDS.note.max}
                  value={values.payerName}
                  onChange={edit('payerName')}
                  message={serverField(deposit.error, 'payerName')}
                />
                <TextField
                  label={<Trans>Transfer reference</Trans>}
                  maxLength={MONEY_FIELDS.note.max}
                  value={values.reference}
                  onChange={edit('reference')}
                  message={serverField(deposit.error, 'reference')}
                />
              </>
            )}
            <CallError error={deposit.error} />
            {placed && (
              <Done>
                <Trans>
                  Deposit #{orderId} is waiting for the transfer to be checked; your balance grows once it is
                  approved.
                </Trans>
              </Done>
            )}
            <button type="submit" disabled={deposit.isPending} className={primaryButton}>
              {active === 'BANK' ? <Trans>Submit deposit</Trans> : <Trans>Continue to payment</Trans>}
            </button>
          </form>
        </Section>
      )}
      <OrderList kind="DEPOSIT" title={<Trans>My deposits</Trans>} />
    </div>
  );
}
