import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MERCHANT_TIME_ZONE } from '../../../../contract/merchant.ts';
import type { MissionPeriod } from '../../../../contract/missions.ts';
import { RecordTable, secondaryButton } from '../../../ui/records/form.tsx';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { leaderboardQuery } from './queries.ts';

/** The merchant's members by settled bets today or this week (top 20), the member's own row marked. */
export function MissionsLeaderboard() {
  const { t } = useLingui();
  const money = useMoney();
  const periodEnd = usePeriodEnd();
  const [period, setPeriod] = useState<MissionPeriod>('DAILY');
  const board = useQuery(leaderboardQuery(period));
  const periods: { id: MissionPeriod; label: string }[] = [
    { id: 'DAILY', label: t`Today` },
    { id: 'WEEKLY', label: t`This week` },
  ];
  const data = board.data;
  const me = data?.me;
  const myBet = me ? money.format(me.betAmount) : '';
  const myRank = me?.rank ?? 0;
  const ends = data ? periodEnd(data.periodEnd) : '';
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">
          <Trans>Leaderboard period</Trans>
        </legend>
        {periods.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={period === p.id}
            onClick={() => setPeriod(p.id)}
            className={`${secondaryButton} aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white`}
          >
            {p.label}
          </button>
        ))}
      </fieldset>
      {data && (
        <p className="text-xs text-muted">
          <Trans>
            Ends <time dateTime={data.periodEnd}>{ends}</time>
          </Trans>
        </p>
      )}
      {me && (
        <p className="rounded-lg bg-brand/10 px-3 py-2 text-sm font-semibold">
          {me.rank === null ? (
            <Trans>You have no settled bets in this period yet.</Trans>
          ) : (
            <Trans>
              Your rank: {myRank} · bets {myBet}
            </Trans>
          )}
        </p>
      )}
      <RecordTable
        query={{ ...board, data: data ? { list: data.list } : undefined }}
        caption={
          period === 'DAILY' ? <Trans>Today's leaderboard</Trans> : <Trans>This week's leaderboard</Trans>
        }
        empty={<Trans>No bets in this period yet.</Trans>}
        minWidth="18rem"
        columns={[
          { head: <Trans>Rank</Trans> },
          { head: <Trans>Account</Trans> },
          { head: <Trans>Bet amount</Trans>, end: true },
        ]}
        row={(r) => {
          const mine = r.rank === me?.rank;
          return (
            <tr
              key={r.rank}
              aria-current={mine ? 'true' : undefined}
              className={`border-b border-line/60 ${mine ? 'bg-brand/10 font-semibold' : ''}`}
            >
              <td className="py-2 pr-2 tabular-nums">{r.rank}</td>
              <td className="py-2 pr-2">
                {r.account}
                {mine && (
                  <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-xs text-white">
                    <Trans>You</Trans>
                  </span>
                )}
              </td>
              <td className="py-2 text-right tabular-nums">{money.format(r.betAmount)}</td>
            </tr>
          );
        }}
      />
    </div>
  );
}

/** The period's end in the merchant's zone (its days are the merchant's calendar days). */
export function usePeriodEnd() {
  const { i18n } = useLingui();
  return (iso: string) =>
    new Date(iso).toLocaleString(i18n.locale, {
      timeZone: MERCHANT_TIME_ZONE,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
}
