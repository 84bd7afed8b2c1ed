import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type Change,
  type ChangeStatus,
  changeStatus,
  opsApproveChange,
  opsChanges,
  opsRejectChange,
} from '../../../contract/changes.ts';
import { Done, RecordTable } from '../../ui/records/form.tsx';
import { type Verdict, VerdictButtons, VerdictDialog } from '../ApproveReject.tsx';
import { opsCall } from '../api.ts';
import { changeDiff } from '../changeDiff.ts';
import { useOpsFormat } from '../format.ts';
import { CHANGE_STATUS_LABEL } from '../labels.ts';
import { useMay, useOps } from '../session.ts';
import { cell, Filters, row, SelectField } from '../ui.tsx';
import { useDecision } from '../useDecision.ts';

type Action = Verdict;
const ACTION_CALL = { approve: opsApproveChange, reject: opsRejectChange };

/** What reads the change: the rules topic, or the promotion's title. */
function What({ change }: { change: Change }) {
  const label = change.label;
  return change.kind === 'RULES' ? <Trans>Rules: {label}</Trans> : <Trans>Promotion: {label}</Trans>;
}

/** Old → new, value by value. */
function Diff({ change }: { change: Change }) {
  const lines = changeDiff(change.current, change.proposed);
  if (lines.length === 0) return <Trans>No value changes.</Trans>;
  return (
    <ul className="font-mono text-xs">
      {lines.map((l) => (
        <li key={l.path}>
          {l.path}: <span className="text-muted line-through">{l.before ?? '—'}</span> →{' '}
          <strong>{l.after ?? '—'}</strong>
        </li>
      ))}
    </ul>
  );
}

/**
 * Maker-checker: the picked merchant's changes to what pays members (rules, promotions' rewards and terms). A
 * FINANCE or ADMIN operator approves or rejects another operator's draft; the drafter sees theirs as pending.
 */
export function Changes() {
  const { t, i18n } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const { when } = useOpsFormat();
  const [status, setStatus] = useState<ChangeStatus>('DRAFT');
  const list = useQuery({
    queryKey: ['ops', 'changes', merchant.code, status],
    queryFn: async () =>
      (await opsCall(opsChanges, { params: { code: merchant.code }, query: { status } })).value,
  });
  const decision = useDecision<Change, Action, { change: Change }>({
    calls: ACTION_CALL,
    reload: [
      ['ops', 'changes'],
      ['ops', 'rules'],
      ['ops', 'promotions'],
    ],
    note: ({ change }) => t`Change ${change.id} is now ${i18n._(CHANGE_STATUS_LABEL[change.status])}.`,
  });
  const deciding = decision.deciding;
  const actionOn = (action: Action, id: number) =>
    action === 'approve' ? t`Approve change ${id}` : t`Reject change ${id}`;
  // The drafter may withdraw their own draft, never approve it (the server refuses it too).
  const actionsFor = (c: Change) =>
    (['approve', 'reject'] as const).filter((a) => may(ACTION_CALL[a]) && !(a === 'approve' && c.mine));

  return (
    <>
      <Filters>
        <SelectField
          label={<Trans>Status</Trans>}
          value={status}
          onChange={(e) => setStatus(e.target.value as ChangeStatus)}
        >
          {changeStatus.options.map((s) => (
            <option key={s} value={s}>
              {i18n._(CHANGE_STATUS_LABEL[s])}
            </option>
          ))}
        </SelectField>
      </Filters>
      <p className="text-muted text-sm">
        <Trans>
          Amounts are in minor units (100 = 1.00) and rates in basis points (100 = 1 %). A change takes effect
          only when a finance operator or an administrator other than the one who drafted it approves it.
        </Trans>
      </p>
      {decision.done && <Done>{decision.done}</Done>}
      <RecordTable
        query={list}
        caption={t`Changes of ${merchant.code}`}
        empty={<Trans>No changes here.</Trans>}
        minWidth="56rem"
        columns={[
          { head: <Trans>Change</Trans> },
          { head: <Trans>Old → new</Trans> },
          { head: <Trans>Drafted</Trans> },
          { head: <Trans>Decided</Trans> },
          { head: <Trans>Actions</Trans> },
        ]}
        row={(c) => (
          <tr key={c.id} className={row}>
            <td className={cell}>
              <What change={c} />
              {c.current === null && (
                <div className="text-xs text-warning">
                  <Trans>New: not running until approved</Trans>
                </div>
              )}
            </td>
            <td className={cell}>
              <Diff change={c} />
            </td>
            <td className={`${cell} text-xs`}>
              {c.draftedBy}
              <div>{when(c.draftedAt)}</div>
            </td>
            <td className={`${cell} text-xs`}>
              {c.decidedBy ?? '—'}
              {c.decidedAt && <div>{when(c.decidedAt)}</div>}
              {c.remark && <div>{c.remark}</div>}
            </td>
            <td className={cell}>
              {c.status === 'DRAFT' && (
                <div className="flex flex-wrap gap-1">
                  {c.mine && (
                    <span className="text-xs text-muted">
                      <Trans>Yours: another operator approves it</Trans>
                    </span>
                  )}
                  <VerdictButtons
                    verdicts={actionsFor(c)}
                    labelOf={(a) => actionOn(a, c.id)}
                    onPick={(a) => decision.open(c, a)}
                  />
                </div>
              )}
            </td>
          </tr>
        )}
      />
      <VerdictDialog decision={decision} labelOf={actionOn}>
        {deciding && (
          <>
            <p>
              <What change={deciding.item} />
            </p>
            <Diff change={deciding.item} />
          </>
        )}
      </VerdictDialog>
    </>
  );
}
