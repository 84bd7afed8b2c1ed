import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { walletTransfer } from '../../../../contract/payments.ts';
import { call } from '../../../api/client.ts';
import { newRequestId } from '../../../api/requestId.ts';
import { parseAmount } from '../../../ui/records/amount.ts';
import {
  AmountField,
  CallError,
  Done,
  inputClass,
  LoadError,
  primaryButton,
  Section,
  secondaryButton,
  serverField,
  useAmountMessage,
} from '../../../ui/records/form.tsx';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { walletListQuery } from '../queries.ts';

export const MAIN_WALLET = 'MAIN';

type Move = { direction: 'in' | 'out'; vendor: string; amount: number } | { direction: 'consolidate' };

/**
 * transferFund (My Wallet): the main and vendor wallets; money moves main ↔ one vendor wallet, or every vendor
 * wallet back home ("consolidate"). A merchant on a single wallet has nothing to move: the page says why.
 */
export function TransferFund() {
  const { t } = useLingui();
  const wallets = useQuery(walletListQuery());
  const money = useMoney();
  const amountMessage = useAmountMessage();
  const queryClient = useQueryClient();
  const vendorId = useId();
  const [vendor, setVendor] = useState('');
  const [amount, setAmount] = useState('');
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState<Move['direction'] | null>(null);
  // One id per intended transfer: a failed one is retried with it, so a lost reply cannot move money twice.
  const [requestId, setRequestId] = useState(newRequestId);
  const [consolidateId, setConsolidateId] = useState(newRequestId);
  const move = useMutation({
    mutationFn: async (m: Move) =>
      (
        await call(walletTransfer, {
          body: { requestId: m.direction === 'consolidate' ? consolidateId : requestId, ...m },
        })
      ).value,
    onSuccess: (value, m) => {
      queryClient.setQueryData(walletListQuery().queryKey, (old) =>
        old ? { ...old, wallets: value.wallets } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['balance'] });
      if (m.direction === 'consolidate') setConsolidateId(newRequestId());
      else setRequestId(newRequestId());
      setDone(m.direction);
      setChecked(false);
      if (m.direction !== 'consolidate') setAmount('');
    },
  });
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setDone(null);
      setRequestId(newRequestId());
    };

  if (wallets.isError) return <LoadError error={wallets.error} onRetry={() => void wallets.refetch()} />;
  if (!wallets.data) return <Skeleton className="h-64 w-full" />;
  const list = wallets.data.wallets;
  const main = list.find((w) => w.kind === MAIN_WALLET)?.balance ?? 0;
  const vendors = list.filter((w) => w.kind !== MAIN_WALLET);
  const chosen = vendors.find((w) => w.kind === vendor) ?? vendors[0];
  const vendorName = chosen?.kind ?? '';

  const overview = (
    <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      <div className="rounded-lg bg-surface p-3">
        <dt className="text-xs text-muted">
          <Trans>Main wallet</Trans>
        </dt>
        <dd className="text-lg font-semibold tabular-nums">{money.format(main)}</dd>
      </div>
      {vendors.map(({ kind, balance }) => (
        <div key={kind} className="rounded-lg bg-surface p-3">
          <dt className="text-xs text-muted">
            <Trans>{kind} wallet</Trans>
          </dt>
          <dd className="font-semibold tabular-nums">{money.format(balance)}</dd>
        </div>
      ))}
    </dl>
  );

  if (wallets.data.singleWallet)
    return (
      <div className="flex flex-col gap-4">
        {overview}
        <p className="rounded-lg border border-line p-3 text-sm text-muted">
          <Trans>
            This site uses a single wallet: every game plays straight from your main wallet, so there is
            nothing to transfer.
          </Trans>
        </p>
      </div>
    );

  const reading = parseAmount(amount);
  const problem = checked && !reading.ok ? reading.problem : null;
  const transfer = (direction: 'in' | 'out') => {
    setChecked(true);
    setDone(null);
    if (reading.ok && chosen) move.mutate({ direction, vendor: chosen.kind, amount: reading.minor });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    transfer('in');
  };
  return (
    <div className="flex flex-col gap-4">
      {overview}
      <Section title={<Trans>Transfer</Trans>}>
        {vendors.length === 0 ? (
          <p className="text-sm text-muted">
            <Trans>
              You have no game wallets yet: one opens when you first play a game that uses its own wallet.
            </Trans>
          </p>
        ) : (
          <form
            noValidate
            onSubmit={submit}
            className="flex max-w-md flex-col gap-3"
            aria-label={t`Transfer`}
          >
            <div className="flex flex-col gap-1">
              <label htmlFor={vendorId} className="text-sm font-medium">
                <Trans>Game wallet</Trans>
              </label>
              <select
                id={vendorId}
                className={inputClass}
                value={chosen?.kind}
                onChange={(e) => edit(setVendor)(e.target.value)}
              >
                {vendors.map((w) => (
                  <option key={w.kind} value={w.kind}>
                    {w.kind}
                  </option>
                ))}
              </select>
            </div>
            <AmountField
              label={<Trans>Amount</Trans>}
              value={amount}
              onChange={(e) => edit(setAmount)(e.target.value)}
              message={amountMessage(problem, money.sign) ?? serverField(move.error, 'amount')}
            />
            {move.variables?.direction !== 'consolidate' && <CallError error={move.error} />}
            {done && done !== 'consolidate' && (
              <Done>
                <Trans>Transfer done.</Trans>
              </Done>
            )}
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={move.isPending} className={primaryButton}>
                <Trans>Transfer in to {vendorName}</Trans>
              </button>
              <button
                type="button"
                disabled={move.isPending}
                className={`${secondaryButton} h-11`}
                onClick={() => transfer('out')}
              >
                <Trans>Transfer out to main wallet</Trans>
              </button>
            </div>
          </form>
        )}
      </Section>
      <Section title={<Trans>Consolidate funds</Trans>}>
        <p className="text-sm text-muted">
          <Trans>Brings the money of every game wallet back to your main wallet.</Trans>
        </p>
        {move.variables?.direction === 'consolidate' && <CallError error={move.error} />}
        {done === 'consolidate' && (
          <Done>
            <Trans>All game wallets are back in your main wallet.</Trans>
          </Done>
        )}
        <button
          type="button"
          disabled={move.isPending || vendors.every((w) => w.balance === 0)}
          className={`${secondaryButton} self-start`}
          onClick={() => {
            setDone(null);
            move.mutate({ direction: 'consolidate' });
          }}
        >
          <Trans>Consolidate</Trans>
        </button>
      </Section>
    </div>
  );
}
