import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LotteryGame } from '../../../contract/lottery.ts';
import { selectIsLoggedIn, selectIsTrial } from '../../../machines/session.connect.ts';
import { ApiError } from '../../api/client.ts';
import { SessionContext } from '../../session/sessionContext.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useFailureText } from './LotteryWidget.tsx';
import { useLotteryLabels } from './labels.ts';
import { Section, secondaryButton, useMoney } from './pageParts.tsx';
import { myBetsQuery } from './queries.ts';

export function MyBets({ game }: { game: LotteryGame }) {
  const { t } = useLingui();
  const labels = useLotteryLabels();
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  // A trial account has no bets of its own to list (the call is for registered accounts).
  const trial = SessionContext.useSelector(selectIsTrial);
  const registered = loggedIn && !trial;
  const money = useMoney(loggedIn);
  const failure = useFailureText();
  const bets = useQuery({ ...myBetsQuery(game.code, 1), enabled: registered });
  const queryClient = useQueryClient();
  const settled = bets.data?.list.filter((b) => b.status !== 'OPEN').length ?? 0;
  useEffect(() => {
    // A bet just settled (a win pays into the main wallet): the header balance is stale.
    if (settled > 0) void queryClient.invalidateQueries({ queryKey: ['balance'] });
  }, [settled, queryClient]);
  if (!registered) return null;
  const status = (s: 'OPEN' | 'WON' | 'LOST' | 'REFUNDED') =>
    s === 'OPEN' ? t`Open` : s === 'WON' ? t`Won` : s === 'REFUNDED' ? t`Refunded` : t`Lost`;
  return (
    <Section title={<Trans>My bets</Trans>}>
      {bets.isError ? (
        <div role="alert" className="flex flex-col items-center gap-2 text-center">
          <p>{failure(bets.error instanceof ApiError ? bets.error : null)}</p>
          <button type="button" className={secondaryButton} onClick={() => void bets.refetch()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : !bets.data ? (
        <Skeleton className="h-32 w-full" />
      ) : bets.data.list.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No bets on this lottery yet.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[22rem] text-left text-sm">
            <caption className="sr-only">{t`My bets`}</caption>
            <thead className="text-xs text-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-1 pr-2">{t`Issue`}</th>
                <th scope="col" className="py-1 pr-2">{t`Bet`}</th>
                <th scope="col" className="py-1 pr-2 text-right">{t`Stake`}</th>
                <th scope="col" className="py-1 pr-2">{t`Status`}</th>
                <th scope="col" className="py-1 text-right">{t`Payout`}</th>
              </tr>
            </thead>
            <tbody>
              {bets.data.list.map((b) => (
                <tr key={b.id} className="border-b border-line/60">
                  <td className="py-1 pr-2 tabular-nums">{b.issue}</td>
                  <td className="py-1 pr-2">
                    {labels.playType(b.playType)} {b.numbers.join(', ')}
                    <span className="block text-xs text-muted">
                      {t`${plural(b.points, { one: '# point', other: '# points' })}`}
                    </span>
                  </td>
                  <td className="py-1 pr-2 text-right tabular-nums">{money(b.stake)}</td>
                  <td
                    className={`py-1 pr-2 ${b.status === 'WON' ? 'text-success' : b.status === 'LOST' ? 'text-muted' : ''}`}
                  >
                    {status(b.status)}
                  </td>
                  <td className="py-1 text-right tabular-nums">
                    {b.payout === null ? '—' : money(b.payout)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
