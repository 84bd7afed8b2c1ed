import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '../../i18n/format.ts';
import { DayChart } from '../../ui/records/DayChart.tsx';
import { perDay } from '../../ui/records/dateRange.ts';
import { LoadError, Total } from '../../ui/records/form.tsx';
import { ReportRangePicker, useReportRange } from '../../ui/records/ReportRange.tsx';
import { reportRangeIsValid } from '../../ui/records/reportRange.ts';
import { useMoney } from '../../ui/records/useMoney.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { profitQuery } from './queries.ts';

/** personalProfit (Profit and Loss): bets, wins and profit per day over a range, as a bar chart and a table. */
export function ProfitLoss() {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const [range, setRange] = useReportRange();
  const valid = reportRangeIsValid(range);
  const profit = useQuery({ ...profitQuery(range.from, range.to), enabled: valid });
  const data = profit.data;
  const bars = data ? perDay(range, data.days, (d) => d.profit) : [];
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-xl border border-line p-3">
        <ReportRangePicker value={range} onChange={setRange} />
      </div>
      {!valid ? null : profit.isError ? (
        <LoadError error={profit.error} onRetry={() => void profit.refetch()} />
      ) : !data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <>
          <dl aria-label={t`Totals`} className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            <Total label={<Trans>Total bet</Trans>} value={money.format(data.totals.bet)} />
            <Total label={<Trans>Total win</Trans>} value={money.format(data.totals.win)} />
            <Total label={<Trans>Profit</Trans>} value={money.format(data.totals.profit)} />
          </dl>
          <DayChart days={bars} format={money.format} title={t`Profit per day`} signed />
          {data.days.length === 0 ? (
            <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted">
              <Trans>No bets in this period.</Trans>
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="mb-1 text-left text-sm font-semibold">
                  <Trans>Profit and loss per day</Trans>
                </caption>
                <thead className="text-xs text-muted">
                  <tr className="border-b border-line">
                    <th scope="col" className="py-2 pr-2">
                      <Trans>Day</Trans>
                    </th>
                    <th scope="col" className="py-2 pr-2 text-right">
                      <Trans>Bet</Trans>
                    </th>
                    <th scope="col" className="py-2 pr-2 text-right">
                      <Trans>Win</Trans>
                    </th>
                    <th scope="col" className="py-2 text-right">
                      <Trans>Profit</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={d.day} className="border-b border-line/60">
                      <th scope="row" className="py-2 pr-2 font-normal whitespace-nowrap">
                        <time dateTime={d.day}>{formatDay(d.day, i18n.locale)}</time>
                      </th>
                      <td className="py-2 pr-2 text-right tabular-nums">{money.format(d.bet)}</td>
                      <td className="py-2 pr-2 text-right tabular-nums">{money.format(d.win)}</td>
                      <td
                        className={`py-2 text-right tabular-nums ${d.profit < 0 ? 'text-danger' : 'text-success'}`}
                      >
                        {money.format(d.profit)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="font-semibold">
                    <th scope="row" className="py-2 pr-2 text-left">
                      <Trans>Total</Trans>
                    </th>
                    <td className="py-2 pr-2 text-right tabular-nums">{money.format(data.totals.bet)}</td>
                    <td className="py-2 pr-2 text-right tabular-nums">{money.format(data.totals.win)}</td>
                    <td className="py-2 text-right tabular-nums">{money.format(data.totals.profit)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
