import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContractKind } from '../../../../contract/agent.ts';
import { Pagination } from '../../../ui/Pagination.tsx';
import { RecordTable, Total } from '../../../ui/records/form.tsx';
import { RangePicker, type RangeState, rangeIsValid, useRange } from '../../../ui/records/RangePicker.tsx';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { contractPayQuery } from './queries.ts';
import { useRate } from './words.ts';

/** The agent's pay of one contract kind per settled window (spec §9), over a range, with the total. */
export function ContractPay({ kind }: { kind: ContractKind }) {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const rate = useRate();
  const [range, setRange] = useRange('last7');
  const [pageNo, setPageNo] = useState(1);
  const valid = rangeIsValid(range);
  const pay = useQuery({
    ...contractPayQuery({ kind, from: range.from, to: range.to, pageNo }),
    enabled: valid,
  });
  const time = (iso: string) => i18n.date(iso, { dateStyle: 'short', timeStyle: 'short' });
  const amount = (minor: number) => (
    <td className="py-2 pr-2 text-right tabular-nums">{money.format(minor)}</td>
  );
  return (
    <div className="flex flex-col gap-3">
      <RangePicker
        value={range}
        onChange={(r: RangeState) => {
          setRange(r);
          setPageNo(1);
        }}
      />
      {valid && pay.data && (
        <dl aria-label={t`Totals`} className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <Total label={<Trans>Total paid</Trans>} value={money.format(pay.data.totals.amount)} />
        </dl>
      )}
      {valid && (
        <RecordTable
          query={pay}
          caption={<Trans>My pay</Trans>}
          empty={<Trans>No pay in this period.</Trans>}
          minWidth="52rem"
          columns={[
            { head: <Trans>Window</Trans> },
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
              <td className="py-2 pr-2 text-right tabular-nums">{s.activeMembers}</td>
              {amount(s.bet)}
              {amount(s.base)}
              <td className="py-2 pr-2 text-right tabular-nums">{rate(s.rateBp)}</td>
              {amount(s.gross)}
              {amount(s.deducted)}
              <td className="py-2 text-right font-semibold tabular-nums">{money.format(s.amount)}</td>
            </tr>
          )}
        />
      )}
      {valid && pay.data && (
        <Pagination
          page={pageNo}
          totalPages={pay.data.totalPages}
          onChange={setPageNo}
          label={t`My pay pages`}
        />
      )}
    </div>
  );
}
