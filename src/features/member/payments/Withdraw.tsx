import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { createWithdrawal, MONEY_FIELDS, type PaymentOrder } from '../../../../contract/payments.ts';
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
import { useMoney } from '../../../ui/records/useMoney.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { MONEY_KEYS, paymentSettingsQuery } from '../queries.ts';
import { OrderList } from './OrderList.tsx';

const EMPTY = { amount: '', bankName: '', accountName: '', accountNo: '', paymentPassword: '' };
type Values = typeof EMPTY;

/** Withdrawals that wait for the member's answer (spec §4 Withdrawal confirmation). */
const AWAITS_CONFIRMATION = new Set(['DISBURSED', 'NOT_RECEIVED']);

/** The bank fields' problems, checked against the contract's bounds before the server checks them again. */
export function bankProblems(v: Values): Partial<Record<keyof Values, 'required' | 'length' | 'accountNo'>> {
  const problems: Partial<Record<keyof Values, 'required' | 'length' | 'accountNo'>> = {};
  for (const name of ['bankName', 'accountName'] as const) {
    const text = v[name].trim();
    if (!text) problems[name] = 'required';
    else if (text.length < MONEY_FIELDS.name.min || text.length > MONEY_FIELDS.name.max)
      problems[name] = 'length';
  }
  const no = v.accountNo.trim();
  if (!no) problems.accountNo = 'required';
  else if (!MONEY_FIELDS.accountNo.pattern.test(no)) problems.accountNo = 'accountNo';
  if (!v.paymentPassword) problems.paymentPassword = 'required';
  return problems;
}

/**
 * withdraw: amount within the merchant's bounds, the bank account to pay to and the payment password; the money is
 * held until an operator pays it out. A paid-out withdrawal asks the member to confirm it (`renderConfirmation`).
 */
export function Withdraw({ renderConfirmation }: { renderConfirmation: (order: PaymentOrder) => ReactNode }) {
  const { t } = useLingui();
  const settings = useQuery(paymentSettingsQuery());
  const money = useMoney();
  const amountMessage = useAmountMessage();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [checked, setChecked] = useState(false);
  const [placed, setPlaced] = useState<PaymentOrder | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const withdraw = useMutation({
    mutationFn: async (amount: number) =>
      (
        await call(createWithdrawal, {
          body: {
            requestId,
            amount,
            paymentPassword: values.paymentPassword,
            bankName: values.bankName.trim(),
            accountName: values.accountName.trim(),
            accountNo: values.accountNo.trim(),
          },
        })
      ).value,
    onSuccess: ({ order }) => {
      setRequestId(newRequestId());
      setPlaced(order);
      setChecked(false);
      // The bank account stays for the next one; the amount and the password do not.
      setValues((v) => ({ ...v, amount: '', paymentPassword: '' }));
      for (const queryKey of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey });
    },
  });

  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton className="h-64 w-full" />;
  const rules = settings.data.withdrawal;
  const reading = parseAmount(values.amount, { min: rules.min, max: rules.max });
  const problems = bankProblems(values);
  const { min: nameMin, max: nameMax } = MONEY_FIELDS.name;
  const { min: digitsMin, max: digitsMax } = MONEY_FIELDS.accountNo;
  const words = {
    required: t`This field is required`,
    length: t`Enter ${nameMin} to ${plural(nameMax, { one: '# character', other: '# characters' })}`,
    accountNo: t`Account number is ${digitsMin}–${plural(digitsMax, { one: '# digit', other: '# digits' })}`,
  };
  const message = (name: keyof Values) =>
    (checked && problems[name] ? words[problems[name]!] : undefined) ?? serverField(withdraw.error, name);
  const edit = (name: keyof Values) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setRequestId(newRequestId());
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setPlaced(null);
    if (reading.ok && Object.keys(problems).length === 0) withdraw.mutate(reading.minor);
  };
  const orderId = placed?.id;
  const min = money.format(rules.min);
  const max = money.format(rules.max);
  const count = rules.maxCount;

  return (
    <div className="flex flex-col gap-4">
      {!settings.data.hasPaymentPassword ? (
        <Section title={<Trans>New withdrawal</Trans>}>
          <p className="text-sm">
            <Trans>A withdrawal needs your payment password. Please set one first.</Trans>
          </p>
          <Link
            to="/member"
            search={{ page: 'securityCenter' }}
            className={`${primaryButton} inline-grid place-items-center self-start`}
          >
            <Trans>Set payment password</Trans>
          </Link>
        </Section>
      ) : (
        <Section title={<Trans>New withdrawal</Trans>}>
          <form
            noValidate
            onSubmit={submit}
            className="flex max-w-md flex-col gap-3"
            aria-label={t`Withdrawal`}
          >
            <AmountField
              label={<Trans>Amount</Trans>}
              value={values.amount}
              onChange={edit('amount')}
              hint={
                <Trans>
                  From {min} to {max}, at most {count} withdrawals a day
                </Trans>
              }
              message={
                amountMessage(checked && !reading.ok ? reading.problem : null, money.sign) ??
                serverField(withdraw.error, 'amount')
              }
            />
            <TextField
              label={<Trans>Bank name</Trans>}
              maxLength={MONEY_FIELDS.name.max}
              value={values.bankName}
              onChange={edit('bankName')}
              message={message('bankName')}
            />
            <TextField
              label={<Trans>Account name</Trans>}
              autoComplete="name"
              maxLength={MONEY_FIELDS.name.max}
              value={values.accountName}
              onChange={edit('accountName')}
              message={message('accountName')}
            />
            <TextField
              label={<Trans>Account number</Trans>}
              inputMode="numeric"
              maxLength={MONEY_FIELDS.accountNo.max}
              value={values.accountNo}
              onChange={edit('accountNo')}
              message={message('accountNo')}
            />
            <TextField
              label={<Trans>Payment password</Trans>}
              type="password"
              autoComplete="off"
              inputMode="numeric"
              maxLength={MONEY_FIELDS.paymentPassword.max}
              value={values.paymentPassword}
              onChange={edit('paymentPassword')}
              message={message('paymentPassword')}
            />
            <CallError error={withdraw.error} />
            {placed && (
              <Done>
                <Trans>Withdrawal #{orderId} is requested; the amount is held until it is paid out.</Trans>
              </Done>
            )}
            <button type="submit" disabled={withdraw.isPending} className={primaryButton}>
              <Trans>Request withdrawal</Trans>
            </button>
          </form>
        </Section>
      )}
      <OrderList
        kind="WITHDRAWAL"
        title={<Trans>My withdrawals</Trans>}
        extra={(order) => (AWAITS_CONFIRMATION.has(order.status) ? renderConfirmation(order) : null)}
      />
    </div>
  );
}
