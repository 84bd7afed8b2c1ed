import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  BREAK_LENGTH_MS,
  type breakLength,
  type limitKind,
  type limitPeriod,
  responsibleStatus,
  setLimit,
  takeBreak,
} from '../../../../contract/responsible.ts';
import { call } from '../../../api/client.ts';
import { useAuthModals } from '../../../session/authModals.tsx';
import { SessionContext } from '../../../session/sessionContext.ts';
import { AmountText } from '../../../ui/AmountText.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { parseAmount } from '../../../ui/records/amount.ts';
import {
  AmountField,
  CallError,
  LoadError,
  primaryButton,
  secondaryButton,
  serverField,
  TextField,
  useAmountMessage,
} from '../../../ui/records/form.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';

type Kind = z.infer<typeof limitKind>;
type Period = z.infer<typeof limitPeriod>;
type Length = z.infer<typeof breakLength>;

const statusQuery = {
  queryKey: ['responsible'],
  queryFn: async () => (await call(responsibleStatus, { query: {} })).value,
};

/**
 * Responsible gaming in the security centre: deposit and loss limits (a lower limit applies at once, a higher one
 * after 24 hours) and breaks (cooling-off or self-exclusion, which ends the session at once). A break is explained
 * in a confirm dialog first (logged out now, until when in the member's locale, what stays open); once it has
 * started the session ends (`session.breakStarted`) and the login opens, saying why.
 */
