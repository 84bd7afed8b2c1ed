import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type BonusKind, bonusKind, ticketType } from '../../../../contract/rewards.ts';
import { FilterSelect, TimeCell } from '../../../ui/records/filters.tsx';
import { RecordTable, Total } from '../../../ui/records/form.tsx';
import { ReportFilters, useReportRange } from '../../../ui/records/ReportRange.tsx';
import { reportRangeIsValid } from '../../../ui/records/reportRange.ts';
import { useListState } from '../../../ui/records/useListState.ts';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { bonusDetailsQuery } from './queries.ts';
import { useTicketWords } from './tickets/ticketWords.ts';

/** bonusDetails: the member's bonus credits (ticket prizes, mission rewards, rebates, referral bonuses) over days. */
export function BonusDetails() {
  const { t } = useLingui();
  const money = useMoney();
  const { typeName } = useTicketWords();
  const [range, setRange] = useReportRange();
  const [type, setType] = useState<BonusKind | ''>('');
  const list = useListState();
  const valid = reportRangeIsValid(range);
  const details = useQuery({
    ...bonusDetailsQuery({ from: range.from, to: range.to, type: type || undefined, pageNo: list.pageNo }),
    enabled: valid,
  });
  const kindNames: Record<BonusKind, string> = {
    TICKET_PRIZE: t`Ticket prize`,
    MISSION_REWARD: t`Mission reward`,
    REBATE: t`Rebate`,
    REFERRAL_BONUS: t`Referral bonus`,
    PROMO_REWARD: t`Promotion reward`,
  };
  /** A ticket prize names its ticket type; other kinds show what their module noted. */
  const detail = (kind: BonusKind, remark: string | null) => {
    const ticket = ticketType.safeParse(remark);
    return kind === 'TICKET_PRIZE' && ticket.success ? typeName(ticket.data) : (remark ?? '');
  };
  return (
    <div className="flex flex-col gap-4">
      <ReportFilters range={range} onRange={list.refilter(setRange)}>
        <FilterSelect
          className="sm:max-w-xs"
          label={<Trans>Bonus type</Trans>}
          all={t`All bonuses`}
          value={type}
          options={bonusKind.options.map((k) => ({ value: k, label: kindNames[k] }))}
          onChange={list.refilter(setType)}
        />
      </ReportFilters>
      {valid && details.data && (
        <dl aria-label={t`Bonus total`} className="grid grid-cols-1 gap-2 sm:max-w-xs">
          <Total label={<Trans>Total bonus in this period</Trans>} value={money.format(details.data.total)} />
        </dl>
      )}
      {valid && (
        <RecordTable
          query={details}
          paging={{ page: list.pageNo, onChange: list.setPageNo, label: t`Bonus details pages` }}
          caption={<Trans>Bonus details</Trans>}
          empty={<Trans>No bonuses in this period.</Trans>}
          minWidth="28rem"
          columns={[
            { head: <Trans>Time</Trans> },
            { head: <Trans>Type</Trans> },
            { head: <Trans>Detail</Trans> },
            { head: <Trans>Amount</Trans>, end: true },
          ]}
          row={(r) => (
            <tr key={r.id} className="border-b border-line/60">
              <TimeCell iso={r.createdAt} />
              <td className="py-2 pr-2">{kindNames[r.kind]}</td>
              <td className="py-2 pr-2">{detail(r.kind, r.remark)}</td>
              <td className="py-2 text-right tabular-nums text-success">+{money.format(r.amount)}</td>
            </tr>
          )}
        />
      )}
    </div>
  );
}
