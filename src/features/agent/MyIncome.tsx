import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type ContractKind, contractKind } from '../../../contract/agent.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { FilterSelect } from '../../ui/records/filters.tsx';
import { RecordTable, Total } from '../../ui/records/form.tsx';
import { ReportFilters, useReportRange } from '../../ui/records/ReportRange.tsx';
import { reportRangeIsValid } from '../../ui/records/reportRange.ts';
import { useListState } from '../../ui/records/useListState.ts';
import { useMoney } from '../../ui/records/useMoney.ts';
import { useRate } from './contracts/words.ts';
import { useContractKindNames } from './kindNames.ts';
import { agentIncomeQuery } from './queries.ts';

/**
 * myIncome: the agent's contract pay (salaries, dividends) per settled window over a range, by kind, with the total.
 * With `kind`, the pay of that kind alone (a contract page's record): no kind filter or column.
 */
export function MyIncome({ kind: fixed }: { kind?: ContractKind } = {}) {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const kindNames = useContractKindNames();
  const rate = useRate();
  const [range, setRange] = useReportRange();
  const [chosen, setKind] = useState<ContractKind | ''>('');
  const kind = fixed ?? chosen;
  const list = useListState();
  const valid = reportRangeIsValid(range);
  const income = useQuery({
    ...agentIncomeQuery({ from: range.from, to: range.to, kind: kind || undefined, pageNo: list.pageNo }),
    enabled: valid,
  });
  const time = (iso: string) => formatDateTime(iso, i18n.locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="flex flex-col gap-4">
      <ReportFilters range={range} onRange={list.refilter(setRange)}>
        {!fixed && (
          <FilterSelect
            label={<Trans>Contract</Trans>}
            all={t`All contracts`}
            value={chosen}
            options={contractKind.options.map((k) => ({ value: k, label: kindNames[k] }))}
            onChange={list.refilter(setKind)}
          />
        )}
      </ReportFilters>
      {valid && income.data && (
        <dl aria-label={t`Totals`} className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <Total label={<Trans>Total income</Trans>} value={money.format(income.data.totals.amount)} />
        </dl>
      )}
      {valid && (
        <RecordTable
          paging={{ page: list.pageNo, onChange: list.setPageNo, label: t`My income pages` }}
          query={income}
          caption={<Trans>My income</Trans>}
          empty={<Trans>No income in this period.</Trans>}
          minWidth="52rem"
          columns={[
            { head: <Trans>Period</Trans> },
            ...(fixed ? [] : [{ head: <Trans>Contract</Trans> }]),
            { head: <Trans>Active members</Trans>, end: true },
            { head: <Trans>Team bet</Trans>, end: true },
            { head: <Trans>Base</Trans>, end: true },
            { head: <Trans>Rate</Trans>, end: true },
            { head: <Trans>Gross</Trans>, end: true },
            { head: <Trans>Downline share</Trans>, end: true },
            { head: <Trans>Paid</Trans>, end: true },
          ]}
          row={(s) => (
            <tr key={s.id} className="border-b border-line/60">
              <td className="py-2 pr-2 whitespace-nowrap">
                <time dateTime={s.windowStart}>{time(s.windowStart)}</time>
                {' – '}
                <time dateTime={s.windowEnd}>{time(s.windowEnd)}</time>
              </td>
              {!fixed && <td className="py-2 pr-2">{kindNames[s.kind]}</td>}
              <td className="py-2 pr-2 text-right tabular-nums">{s.activeMembers}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{money.format(s.bet)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{money.format(s.base)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{rate(s.rateBp)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{money.format(s.gross)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{money.format(s.deducted)}</td>
              <td className="py-2 text-right font-semibold tabular-nums">{money.format(s.amount)}</td>
            </tr>
          )}
        />
      )}
    </div>
  );
}
