import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FilterSelect, TimeCell } from '../../../ui/records/filters.tsx';
import { RecordTable } from '../../../ui/records/form.tsx';
import { ReportFilters, useReportRange } from '../../../ui/records/ReportRange.tsx';
import { reportRangeIsValid } from '../../../ui/records/reportRange.ts';
import { useListState } from '../../../ui/records/useListState.ts';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { accountRecordQuery } from '../queries.ts';

/** The kinds of movement the filter offers: the ledger's transaction kinds that touch a member's wallets. */
export const RECORD_KINDS = [
  'DEPOSIT_CREDIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_RELEASE',
  'SEAMLESS_BET',
  'SEAMLESS_WIN',
  'SEAMLESS_ROLLBACK',
  'VENDOR_TRANSFER',
  'TRANSFER_UPLINE',
  'TRANSFER_DOWNLINE',
  'DEMO_CREDIT',
  'TICKET_PRIZE',
  'MISSION_REWARD',
  'REBATE',
  'REFERRAL_BONUS',
  'LOTTERY_BET',
  'LOTTERY_WIN',
  'CONTRACT_PAY',
  'POINTS_CONVERT',
  'POINTS_REDEEM',
  'PROMO_REWARD',
] as const;

/** transactionHistory (Account Record): the member's money movements over a date range, by kind. */
export function AccountRecord() {
  const { t } = useLingui();
  const money = useMoney();
  const [range, setRange] = useReportRange();
  const [kind, setKind] = useState('');
  const list = useListState();
  const valid = reportRangeIsValid(range);
  const record = useQuery({
    ...accountRecordQuery({ from: range.from, to: range.to, kind: kind || undefined, pageNo: list.pageNo }),
    enabled: valid,
  });
  const kindWords: Record<(typeof RECORD_KINDS)[number], string> = {
    DEPOSIT_CREDIT: t`Deposit`,
    WITHDRAWAL_HOLD: t`Withdrawal`,
    WITHDRAWAL_RELEASE: t`Withdrawal returned`,
    SEAMLESS_BET: t`Bet`,
    SEAMLESS_WIN: t`Win`,
    SEAMLESS_ROLLBACK: t`Bet cancelled`,
    VENDOR_TRANSFER: t`Wallet transfer`,
    TRANSFER_UPLINE: t`Transfer to upline`,
    TRANSFER_DOWNLINE: t`Agent transfer`,
    DEMO_CREDIT: t`Opening credit`,
    TICKET_PRIZE: t`Reward ticket prize`,
    MISSION_REWARD: t`Mission reward`,
    REBATE: t`Rebate`,
    REFERRAL_BONUS: t`Referral bonus`,
    LOTTERY_BET: t`Lottery bet`,
    LOTTERY_WIN: t`Lottery win`,
    CONTRACT_PAY: t`Contract pay`,
    POINTS_CONVERT: t`Points converted`,
    PROMO_REWARD: t`Promotion reward`,
    POINTS_REDEEM: t`Points reward`,
  };
  // One agent → downline transfer is one movement: the agent's side sends it, the downline's receives it.
  const kindName = (code: string, amount = 0) => {
    if (code === 'TRANSFER_DOWNLINE' && amount !== 0)
      return amount < 0 ? t`Transfer to downline` : t`Transfer from upline`;
    return kindWords[code as keyof typeof kindWords] ?? code;
  };
  const walletName = (w: string) => (w === 'MAIN' ? t`Main wallet` : w);
  return (
    <div className="flex flex-col gap-4">
      <ReportFilters range={range} onRange={list.refilter(setRange)}>
        <FilterSelect
          className="sm:max-w-xs"
          label={<Trans>Type</Trans>}
          all={t`All types`}
          value={kind}
          options={RECORD_KINDS.map((k) => ({ value: k, label: kindName(k) }))}
          onChange={list.refilter(setKind)}
        />
      </ReportFilters>
      {valid && (
        <RecordTable
          query={record}
          paging={{ page: list.pageNo, onChange: list.setPageNo, label: t`Account record pages` }}
          caption={<Trans>Account record</Trans>}
          empty={<Trans>No movements in this period.</Trans>}
          minWidth="32rem"
          columns={[
            { head: <Trans>Time</Trans> },
            { head: <Trans>Type</Trans> },
            { head: <Trans>Wallet</Trans> },
            { head: <Trans>Amount</Trans>, end: true },
            { head: <Trans>Balance after</Trans>, end: true },
          ]}
          row={(r) => (
            <tr key={r.id} className="border-b border-line/60">
              <TimeCell iso={r.at} />
              <td className="py-2 pr-2">{kindName(r.kind, r.amount)}</td>
              <td className="py-2 pr-2">{walletName(r.wallet)}</td>
              <td
                className={`py-2 pr-2 text-right tabular-nums ${r.amount < 0 ? 'text-danger' : 'text-success'}`}
              >
                {r.amount > 0 ? `+${money.format(r.amount)}` : money.format(r.amount)}
              </td>
              <td className="py-2 text-right tabular-nums">{money.format(r.balanceAfter)}</td>
            </tr>
          )}
        />
      )}
    </div>
  );
}
