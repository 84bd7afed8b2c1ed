import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { OpsPromotionEntry } from '../../../contract/promotions.ts';
import { parseAmount } from '../../ui/records/amount.ts';
import { serverField, useAmountMessage } from '../../ui/records/form.tsx';
import { useOpsFormat } from '../format.ts';
import { ConfirmDialog, InputField, TextAreaField } from '../ui.tsx';

/** Approving an application pays once: the promotion's reward, or the amount typed here; a remark is optional. */
export function ApproveDialog({
  entry,
  promotionReward,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  entry: OpsPromotionEntry;
  promotionReward: number | undefined;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: (body: { reward?: number; remark?: string }) => void;
}) {
  const { t } = useLingui();
  const { money, sign } = useOpsFormat();
  const amountMessage = useAmountMessage();
  const [reward, setReward] = useState('');
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const usual = promotionReward === undefined ? '' : money(promotionReward);
  return (
    <ConfirmDialog
      open
      title={t`Approve the application of ${entry.account}`}
      confirmLabel={<Trans>Approve and pay</Trans>}
      pending={pending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        const typed = reward.trim();
        const read = typed === '' ? null : parseAmount(typed);
        if (read && !read.ok) return setProblem(amountMessage(read.problem, sign));
        onConfirm({
          ...(read?.ok ? { reward: read.minor } : {}),
          ...(remark.trim() ? { remark: remark.trim() } : {}),
        });
      }}
    >
      <InputField
        label={<Trans>Reward (optional)</Trans>}
        hint={usual ? t`Empty: the promotion's reward, ${usual}.` : t`Empty: the promotion's reward.`}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={reward}
        message={problem ?? serverField(error, 'reward')}
        onChange={(e) => {
          setReward(e.target.value);
          setProblem(undefined);
        }}
      />
      <TextAreaField
        label={<Trans>Remark (optional)</Trans>}
        maxLength={140}
        rows={2}
        value={remark}
        message={serverField(error, 'remark')}
        onChange={(e) => setRemark(e.target.value)}
      />
    </ConfirmDialog>
  );
}
