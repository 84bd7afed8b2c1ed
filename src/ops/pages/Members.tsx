import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type OpsMember, opsLockMember, opsMembers } from '../../../contract/backoffice.ts';
import { opsAwardTicket, opsSendMessage } from '../../../contract/ops.ts';
import { Done, RecordTable } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { ACCOUNT_TYPE_LABEL, MEMBER_TYPE_LABEL } from '../labels.ts';
import { useMay, useOps } from '../session.ts';
import { cell, Filters, InputField, opsButton, row, SelectField } from '../ui.tsx';
import { LockDialog, MessageDialog, TicketDialog } from './MemberDialogs.tsx';

type MemberType = keyof typeof MEMBER_TYPE_LABEL;
type Dialog =
  | { kind: 'lock'; member: OpsMember }
  | { kind: 'message'; account: string | null }
  | { kind: 'ticket'; account: string };

/** The picked merchant's members and agents: search, balances, uplines, and what support does for one of them. */
export function Members() {
  const { t, i18n } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const { money, when } = useOpsFormat();
  const [type, setType] = useState<MemberType | ''>('');
  const [typed, setTyped] = useState('');
  const [account, setAccount] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'members', merchant.code, type, account, pageNo],
    queryFn: async () =>
      (
        await opsCall(opsMembers, {
          params: { code: merchant.code },
          query: { pageNo, ...(type ? { type } : {}), ...(account ? { account } : {}) },
        })
      ).value,
  });
  const typeName = (agentType: number) =>
    i18n._(ACCOUNT_TYPE_LABEL[agentType === 0 ? 'MEMBER' : agentType === 4 ? 'TRIAL' : 'AGENT']);
  const show = (next: Dialog) => {
    setDone(null);
    setDialog(next);
  };
  const finish = (note: string) => {
    setDialog(null);
    setDone(note);
  };

  return (
    <>
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setAccount(typed.trim());
          setPageNo(1);
        }}
      >
        <Filters>
          <SelectField
            label={<Trans>Type</Trans>}
            value={type}
            onChange={(e) => {
              setType(e.target.value as MemberType | '');
              setPageNo(1);
            }}
          >
            <option value="">{t`All`}</option>
            {(Object.keys(MEMBER_TYPE_LABEL) as MemberType[]).map((k) => (
              <option key={k} value={k}>
                {i18n._(MEMBER_TYPE_LABEL[k])}
              </option>
            ))}
          </SelectField>
          <InputField
            label={<Trans>Account</Trans>}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </Filters>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={opsButton}>
            <Trans>Search</Trans>
          </button>
          {may(opsSendMessage) && (
            <button
              type="button"
              className={opsButton}
              onClick={() => show({ kind: 'message', account: null })}
            >
              <Trans>Message every member</Trans>
            </button>
          )}
        </div>
      </form>
      {done && <Done>{done}</Done>}
      <RecordTable
        query={list}
        paging={{ page: pageNo, onChange: setPageNo, label: t`Member pages` }}
        caption={t`Members and agents`}
        empty={<Trans>No accounts found.</Trans>}
        minWidth="60rem"
        columns={[
          { head: <Trans>Account</Trans> },
          { head: <Trans>Type</Trans> },
          { head: <Trans>Upline</Trans> },
          { head: <Trans>Balance</Trans>, end: true },
          { head: <Trans>Club rank</Trans>, end: true },
          { head: <Trans>Last login</Trans> },
          { head: <Trans>Status</Trans> },
          { head: <Trans>Actions</Trans> },
        ]}
        row={(m) => (
          <tr key={m.id} className={row}>
            <td className={cell}>
              <div className="font-medium">{m.account}</div>
              <div className="text-xs text-muted">{m.nickname}</div>
            </td>
            <td className={cell}>{typeName(m.agentType)}</td>
            <td className={cell}>{m.upline ?? '—'}</td>
            <td className={`${cell} text-right tabular-nums`}>{money(m.balance)}</td>
            <td className={`${cell} text-right tabular-nums`}>{m.clubRank}</td>
            <td className={cell}>{when(m.lastLoginAt)}</td>
            <td className={cell}>{m.locked ? <Trans>Locked</Trans> : <Trans>Active</Trans>}</td>
            <td className={cell}>
              <div className="flex flex-wrap gap-1">
                {may(opsLockMember) && (
                  <button
                    type="button"
                    className={opsButton}
                    aria-label={m.locked ? t`Unlock ${m.account}` : t`Lock ${m.account}`}
                    onClick={() => show({ kind: 'lock', member: m })}
                  >
                    {m.locked ? <Trans>Unlock</Trans> : <Trans>Lock</Trans>}
                  </button>
                )}
                {may(opsSendMessage) && (
                  <button
                    type="button"
                    className={opsButton}
                    aria-label={t`Message ${m.account}`}
                    onClick={() => show({ kind: 'message', account: m.account })}
                  >
                    <Trans>Message</Trans>
                  </button>
                )}
                {may(opsAwardTicket) && (
                  <button
                    type="button"
                    className={opsButton}
                    aria-label={t`Award ${m.account} a ticket`}
                    onClick={() => show({ kind: 'ticket', account: m.account })}
                  >
                    <Trans>Ticket</Trans>
                  </button>
                )}
              </div>
            </td>
          </tr>
        )}
      />
      {dialog?.kind === 'lock' && (
        <LockDialog member={dialog.member} onClose={() => setDialog(null)} onDone={finish} />
      )}
      {dialog?.kind === 'message' && (
        <MessageDialog account={dialog.account} onClose={() => setDialog(null)} onDone={finish} />
      )}
      {dialog?.kind === 'ticket' && (
        <TicketDialog account={dialog.account} onClose={() => setDialog(null)} onDone={finish} />
      )}
    </>
  );
}
