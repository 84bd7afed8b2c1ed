import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { gameType as gameTypes } from '../../../contract/games.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { BetTotals } from '../../ui/records/BetTotals.tsx';
import { FilterSelect, FilterText, TimeCell } from '../../ui/records/filters.tsx';
import { RecordTable } from '../../ui/records/form.tsx';
import { ReportFilters, useReportRange } from '../../ui/records/ReportRange.tsx';
import { reportRangeIsValid } from '../../ui/records/reportRange.ts';
import { useRoundStatusWords } from '../../ui/records/roundStatus.ts';
import { useListState } from '../../ui/records/useListState.ts';
import { useMoney } from '../../ui/records/useMoney.ts';
import { bettingRecordQuery } from './queries.ts';

/** personalHistoryCopy (Betting Record): the member's rounds over a date range, by game type and vendor, with totals. */
export function BettingRecord() {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const [range, setRange] = useReportRange();
  const [gameType, setGameType] = useState('');
  const [vendor, setVendor] = useState('');
  const list = useListState();
  const valid = reportRangeIsValid(range);
  const record = useQuery({
    ...bettingRecordQuery({
      from: range.from,
      to: range.to,
      gameType: gameType || undefined,
      vendor: vendor.trim() || undefined,
      pageNo: list.pageNo,
    }),
    enabled: valid,
  });
  const statusWords = useRoundStatusWords();
  const totals = record.data?.totals;
  return (
    <div className="flex flex-col gap-4">
      <ReportFilters range={range} onRange={list.refilter(setRange)}>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <FilterSelect
            label={<Trans>Game type</Trans>}
            all={t`All game types`}
            value={gameType}
            options={gameTypes.options.map((g) => ({ value: g, label: i18n._(GAME_TYPE_LABEL[g]) }))}
            onChange={list.refilter(setGameType)}
          />
          <FilterText
            label={<Trans>Vendor</Trans>}
            placeholder={t`All vendors`}
            maxLength={40}
            value={vendor}
            onChange={list.refilter(setVendor)}
          />
        </div>
      </ReportFilters>
      {totals && <BetTotals totals={totals} result={<Trans>Profit</Trans>} />}
      {valid && (
        <RecordTable
          query={record}
          paging={{ page: list.pageNo, onChange: list.setPageNo, label: t`Betting record pages` }}
          caption={<Trans>Betting record</Trans>}
          empty={<Trans>No bets in this period.</Trans>}
          minWidth="36rem"
          columns={[
            { head: <Trans>Time</Trans> },
            { head: <Trans>Game</Trans> },
            { head: <Trans>Bet</Trans>, end: true },
            { head: <Trans>Win</Trans>, end: true },
            { head: <Trans>Status</Trans> },
          ]}
          row={(r) => (
            <tr key={r.id} className="border-b border-line/60">
              <TimeCell iso={r.at} />
              <td className="py-2 pr-2">
                <span className="block font-medium">{r.gameName}</span>
                <span className="text-xs text-muted">
                  {r.vendor} · {r.roundRef}
                </span>
              </td>
              <td className="py-2 pr-2 text-right tabular-nums">{money.format(r.bet)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{money.format(r.win)}</td>
              <td className="py-2">{statusWords[r.status]}</td>
            </tr>
          )}
        />
      )}
    </div>
  );
}
