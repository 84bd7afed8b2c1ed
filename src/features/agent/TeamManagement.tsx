import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AGENT_TYPES } from '../../../contract/member.ts';
import { formatDate, formatDateTime } from '../../i18n/format.ts';
import { Chips } from '../../ui/records/Chips.tsx';
import { FilterText } from '../../ui/records/filters.tsx';
import { RecordTable } from '../../ui/records/form.tsx';
import { useListState } from '../../ui/records/useListState.ts';
import { useMoney } from '../../ui/records/useMoney.ts';
import { downlineQuery } from './queries.ts';

type Scope = 'direct' | 'all';

/** teamManagement: the accounts below the agent, its direct downline or every level, by account name. */
export function TeamManagement() {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const [scope, setScope] = useState<Scope>('direct');
  const list = useListState();
  const downline = useQuery(downlineQuery({ scope, account: list.account, pageNo: list.pageNo }));
  const day = (iso: string) => formatDate(iso, i18n.locale);
  const isAgent = (agentType: number) => (AGENT_TYPES as readonly number[]).includes(agentType);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-xl border border-line p-3">
        <fieldset>
          <legend className="mb-1 text-xs text-muted">
            <Trans>Show</Trans>
          </legend>
          <Chips
            options={[
              { value: 'direct', label: t`Direct downline` },
              { value: 'all', label: t`Whole team` },
            ]}
            value={scope}
            onChange={list.refilter(setScope)}
          />
        </fieldset>
        <FilterText
          label={<Trans>Account</Trans>}
          placeholder={t`All accounts`}
          value={list.accountText}
          onChange={list.refilter(list.setAccountText)}
        />
      </div>
      <RecordTable
        paging={{ page: list.pageNo, onChange: list.setPageNo, label: t`Team member pages` }}
        query={downline}
        caption={<Trans>Team members</Trans>}
        empty={<Trans>No accounts in your team yet.</Trans>}
        minWidth="44rem"
        columns={[
          { head: <Trans>Account</Trans> },
          { head: <Trans>Level</Trans>, end: true },
          { head: <Trans>Upline</Trans> },
          { head: <Trans>Team size</Trans>, end: true },
          { head: <Trans>Balance</Trans>, end: true },
          { head: <Trans>Registered</Trans> },
          { head: <Trans>Last login</Trans> },
        ]}
        row={(m) => (
          <tr key={m.id} className="border-b border-line/60">
            <td className="py-2 pr-2">
              <span className="font-medium">{m.account}</span>
              <span className="ml-2 text-xs text-muted">{isAgent(m.agentType) ? t`Agent` : t`Member`}</span>
            </td>
            <td className="py-2 pr-2 text-right tabular-nums">{m.level}</td>
            <td className="py-2 pr-2">{m.uplineAccount ?? '—'}</td>
            <td className="py-2 pr-2 text-right tabular-nums">{m.teamSize}</td>
            <td className="py-2 pr-2 text-right tabular-nums">{money.format(m.balance)}</td>
            <td className="py-2 pr-2 whitespace-nowrap">
              <time dateTime={m.createdAt}>{day(m.createdAt)}</time>
            </td>
            <td className="py-2 whitespace-nowrap">
              {m.lastLoginAt ? (
                <time dateTime={m.lastLoginAt}>{formatDateTime(m.lastLoginAt, i18n.locale)}</time>
              ) : (
                t`Never`
              )}
            </td>
          </tr>
        )}
      />
    </div>
  );
}