export function ResponsibleGaming({ sign, onBreak }: { sign: string; onBreak: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const status = useQuery(statusQuery);
  const amountMessage = useAmountMessage();
  const [kind, setKind] = useState<Kind>('DEPOSIT');
  const [period, setPeriod] = useState<Period>('D');
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [length, setLength] = useState<Length>('24H');
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const session = SessionContext.useActorRef();
  const modals = useAuthModals();
  const reading = parseAmount(amount);
  const save = useMutation({
    mutationFn: async (minor: number) =>
      (await call(setLimit, { body: { kind, period, amount: minor } })).value,
    onSuccess: () => {
      setAmount('');
      setSubmitted(false);
      void queryClient.invalidateQueries({ queryKey: ['responsible'] });
    },
  });
  const pause = useMutation({
    mutationFn: async () => (await call(takeBreak, { body: { length, password } })).value,
    onSuccess: ({ endsAt }) => {
      setConfirming(false);
      session.send({ type: 'session.breakStarted', until: endsAt });
      modals.open({ name: 'login' });
      onBreak();
    },
    onError: () => setConfirming(false),
  });
  const breakMs = BREAK_LENGTH_MS[length];

  const kindLabel = (k: Kind) => (k === 'DEPOSIT' ? t`Deposit limit` : t`Loss limit`);
  const periodLabel = (p: Period) => (p === 'D' ? t`Per day` : p === 'W' ? t`Per week` : t`Per month`);
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const money = (minor: number) => <AmountText minor={minor} sign={sign} locale={i18n.locale} />;

  return (
    <section
      aria-labelledby="responsible-gaming"
      className="flex flex-col gap-4 rounded-2xl border border-line p-4"
    >
      <h2 id="responsible-gaming" className="text-lg font-semibold">
        <Trans>Responsible gaming</Trans>
      </h2>
      {status.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : status.isError ? (
        <LoadError error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <>
          {status.data.break && (
            <p role="status" className="rounded-lg bg-accent/15 px-3 py-2 text-sm">
              {status.data.break.endsAt ? (
                <Trans>You are taking a break until {date(status.data.break.endsAt)}.</Trans>
              ) : (
                <Trans>Your account is self-excluded.</Trans>
              )}
            </p>
          )}
          {status.data.limits.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>No limits set.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {status.data.limits.map((l) => (
                <li key={`${l.kind}-${l.period}`} className="rounded-lg bg-surface px-3 py-2">
                  <strong>
                    {kindLabel(l.kind)} · {periodLabel(l.period)}:
                  </strong>{' '}
                  {money(l.amount)}{' '}
                  <span className="text-muted">
                    <Trans>(used {money(l.used)})</Trans>
                  </span>
                  {l.pendingFrom && (
                    <span className="block text-muted">
                      {l.pendingAmount === null ? (
                        <Trans>Removed from {date(l.pendingFrom)}</Trans>
                      ) : (
                        <Trans>
                          Becomes {money(l.pendingAmount)} from {date(l.pendingFrom)}
                        </Trans>
                      )}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <form
        className="grid gap-3 sm:grid-cols-3"
        aria-label={t`Set a limit`}
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (reading.ok) save.mutate(reading.minor);
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          <Trans>Limit</Trans>
          <select
            className="h-11 rounded-lg border border-line bg-surface px-2"
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
          >
            <option value="DEPOSIT">{kindLabel('DEPOSIT')}</option>
            <option value="LOSS">{kindLabel('LOSS')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          <Trans>Period</Trans>
          <select
            className="h-11 rounded-lg border border-line bg-surface px-2"
            value={period}
            onChange={(e) => setPeriod(e.target.value as Period)}
          >
            {(['D', 'W', 'M'] as const).map((p) => (
              <option key={p} value={p}>
                {periodLabel(p)}
              </option>
            ))}
          </select>
        </label>
        <AmountField
          label={<Trans>Amount</Trans>}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          message={
            (submitted && !reading.ok ? amountMessage(reading.problem, sign) : undefined) ??
            serverField(save.error, 'amount')
          }
        />
        <p className="text-xs text-muted sm:col-span-2">
          <Trans>A lower limit applies at once; a higher limit applies after 24 hours.</Trans>
        </p>
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          <Trans>Save limit</Trans>
        </button>
        <div className="sm:col-span-3">
          <CallError error={save.error} />
        </div>
      </form>
      <form
        className="grid gap-3 sm:grid-cols-3"
        aria-label={t`Take a break`}
        onSubmit={(e) => {
          e.preventDefault();
          setConfirming(true);
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          <Trans>Take a break</Trans>
          <select
            className="h-11 rounded-lg border border-line bg-surface px-2"
            value={length}
            onChange={(e) => setLength(e.target.value as Length)}
          >
            <option value="24H">{t`24 hours`}</option>
            <option value="7D">{t`7 days`}</option>
            <option value="30D">{t`30 days`}</option>
            <option value="SELF_EXCLUSION">{t`Self-exclusion (no end)`}</option>
          </select>
        </label>
        <TextField
          label={<Trans>Login password</Trans>}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          message={serverField(pause.error, 'password')}
        />
        <button type="submit" className={secondaryButton} disabled={pause.isPending || password === ''}>
          <Trans>Start the break</Trans>
        </button>
        <p className="text-xs text-muted sm:col-span-3">
          <Trans>
            You are logged out at once; during the break you can log in to withdraw, but not play or deposit.
          </Trans>
        </p>
        <div className="sm:col-span-3">
          <CallError error={pause.error} />
        </div>
      </form>
      <Modal
        open={confirming}
        title={length === 'SELF_EXCLUSION' ? t`Exclude yourself?` : t`Start a break?`}
        closeLabel={t`Close`}
        onClose={() => setConfirming(false)}
      >
        <div className="flex flex-col gap-3 text-sm">
          <p className="font-semibold">
            {breakMs === null ? (
              <Trans>Your account will be self-excluded with no end date.</Trans>
            ) : (
              <Trans>
                Your break lasts until {date(new Date(Date.now() + breakMs).toISOString())}. It cannot be
                ended early.
              </Trans>
            )}
          </p>
          <ul className="list-disc pl-5">
            <li>
              <Trans>You will be logged out at once, on every device.</Trans>
            </li>
            <li>
              <Trans>You cannot play, deposit or claim rewards during the break.</Trans>
            </li>
            <li>
              <Trans>You can still log in to see your account and withdraw your balance.</Trans>
            </li>
          </ul>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </button>
            <button
              type="button"
              className={primaryButton}
              disabled={pause.isPending}
              onClick={() => pause.mutate()}
            >
              {breakMs === null ? (
                <Trans>Exclude me and log out</Trans>
              ) : (
                <Trans>Start the break and log out</Trans>
              )}
            </button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
