import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type BonusKind, bonusKind, ticketType } from '../../../contract/rewards.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { inputClass, RecordTable, Total } from './form.tsx';
import { RangePicker, rangeIsValid, useRange } from './RangePicker.tsx';
import { bonusDetailsQuery } from './rewardQueries.ts';
import { useTicketWords } from './tickets/ticketWords.ts';
import { useMoney } from './useMoney.ts';

/** bonusDetails: the member's bonus credits (ticket prizes, mission rewards, rebates, referral bonuses) over days. */
export function BonusDetails() {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const { typeName } = useTicketWords();
  const [range, setRange] = useRange();
  const [type, setType] = useState<BonusKind | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const typeId = useId();
  const valid = rangeIsValid(range);
  const details = useQuery({
    ...bonusDetailsQuery({ from: range.from, to: range.to, type: type || undefined, pageNo }),
    enabled: valid,
  });
  const kindNames: Record<BonusKind, string> = {
    TICKET_PRIZE: t`Ticket prize`,
    MISSION_REWARD: t`Mission reward`,
    REBATE: t`Rebate`,
    REFERRAL_BONUS: t`Referral bonus`,
  };
  /** A ticket prize names its ticket type; other kinds show what their module noted. */
  const detail = (kind: BonusKind, remark: string | null) => {
    const ticket = ticketType.safeParse(remark);
    return kind === 'TICKET_PRIZE' && ticket.success ? typeName(ticket.data) : (remark ?? '');
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-xl border border-line p-3">
        <RangePicker
          value={range}
          onChange={(r) => {
            setRange(r);
            setPageNo(1);
          }}
        />
        <div className="flex flex-col gap-1 sm:max-w-xs">
          <label htmlFor={typeId} className="text-xs text-muted">
            <Trans>Bonus type</Trans>
          </label>
          <select
            id={typeId}
            className={inputClass}
            value={type}
            onChange={(e) => {
              setType(e.target.value as BonusKind | '');
              setPageNo(1);
            }}
          >
            <option value="">{t`All bonuses`}</option>
            {bonusKind.options.map((k) => (
              <option key={k} value={k}>
                {kindNames[k]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {valid && details.data && (
        <dl aria-label={t`Bonus total`} className="grid grid-cols-1 gap-2 sm:max-w-xs">
          <Total label={<Trans>Total bonus in this period</Trans>} value={money.format(details.data.total)} />
        </dl>
      )}
      {valid && (
        <RecordTable
          query={details}
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
              <td className="py-2 pr-2 whitespace-nowrap">
                <time dateTime={r.createdAt}>{new Date(r.createdAt).toLocaleString(i18n.locale)}</time>
              </td>
              <td className="py-2 pr-2">{kindNames[r.kind]}</td>
              <td className="py-2 pr-2">{detail(r.kind, r.remark)}</td>
              <td className="py-2 text-right tabular-nums text-emerald-600 dark:text-emerald-400">
                +{money.format(r.amount)}
              </td>
            </tr>
          )}
        />
      )}
      {valid && details.data && (
        <Pagination
          page={pageNo}
          totalPages={details.data.totalPages}
          onChange={setPageNo}
          label={t`Bonus details pages`}
        />
      )}
    </div>
  );
}
