import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import {
  createDeposit,
  type DepositMethod,
  type DepositTransfer,
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
import { VietQrTransfer } from './VietQrTransfer.tsx';

const keyOf = (m: Pick<DepositMethod, 'kind' | 'id'>) => `${m.kind}:${m.id ?? ''}`;
/** Transfers the member makes from a bank: the page shows the account, an operator checks the transfer. */
const byTransfer = (kind: PaymentChannel | undefined) => kind === 'BANK' || kind === 'VIETQR';

/**
 * depositv2: a channel, an amount (2 decimals, within the merchant's bounds). A bank transfer shows the house's
 * account and waits for an operator; a VietQR transfer shows the code to scan with the account, amount and reference
 * written out; an online gateway opens its payment page. The member's deposits below.
 */
export function Deposit() {
  const { t } = useLingui();
  const settings = useQuery(paymentSettingsQuery());
  const money = useMoney();
  const amountMessage = useAmountMessage();
  const limitText = useLimitText();
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<string | null>(null);
  const [values, setValues] = useState({ amount: '', payerName: '', reference: '' });
  const [checked, setChecked] = useState(false);
  const [placed, setPlaced] = useState<PaymentOrder | null>(null);
  const [transfer, setTransfer] = useState<DepositTransfer | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const deposit = useMutation({
    mutationFn: async (body: {
      channel: PaymentChannel;
      channelId?: number;
      amount: number;
      payerName?: string;
      reference?: string;
    }) => (await call(createDeposit, { body: { requestId, ...body } })).value,
    onSuccess: ({ order, payUrl, transfer }) => {
      setRequestId(newRequestId());
      for (const queryKey of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey });
      if (payUrl) {
        gatewayOpener.open(payUrl);
        return;
      }
      setPlaced(order);
      setTransfer(transfer ?? null);
      setChecked(false);
      setValues({ amount: '', payerName: '', reference: '' });
    },
  });

  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton className="h-64 w-full" />;
  const rules = settings.data;
  const methods = rules.deposit.methods;
  const method = methods.find((m) => keyOf(m) === channel) ?? methods[0];
  const active = method?.kind;
  const bank = method?.bank ?? rules.bank;
  const reading = parseAmount(values.amount, { min: rules.deposit.min, max: rules.deposit.max });
  const edit = (name: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setRequestId(newRequestId());
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setPlaced(null);
    setTransfer(null);
    if (!reading.ok || !method) return;
    deposit.mutate({
      channel: method.kind,
      ...(method.id !== null ? { channelId: method.id } : {}),
      amount: reading.minor,
      ...(method.kind === 'BANK'
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
      {methods.length === 0 ? (
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
                {methods.map((m) => (
                  <label
                    key={keyOf(m)}
                    className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 ${
                      m === method ? 'border-brand bg-brand/10 font-semibold' : 'border-line'
                    }`}
                  >
                    <input
                      type="radio"
                      name="channel"
                      value={keyOf(m)}
                      checked={m === method}
                      onChange={() => {
                        setChannel(keyOf(m));
                        setRequestId(newRequestId());
                      }}
                      className="accent-[var(--brand-primary)]"
                    />
                    {m.label ||
                      (m.kind === 'BANK' ? (
                        <Trans>Bank transfer</Trans>
                      ) : m.kind === 'VIETQR' ? (
                        <Trans>Bank transfer (VietQR)</Trans>
                      ) : (
                        <Trans>Online payment</Trans>
                      ))}
                  </label>
                ))}
              </div>
            </fieldset>
            {byTransfer(active) && (
              <div className="rounded-lg bg-surface p-3 text-sm">
                <p className="mb-2 font-medium">
                  {active === 'VIETQR' ? (
                    <Trans>
                      Enter the amount: you get a QR code to scan in your banking app, for this account:
                    </Trans>
                  ) : (
                    <Trans>
                      Transfer the amount to this account, then tell us your name and the transfer’s
                      reference:
                    </Trans>
                  )}
                </p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="text-muted">
                    <Trans>Bank</Trans>
                  </dt>
                  <dd className="font-semibold">{bank.bankName}</dd>
                  <dt className="text-muted">
                    <Trans>Account name</Trans>
                  </dt>
                  <dd className="font-semibold">{bank.accountName}</dd>
                  <dt className="text-muted">
                    <Trans>Account number</Trans>
                  </dt>
                  <dd className="font-semibold tabular-nums">{bank.accountNo}</dd>
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
            {placed && transfer && <VietQrTransfer orderId={placed.id} transfer={transfer} />}
            {placed && !transfer && (
              <Done>
                <Trans>
                  Deposit #{orderId} is waiting for the transfer to be checked; your balance grows once it is
                  approved.
                </Trans>
              </Done>
            )}
            <button type="submit" disabled={deposit.isPending} className={primaryButton}>
              {active === 'BANK' ? (
                <Trans>Submit deposit</Trans>
              ) : active === 'VIETQR' ? (
                <Trans>Get the QR code</Trans>
              ) : (
                <Trans>Continue to payment</Trans>
              )}
            </button>
          </form>
        </Section>
      )}
      <OrderList kind="DEPOSIT" title={<Trans>My deposits</Trans>} />
    </div>
  );
}
