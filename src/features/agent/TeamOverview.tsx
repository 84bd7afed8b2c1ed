import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDay, formatNumber } from '../../i18n/format.ts';
import { AxisChart, compactFormat } from '../../ui/records/AxisChart.tsx';
import { Chips } from '../../ui/records/Chips.tsx';
import { perDay } from '../../ui/records/dateRange.ts';
import { LoadError, Total } from '../../ui/records/form.tsx';
import { ReportRangePicker, useReportRange } from '../../ui/records/ReportRange.tsx';
import { reportRangeIsValid } from '../../ui/records/reportRange.ts';
import { useMoney } from '../../ui/records/useMoney.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { teamOverviewQuery } from './queries.ts';

const SERIES = ['bet', 'profit', 'activeMembers', 'newMembers'] as const;
type Series = (typeof SERIES)[number];

/** teamOverview: the team's figures over a range, and one of them per day as a chart (and all of them as a table). */
export function TeamOverview() {
  const { t } = useLingui();
  const money = useMoney();
  const [range, setRange] = useReportRange();
  const [series, setSeries] = useState<Series>('bet');
  const valid = reportRangeIsValid(range);
  const overview = useQuery({ ...teamOverviewQuery(range.from, range.to), enabled: valid });
  const data = overview.data;
  const names: Record<Series, string> = {
    bet: t`Bet`,
    profit: t`Team result`,
    activeMembers: t`Active members`,
    newMembers: t`New members`,
  };
  const count = (n: number) => formatNumber(n, money.locale);
  const seriesName = names[series];
  const isMoney = series === 'bet' || series === 'profit';
  const sign = money.sign;
  const axisLabel = isMoney ? t`Amount (${sign})` : t`Members`;
  const bars = data ? perDay(range, data.days, (d) => d[series]) : [];
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-xl border border-line p-3">
        <ReportRangePicker value={range} onChange={setRange} />
      </div>
      {!valid ? null : overview.isError ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : !data ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <dl aria-label={t`Team figures`} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
            <Total label={<Trans>Team size</Trans>} value={count(data.teamSize)} />
            <Total label={<Trans>Direct members</Trans>} value={count(data.directMembers)} />
            <Total label={<Trans>Direct agents</Trans>} value={count(data.directAgents)} />
            <Total label={<Trans>New members</Trans>} value={count(data.newMembers)} />
            <Total label={<Trans>Active members</Trans>} value={count(data.activeMembers)} />
            <Total label={<Trans>Bet</Trans>} value={money.format(data.bet)} />
            <Total label={<Trans>Win</Trans>} value={money.format(data.win)} />
            <Total label={<Trans>Team result</Trans>} value={money.format(data.profit)} />
            <Total label={<Trans>Deposits</Trans>} value={money.format(data.deposits)} />
            <Total label={<Trans>Withdrawals</Trans>} value={money.format(data.withdrawals)} />
          </dl>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">
              <Trans>Chart</Trans>
            </legend>
            <Chips
              options={SERIES.map((s) => ({ value: s, label: names[s] }))}
              value={series}
              onChange={setSeries}
            />
          </fieldset>
          <AxisChart
            days={bars}
            format={isMoney ? money.format : count}
            tick={compactFormat(money.locale, isMoney ? { sign } : undefined)}
            minStep={isMoney ? 100 : 1}
            title={t`${seriesName} per day`}
            axisLabel={axisLabel}
            signed={series === 'profit'}
          />
          <DayTable days={data.days} format={money.format} count={count} />
        </>
      )}
    </div>
  );
}

interface Day {
  day: string;
  newMembers: number;
  activeMembers: number;
  bet: number;
  profit: number;
}

/**
 * The chart's figures, every series, for those who read tables. It fits a phone (days short in the reader's language,
 * heads that wrap); a very long amount scrolls inside the table's own labelled box, never the page.
 */
function DayTable({
  days,
  format,
  count,
}: {
  days: Day[];
  format: (minor: number) => string;
  count: (n: number) => string;
}) {
  const { i18n } = useLingui();
  const id = useId();
  if (days.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted">
        <Trans>No team activity in this period.</Trans>
      </p>
    );
  // The year is in the range above the table; a phone has no room for it on every row.
  const dayText = (day: string) => formatDay(day, i18n.locale, { day: 'numeric', month: 'short' });
  const cell = 'py-2 pl-1.5 text-right tabular-nums sm:pl-3';
  const head = 'py-2 pl-1.5 text-right align-bottom font-medium sm:pl-3';
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to scroll it.
    <section aria-labelledby={`${id}-caption`} tabIndex={0} className="min-w-0 overflow-x-auto">
      <table className="w-full text-left text-xs sm:text-sm">
        <caption id={`${id}-caption`} className="mb-1 text-left text-sm font-semibold">
          <Trans>Team figures per day</Trans>
        </caption>
        <thead className="text-xs text-muted">
          <tr className="border-b border-line">
            <th scope="col" className="py-2 align-bottom font-medium">
              <Trans>Day</Trans>
            </th>
            <th scope="col" className={head}>
              <Trans>New members</Trans>
            </th>
            <th scope="col" className={head}>
              <Trans>Active members</Trans>
            </th>
            <th scope="col" className={head}>
              <Trans>Bet</Trans>
            </th>
            <th scope="col" className={head}>
              <Trans>Team result</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day} className="border-b border-line/60">
              <th scope="row" className="py-2 font-normal whitespace-nowrap">
                <time dateTime={d.day}>{dayText(d.day)}</time>
              </th>
              <td className={cell}>{count(d.newMembers)}</td>
              <td className={cell}>{count(d.activeMembers)}</td>
              <td className={`${cell} whitespace-nowrap`}>{format(d.bet)}</td>
              <td className={`${cell} whitespace-nowrap ${d.profit < 0 ? 'text-danger' : 'text-success'}`}>
                {format(d.profit)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
