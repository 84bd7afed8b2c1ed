import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { opsDraws } from '../../../contract/backoffice.ts';
import { RecordTable } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { cell, Filters, InputField, opsButton, row } from '../ui.tsx';

/** Lottery draws of every merchant, newest first: the commitment published before, the numbers after, the bets. */
export function Draws() {
  const { t } = useLingui();
  const { money, when } = useOpsFormat();
  const [typed, setTyped] = useState('');
  const [game, setGame] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ['ops', 'draws', game, pageNo],
    queryFn: async () => (await opsCall(opsDraws, { query: { pageNo, ...(game ? { game } : {}) } })).value,
  });
  return (
    <>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setGame(typed.trim());
          setPageNo(1);
        }}
      >
        <Filters>
          <InputField
            label={<Trans>Game code</Trans>}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </Filters>
        <button type="submit" className={opsButton}>
          <Trans>Filter</Trans>
        </button>
      </form>
      <RecordTable
        query={list}
        paging={{ page: pageNo, onChange: setPageNo, label: t`Draw pages` }}
        caption={t`Lottery draws`}
        empty={<Trans>No draws here.</Trans>}
        minWidth="56rem"
        columns={[
          { head: <Trans>Game</Trans> },
          { head: <Trans>Issue</Trans> },
          { head: <Trans>Draw time</Trans> },
          { head: <Trans>Commitment</Trans> },
          { head: <Trans>Numbers</Trans> },
          { head: <Trans>Status</Trans> },
          { head: <Trans>Bets</Trans>, end: true },
          { head: <Trans>Stake</Trans>, end: true },
        ]}
        row={(d) => (
          <tr key={`${d.gameCode}-${d.issue}`} className={row}>
            <td className={cell}>{d.gameCode}</td>
            <td className={`${cell} font-mono text-xs`}>{d.issue}</td>
            <td className={cell}>{when(d.drawTime)}</td>
            <td className={`${cell} max-w-40 truncate font-mono text-xs`} title={d.commitment}>
              {d.commitment}
            </td>
            <td className={`${cell} font-mono`}>{d.winningNumber || <Trans>Not yet drawn</Trans>}</td>
            <td className={cell}>{d.status}</td>
            <td className={`${cell} text-right tabular-nums`}>{d.bets}</td>
            <td className={`${cell} text-right tabular-nums`}>{money(d.stake)}</td>
          </tr>
        )}
      />
    </>
  );
}
