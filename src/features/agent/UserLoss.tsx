import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FilterText } from '../../ui/records/filters.tsx';
import { RecordTable, Total } from '../../ui/records/form.tsx';
import { ReportFilters, useReportRange } from '../../ui/records/ReportRange.tsx';
import { reportRangeIsValid } from '../../ui/records/reportRange.ts';
import { useListState } from '../../ui/records/useListState.ts';
import { useMoney } from '../../ui/records/useMoney.ts';
import { userLossQuery } from './queries.ts';

/** userLoss: each downline member's bets, wins and result over a range, the biggest loss first, with totals. */
export function UserLoss() {
  const { t } = useLingui();
  const money = useMoney();
  const [range, setRange] = useReportRange();
  const list = useListState();
  const valid = reportRangeIsValid(range);
  const loss = useQuery({
    ...userLossQuery({ from: range.from, to: range.to, account: list.account, pageNo: list.pageNo }),
    enabled: valid,
  });
  const totals = loss.data?.totals;
  const result = (minor: number) => (
    <td className={`py-2 text-right tabular-nums ${minor < 0 ? 'text-danger' : 'text-success'}`}>
      {money.format(minor)}
    </td>
  );
  return (
    <div className="flex flex-col gap-4">
      <ReportFilters range={range} onRange={list.refilter(setRange)}>
        <FilterText
          label={<Trans>Account</Trans>}
          placeholder={t`All accounts`}
          value={list.accountText}
          onChange={list.refilter(list.setAccountText)}
        />
      </ReportFilters>
      {valid && totals && (
        <dl aria-label={t`Totals`} className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <Total label={<Trans>Total bet</Trans>} value={money.format(totals.bet)} />
          <Total label={<Trans>Total win</Trans>} value={money.format(totals.win)} />
          <Total label={<Trans>Result</Trans>} value={money.format(totals.profit)} />
        </dl>
      )}
      {valid && (
        <RecordTable
          paging={{ page: list.pageNo, onChange: list.setPageNo, label: t`User loss pages` }}
          query={loss}
          caption={<Trans>User loss, biggest loss first</Trans>}
          empty={<Trans>No bets in this period.</Trans>}
          minWidth="32rem"
          columns={[
            { head: <Trans>Account</Trans> },
            { head: <Trans>Rounds</Trans>, end: true },
            { head: <Trans>Bet</Trans>, end: true },
            { head: <Trans>Win</Trans>, end: true },
            { head: <Trans>Result</Trans>, end: true },
          ]}
          row={(r) => (
            <tr key={r.memberId} className="border-b border-line/60">
              <td className="py-2 pr-2 font-medium">{r.account}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{r.rounds}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{money.format(r.bet)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{money.format(r.win)}</td>
              {result(r.profit)}
            </tr>
          )}
        />
      )}
    </div>
  );
}
