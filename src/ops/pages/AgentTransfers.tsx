import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { opsAgentTransfers } from '../../../contract/agent.ts';
import { RecordTable, serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { useOps } from '../session.ts';
import { cell, Filters, InputField, opsButton, row } from '../ui.tsx';

const NO_FILTER = { from: '', to: '', agent: '', member: '' };

/** The picked merchant's agent → direct downline transfers, newest first, by day range, agent and member. */
export function AgentTransfers() {
  const { t } = useLingui();
  const { merchant } = useOps();
  const { money, when } = useOpsFormat();
  const [typed, setTyped] = useState(NO_FILTER);
  const [filter, setFilter] = useState(NO_FILTER);
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ['ops', 'agent-transfers', merchant.code, filter, pageNo],
    queryFn: async () => {
      const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v.trim() !== ''));
      return (
        await opsCall(opsAgentTransfers, { params: { code: merchant.code }, query: { pageNo, ...query } })
      ).value;
    },
  });
  const set = (key: keyof typeof NO_FILTER) => (e: { target: { value: string } }) =>
    setTyped({ ...typed, [key]: e.target.value });
  const totals = list.data?.totals;
  const total = totals ? money(totals.amount) : '';

  return (
    <>
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ ...typed, agent: typed.agent.trim(), member: typed.member.trim() });
          setPageNo(1);
        }}
      >
        <Filters>
          <InputField
            type="date"
            label={<Trans>From</Trans>}
            value={typed.from}
            onChange={set('from')}
            message={serverField(list.error, 'from')}
          />
          <InputField
            type="date"
            label={<Trans>To</Trans>}
            value={typed.to}
            onChange={set('to')}
            message={serverField(list.error, 'to')}
          />
          <InputField label={<Trans>Agent</Trans>} value={typed.agent} onChange={set('agent')} />
          <InputField label={<Trans>Member</Trans>} value={typed.member} onChange={set('member')} />
        </Filters>
        <div>
          <button type="submit" className={opsButton}>
            <Trans>Filter</Trans>
          </button>
        </div>
      </form>
      {totals && (
        <dl className="flex flex-wrap gap-x-6 text-sm" aria-live="polite">
          <div className="flex gap-2">
            <dt className="text-muted">
              <Trans>Total amount</Trans>
            </dt>
            <dd className="tabular-nums">{total}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-muted">
              <Trans>Transfers</Trans>
            </dt>
            <dd className="tabular-nums">{totals.count}</dd>
          </div>
        </dl>
      )}
      <RecordTable
        query={list}
        paging={{ page: pageNo, onChange: setPageNo, label: t`Agent transfer pages` }}
        caption={t`Agent transfers`}
        empty={<Trans>No transfers here.</Trans>}
        minWidth="40rem"
        columns={[
          { head: <Trans>Time</Trans> },
          { head: <Trans>Agent</Trans> },
          { head: <Trans>Member</Trans> },
          { head: <Trans>Amount</Trans>, end: true },
          { head: <Trans>Transaction</Trans>, end: true },
        ]}
        row={(r) => (
          <tr key={r.id} className={row}>
            <td className={`${cell} whitespace-nowrap`}>{when(r.at)}</td>
            <td className={cell}>{r.agent.account}</td>
            <td className={cell}>{r.member.account}</td>
            <td className={`${cell} text-right tabular-nums`}>{money(r.amount)}</td>
            <td className={`${cell} text-right tabular-nums`}>{r.id}</td>
          </tr>
        )}
      />
    </>
  );
}
