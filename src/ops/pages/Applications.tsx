import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  entryStatus,
  type OpsPromotionEntry,
  opsApproveEntry,
  opsPromotionEntries,
  opsRejectEntry,
} from '../../../contract/promotions.ts';
import { Done, RecordTable } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { ENTRY_STATUS_LABEL } from '../labels.ts';
import { RemarkDialog } from '../RemarkDialog.tsx';
import { useMay, useOps } from '../session.ts';
import { cell, Filters, opsButton, opsPrimary, row, SelectField } from '../ui.tsx';
import { useDecision } from '../useDecision.ts';
import { ApproveDialog } from './ApproveDialog.tsx';
import { EntryPictures } from './EntryPictures.tsx';
import { usePromotions } from './PromotionList.tsx';

type EntryStatus = OpsPromotionEntry['status'];
type Action = 'approve' | 'reject';

/** Promotion entries, the applications waiting for review first: remark, pictures, approve (a reward) or reject. */
export function Applications({
  promotionId,
  onPromotion,
}: {
  promotionId: number | undefined;
  onPromotion: (id: number | undefined) => void;
}) {
  const { t, i18n } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const { money, when } = useOpsFormat();
  const promotions = usePromotions();
  const [status, setStatus] = useState<EntryStatus | ''>('APPLYING');
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ['ops', 'entries', merchant.code, status, promotionId, pageNo],
    queryFn: async () =>
      (
        await opsCall(opsPromotionEntries, {
          params: { code: merchant.code },
          query: { pageNo, ...(status ? { status } : {}), ...(promotionId ? { promotionId } : {}) },
        })
      ).value,
  });
  const decision = useDecision<OpsPromotionEntry, Action, { entry: OpsPromotionEntry }>({
    calls: { approve: opsApproveEntry, reject: opsRejectEntry },
    reload: [
      ['ops', 'entries'],
      ['ops', 'promotions'],
    ],
    note: ({ entry }) =>
      entry.status === 'REJECTED'
        ? t`The application of ${entry.account} is rejected.`
        : t`The application of ${entry.account} is approved: ${money(entry.reward ?? 0)} paid.`,
  });
  const deciding = decision.deciding;

  return (
    <>
      <Filters>
        <SelectField
          label={<Trans>Status</Trans>}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as EntryStatus | '');
            setPageNo(1);
          }}
        >
          <option value="">{t`All`}</option>
          {entryStatus.options.map((s) => (
            <option key={s} value={s}>
              {i18n._(ENTRY_STATUS_LABEL[s])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={<Trans>Promotion</Trans>}
          value={promotionId ?? ''}
          onChange={(e) => {
            onPromotion(e.target.value ? Number(e.target.value) : undefined);
            setPageNo(1);
          }}
        >
          <option value="">{t`All`}</option>
          {promotions.data?.list.map((p) => (
            <option key={p.id} value={p.id}>
              {p.titles.en ?? `#${p.id}`}
            </option>
          ))}
        </SelectField>
      </Filters>
      {decision.done && <Done>{decision.done}</Done>}
      <RecordTable
        query={list}
        paging={{ page: pageNo, onChange: setPageNo, label: t`Application pages` }}
        caption={t`Promotion entries`}
        empty={<Trans>No entries here.</Trans>}
        minWidth="60rem"
        columns={[
          { head: <Trans>Account</Trans> },
          { head: <Trans>Promotion</Trans> },
          { head: <Trans>Remark</Trans> },
          { head: <Trans>Pictures</Trans> },
          { head: <Trans>Status</Trans> },
          { head: <Trans>Reward</Trans>, end: true },
          { head: <Trans>Actions</Trans> },
        ]}
        row={(e) => (
          <tr key={e.id} className={row}>
            <td className={cell}>
              <div className="font-medium">{e.account}</div>
              <div className="text-xs text-muted">{when(e.createdAt)}</div>
            </td>
            <td className={cell}>
              {e.title}
              <div className="text-xs text-muted">{e.period}</div>
            </td>
            <td className={`${cell} max-w-60 break-words`}>{e.remark ?? ''}</td>
            <td className={cell}>
              <EntryPictures names={e.uploads} account={e.account} />
            </td>
            <td className={cell}>
              {i18n._(ENTRY_STATUS_LABEL[e.status])}
              {e.reviewRemark && <div className="text-xs text-muted">{e.reviewRemark}</div>}
            </td>
            <td className={`${cell} text-right tabular-nums`}>{e.reward === null ? '—' : money(e.reward)}</td>
            <td className={cell}>
              {e.status === 'APPLYING' && (
                <div className="flex flex-wrap gap-1">
                  {may(opsApproveEntry) && (
                    <button
                      type="button"
                      className={opsPrimary}
                      aria-label={t`Approve the application of ${e.account}`}
                      onClick={() => decision.open(e, 'approve')}
                    >
                      <Trans>Approve</Trans>
                    </button>
                  )}
                  {may(opsRejectEntry) && (
                    <button
                      type="button"
                      className={opsButton}
                      aria-label={t`Reject the application of ${e.account}`}
                      onClick={() => decision.open(e, 'reject')}
                    >
                      <Trans>Reject</Trans>
                    </button>
                  )}
                </div>
              )}
            </td>
          </tr>
        )}
      />
      {deciding?.action === 'approve' && (
        <ApproveDialog
          entry={deciding.item}
          promotionReward={promotions.data?.list.find((p) => p.id === deciding.item.promotionId)?.reward}
          pending={decision.pending}
          error={decision.error}
          onClose={decision.close}
          onConfirm={decision.decide}
        />
      )}
      {deciding?.action === 'reject' && (
        <RemarkDialog
          required
          title={t`Reject the application of ${deciding.item.account}`}
          confirmLabel={<Trans>Reject</Trans>}
          danger
          pending={decision.pending}
          error={decision.error}
          onClose={decision.close}
          onConfirm={(remark) => decision.decide({ remark })}
        >
          <p>
            <Trans>The member reads the reason; nothing is paid.</Trans>
          </p>
        </RemarkDialog>
      )}
    </>
  );
}
