import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  opsApproveRedemption,
  type opsRedemption,
  opsRedemptions,
  opsRejectRedemption,
  type RedemptionStatus,
  redemptionStatus,
} from '../../../contract/points.ts';
import { Done, RecordTable } from '../../ui/records/form.tsx';
import { type Verdict, VerdictButtons, VerdictDialog } from '../ApproveReject.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { REDEMPTION_STATUS_LABEL } from '../labels.ts';
import { useMay, useOps } from '../session.ts';
import { cell, Filters, row, SelectField } from '../ui.tsx';
import { useDecision } from '../useDecision.ts';

type Redemption = z.infer<typeof opsRedemption>;
type Action = Verdict;
const ACTION_CALL = { approve: opsApproveRedemption, reject: opsRejectRedemption };

/** The points mall's redemptions of the picked merchant: those in process wait for approval or rejection. */
export function Redemptions() {
  const { t, i18n } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const { money, when } = useOpsFormat();
  const [status, setStatus] = useState<RedemptionStatus>('IN_PROCESS');
  const list = useQuery({
    queryKey: ['ops', 'redemptions', merchant.code, status],
    queryFn: async () =>
      (await opsCall(opsRedemptions, { params: { code: merchant.code }, query: { status } })).value,
  });
  const decision = useDecision<Redemption, Action, Redemption>({
    calls: ACTION_CALL,
    reload: [['ops', 'redemptions']],
    note: (item) => t`Redemption ${item.id} is now ${i18n._(REDEMPTION_STATUS_LABEL[item.status])}.`,
  });
  const actionOn = (action: Action, id: number) =>
    action === 'approve' ? t`Approve redemption ${id}` : t`Reject redemption ${id}`;

  return (
    <>
      <Filters>
        <SelectField
          label={<Trans>Status</Trans>}
          value={status}
          onChange={(e) => setStatus(e.target.value as RedemptionStatus)}
        >
          {redemptionStatus.options.map((s) => (
            <option key={s} value={s}>
              {i18n._(REDEMPTION_STATUS_LABEL[s])}
            </option>
          ))}
        </SelectField>
      </Filters>
      {decision.done && <Done>{decision.done}</Done>}
      <RecordTable
        query={list}
        caption={t`Redemptions`}
        empty={<Trans>No redemptions here.</Trans>}
        minWidth="48rem"
        columns={[
          { head: <Trans>Account</Trans> },
          { head: <Trans>Reward</Trans> },
          { head: <Trans>Points</Trans>, end: true },
          { head: <Trans>Cash</Trans>, end: true },
          { head: <Trans>Redeemed</Trans> },
          { head: <Trans>Remark</Trans> },
          { head: <Trans>Actions</Trans> },
        ]}
        row={(r) => (
          <tr key={r.id} className={row}>
            <td className={cell}>{r.account}</td>
            <td className={cell}>{r.name}</td>
            <td className={`${cell} text-right tabular-nums`}>{r.points}</td>
            <td className={`${cell} text-right tabular-nums`}>
              {r.cashAmount === null ? '—' : money(r.cashAmount)}
            </td>
            <td className={cell}>{when(r.createdAt)}</td>
            <td className={cell}>{r.remark ?? ''}</td>
            <td className={cell}>
              {r.status === 'IN_PROCESS' && (
                <div className="flex flex-wrap gap-1">
                  <VerdictButtons
                    verdicts={(['approve', 'reject'] as const).filter((a) => may(ACTION_CALL[a]))}
                    labelOf={(a) => actionOn(a, r.id)}
                    onPick={(a) => decision.open(r, a)}
                  />
                </div>
              )}
            </td>
          </tr>
        )}
      />
      <VerdictDialog decision={decision} labelOf={actionOn} />
    </>
  );
}
