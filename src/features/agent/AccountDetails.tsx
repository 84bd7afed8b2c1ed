import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { teamTransactionKind } from '../../../contract/agent.ts';
import { FilterSelect, FilterText, TimeCell } from '../../ui/records/filters.tsx';
import { RecordTable } from '../../ui/records/form.tsx';
import { ReportFilters, useReportRange } from '../../ui/records/ReportRange.tsx';
import { reportRangeIsValid } from '../../ui/records/reportRange.ts';
import { useListState } from '../../ui/records/useListState.ts';
import { useMoney } from '../../ui/records/useMoney.ts';
import { teamTransactionsQuery } from './queries.ts';

type Kind = (typeof teamTransactionKind.options)[number];

/** accountDetails: the downline's deposits, withdrawals, transfers, bonuses and contract pay over a range. */
export function AccountDetails() {
  const { t } = useLingui();
  const money = useMoney();
  const [range, setRange] = useReportRange();
  const [kind, setKind] = useState<Kind | ''>('');
  const list = useListState();
  const valid = reportRangeIsValid(range);
  const record = useQuery({
    ...teamTransactionsQuery({
      from: range.from,
      to: range.to,
      account: list.account,
      kind: kind || undefined,
      pageNo: list.pageNo,
    }),
    enabled: valid,
  });
  const kindWords: Record<Kind, string> = {
    DEPOSIT: t`Deposit`,
    WITHDRAWAL: t`Withdrawal`,
    TRANSFER: t`Transfer`,
    BONUS: t`Bonus`,
    CONTRACT: t`Contract pay`,
  };
  const signed = (minor: number) => (minor > 0 ? `+${money.format(minor)}` : money.format(minor));
  return (
    <div className="flex flex-col gap-4">
      <ReportFilters range={range} onRange={list.refilter(setRange)}>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <FilterText
            label={<Trans>Account</Trans>}
            placeholder={t`All accounts`}
            value={list.accountText}
            onChange={list.refilter(list.setAccountText)}
          />
          <FilterSelect
            label={<Trans>Type</Trans>}
            all={t`All types`}
            value={kind}
            options={teamTransactionKind.options.map((k) => ({ value: k, label: kindWords[k] }))}
            onChange={list.refilter(setKind)}
          />
        </div>
      </ReportFilters>
      {valid && (
        <RecordTable
          paging={{ page: list.pageNo, onChange: list.setPageNo, label: t`Account details pages` }}
          query={record}
          caption={<Trans>Account details</Trans>}
          empty={<Trans>No movements in this period.</Trans>}
          minWidth="36rem"
          columns={[
            { head: <Trans>Time</Trans> },
            { head: <Trans>Account</Trans> },
            { head: <Trans>Type</Trans> },
            { head: <Trans>Amount</Trans>, end: true },
            { head: <Trans>Balance after</Trans>, end: true },
          ]}
          row={(r) => (
            <tr key={r.id} className="border-b border-line/60">
              <TimeCell iso={r.at} />
              <td className="py-2 pr-2 font-medium">{r.account}</td>
              <td className="py-2 pr-2">
                <span className="block">{kindWords[r.kind]}</span>
                <span className="text-xs text-muted">{r.detail}</span>
              </td>
              <td
                className={`py-2 pr-2 text-right tabular-nums ${r.amount < 0 ? 'text-danger' : 'text-success'}`}
              >
                {signed(r.amount)}
              </td>
              <td className="py-2 text-right tabular-nums">{money.format(r.balanceAfter)}</td>
            </tr>
          )}
        />
      )}
    </div>
  );
}
