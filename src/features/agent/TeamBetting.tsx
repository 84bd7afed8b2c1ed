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
import { type RoundStatus, useRoundStatusWords } from '../../ui/records/roundStatus.ts';
import { useListState } from '../../ui/records/useListState.ts';
import { useMoney } from '../../ui/records/useMoney.ts';
import { teamBetsQuery } from './queries.ts';

/** teamBetting: the downline's game rounds over a range, by account, game type and status, with totals. */
export function TeamBetting() {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const statusWords = useRoundStatusWords();
  const [range, setRange] = useReportRange();
  const [gameType, setGameType] = useState('');
  const [status, setStatus] = useState<RoundStatus | ''>('');
  const list = useListState();
  const valid = reportRangeIsValid(range);
  const bets = useQuery({
    ...teamBetsQuery({
      from: range.from,
      to: range.to,
      account: list.account,
      gameType: gameType || undefined,
      status: status || undefined,
      pageNo: list.pageNo,
    }),
    enabled: valid,
  });
  const totals = bets.data?.totals;
  return (
    <div className="flex flex-col gap-4">
      <ReportFilters range={range} onRange={list.refilter(setRange)}>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <FilterText
            label={<Trans>Account</Trans>}
            placeholder={t`All accounts`}
            value={list.accountText}
            onChange={list.refilter(list.setAccountText)}
          />
          <FilterSelect
            label={<Trans>Game type</Trans>}
            all={t`All game types`}
            value={gameType}
            options={gameTypes.options.map((g) => ({ value: g, label: i18n._(GAME_TYPE_LABEL[g]) }))}
            onChange={list.refilter(setGameType)}
          />
          <FilterSelect
            label={<Trans>Status</Trans>}
            all={t`All statuses`}
            value={status}
            options={(['OPEN', 'SETTLED', 'ROLLED_BACK'] as const).map((s) => ({
              value: s,
              label: statusWords[s],
            }))}
            onChange={list.refilter(setStatus)}
          />
        </div>
      </ReportFilters>
      {valid && totals && <BetTotals totals={totals} result={<Trans>Team result</Trans>} />}
      {valid && (
        <RecordTable
          paging={{ page: list.pageNo, onChange: list.setPageNo, label: t`Team betting pages` }}
          query={bets}
          caption={<Trans>Team betting</Trans>}
          empty={<Trans>No bets in this period.</Trans>}
          minWidth="40rem"
          columns={[
            { head: <Trans>Time</Trans> },
            { head: <Trans>Account</Trans> },
            { head: <Trans>Game</Trans> },
            { head: <Trans>Bet</Trans>, end: true },
            { head: <Trans>Win</Trans>, end: true },
            { head: <Trans>Status</Trans> },
          ]}
          row={(r) => (
            <tr key={r.id} className="border-b border-line/60">
              <TimeCell iso={r.at} />
              <td className="py-2 pr-2 font-medium">{r.account}</td>
              <td className="py-2 pr-2">
                <span className="block">{r.gameName}</span>
                <span className="text-xs text-muted">{r.vendor}</span>
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
