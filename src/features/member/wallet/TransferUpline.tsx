import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { MONEY_FIELDS, transferToUpline } from '../../../../contract/payments.ts';
import { selectMember } from '../../../../machines/session.connect.ts';
import { call } from '../../../api/client.ts';
import { newRequestId } from '../../../api/requestId.ts';
import { SessionContext } from '../../../session/sessionContext.ts';
import { parseAmount } from '../../../ui/records/amount.ts';
import {
  AmountField,
  CallError,
  Done,
  primaryButton,
  Section,
  serverField,
  TextField,
  useAmountMessage,
} from '../../../ui/records/form.tsx';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { MONEY_KEYS } from '../queries.ts';

/** transferUpline: money from the member's main wallet to its upline agent, confirmed by the payment password. */
export function TransferUpline() {
  const { t } = useLingui();
  const member = SessionContext.useSelector(selectMember);
  const money = useMoney();
  const amountMessage = useAmountMessage();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [after, setAfter] = useState<number | null>(null);
  const send = useMutation({
    mutationFn: async (minor: number) =>
      (await call(transferToUpline, { body: { requestId, amount: minor, paymentPassword: password } })).value,
    onSuccess: ({ balance }) => {
      setRequestId(newRequestId());
      setAfter(balance);
      setChecked(false);
      setAmount('');
      setPassword('');
      for (const queryKey of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey });
    },
  });
  if (member && !member.toUpline)
    return (
      <p className="rounded-lg border border-line p-4 text-sm text-muted">
        <Trans>Your account has no upline to transfer to.</Trans>
      </p>
    );
  const reading = parseAmount(amount);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setAfter(null);
    if (reading.ok && password) send.mutate(reading.minor);
  };
  const remaining = after === null ? '' : money.format(after);
  return (
    <Section title={<Trans>Transfer to your upline</Trans>}>
      <form
        noValidate
        onSubmit={submit}
        className="flex max-w-md flex-col gap-3"
        aria-label={t`Transfer to Upline`}
      >
        <AmountField
          label={<Trans>Amount</Trans>}
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setRequestId(newRequestId());
          }}
          message={
            amountMessage(checked && !reading.ok ? reading.problem : null, money.sign) ??
            serverField(send.error, 'amount')
          }
        />
        <TextField
          label={<Trans>Payment password</Trans>}
          type="password"
          autoComplete="off"
          inputMode="numeric"
          maxLength={MONEY_FIELDS.paymentPassword.max}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setRequestId(newRequestId());
          }}
          message={
            (checked && !password ? t`This field is required` : undefined) ??
            serverField(send.error, 'paymentPassword')
          }
        />
        <CallError error={send.error} />
        {after !== null && (
          <Done>
            <Trans>Transferred. Your main wallet now holds {remaining}.</Trans>
          </Done>
        )}
        <button type="submit" disabled={send.isPending} className={primaryButton}>
          <Trans>Transfer</Trans>
        </button>
      </form>
    </Section>
  );
}
