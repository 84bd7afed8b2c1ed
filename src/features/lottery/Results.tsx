import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { DrawResult, LotteryGame } from '../../../contract/lottery.ts';
import { ApiError } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useFailureText, useNoResultText } from './LotteryWidget.tsx';
import { isKeno, parseKenoNumbers, parseWinningNumbers } from './numbers.ts';
import { RESULTS_SHOWN, Section, secondaryButton } from './pageParts.tsx';
import { resultsQuery } from './queries.ts';

/** One draw's prizes: DB first, then G1 … G8. */
function PrizeTable({ result }: { result: DrawResult }) {
  const { t } = useLingui();
  const issue = result.issue;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{t`Result of issue ${issue}`}</caption>
      <tbody>
        {parseWinningNumbers(result.winningNumber).map((p) => (
          <tr key={p.label} className="border-b border-line/60">
            <th scope="row" className="w-12 py-1 pr-2 font-semibold text-muted">
              {p.label}
            </th>
            <td
              className={`py-1 font-mono tabular-nums ${p.label === 'DB' ? 'text-base font-bold text-brand-ink' : ''}`}
            >
              {p.numbers.join(' · ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One Keno draw: its 20 numbers, ascending, as a grid of ten columns. */
function KenoGrid({ result }: { result: DrawResult }) {
  const { t } = useLingui();
  const issue = result.issue;
  return (
    <ol aria-label={t`Numbers of issue ${issue}`} className="mt-2 grid grid-cols-10 gap-1">
      {parseKenoNumbers(result.winningNumber).map((n) => (
        <li
          key={n}
          className="flex h-8 items-center justify-center rounded-full bg-brand text-sm font-bold tabular-nums text-white"
        >
          {n}
        </li>
      ))}
    </ol>
  );
}

export function Results({ game }: { game: LotteryGame }) {
  const { i18n } = useLingui();
  const failure = useFailureText();
  const noResult = useNoResultText();
  const results = useQuery(resultsQuery(game.code, game.previousWinningTime));
  const when = (iso: string) => formatDateTime(iso, i18n.locale);
  return (
    <Section title={<Trans>Results</Trans>}>
      {results.isError ? (
        <div role="alert" className="flex flex-col items-center gap-2 text-center">
          <p>{failure(results.error instanceof ApiError ? results.error : null)}</p>
          <button type="button" className={secondaryButton} onClick={() => void results.refetch()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : !results.data ? (
        <Skeleton className="h-40 w-full" />
      ) : results.data.length === 0 ? (
        <p className="text-sm text-muted">{noResult(game)}</p>
      ) : (
        <ul aria-label={`${game.labelName || game.code}`} className="flex flex-col gap-2">
          {results.data.slice(0, RESULTS_SHOWN).map((r, i) => {
            const issue = r.issue;
            return (
              <li key={r.issue}>
                <details open={i === 0} className="rounded-lg border border-line bg-surface p-2">
                  <summary className="cursor-pointer text-sm">
                    <Trans>Issue {issue}</Trans> · <time dateTime={r.drawTime}>{when(r.drawTime)}</time>
                  </summary>
                  {isKeno(game.tag) ? <KenoGrid result={r} /> : <PrizeTable result={r} />}
                  {r.source === 'DEVELOPMENT' ? (
                    <p className="mt-1 text-xs text-warning">
                      <Trans>Development results, not the official ones.</Trans>
                    </p>
                  ) : r.source === 'FEED' || r.source === 'OPERATOR' ? (
                    <p className="mt-1 text-xs text-muted">
                      <Trans>Official results</Trans>
                    </p>
                  ) : (
                    <p className="mt-1 break-all font-mono text-[10px] text-muted">
                      <Trans>Commitment</Trans> {r.commitment} · <Trans>Salt</Trans> {r.salt}
                    </p>
                  )}
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
