import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import type { DisputeResolution } from '../../../contract/ops.ts';
import { serverField } from '../../ui/records/form.tsx';
import { ConfirmDialog, InputField, TextAreaField } from '../ui.tsx';

/** Spec §5: remarks are at most 140 characters. */
const MAX_REMARK = 140;
const RESOLUTIONS: DisputeResolution[] = ['RESENT', 'RECEIVED', 'REFUNDED'];

/**
 * How finance ends a dispute: resend under a new transfer reference, confirm it received (the bank's records), or
 * refund it to the member's main wallet; always with a remark. The server checks all of it again.
 */
export function ResolveDialog({
  title,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  pending: boolean;
  error: unknown;
  onConfirm: (body: { resolution: DisputeResolution; remark: string; reference?: string }) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const [resolution, setResolution] = useState<DisputeResolution>('RESENT');
  const [remark, setRemark] = useState('');
  const [reference, setReference] = useState('');
  const [missing, setMissing] = useState<{ remark?: boolean; reference?: boolean }>({});
  const label: Record<DisputeResolution, string> = {
    RESENT: t`Resend with a new reference`,
    RECEIVED: t`Confirm received (the bank's records show it arrived)`,
    REFUNDED: t`Refund to the member's main wallet`,
  };
  const resend = resolution === 'RESENT';
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={t`Resolve`}
      danger={resolution === 'REFUNDED'}
      pending={pending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        const text = remark.trim();
        const ref = reference.trim();
        const gaps = { remark: text === '', reference: resend && ref === '' };
        if (gaps.remark || gaps.reference) return setMissing(gaps);
        onConfirm({ resolution, remark: text, ...(resend ? { reference: ref } : {}) });
      }}
    >
      {children}
      <fieldset className="flex flex-col gap-1">
        <legend className="text-xs font-medium text-muted">
          <Trans>Resolution</Trans>
        </legend>
        {RESOLUTIONS.map((r) => (
          <label key={r} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="resolution"
              value={r}
              checked={resolution === r}
              onChange={() => setResolution(r)}
            />
            {label[r]}
          </label>
        ))}
      </fieldset>
      {resend && (
        <InputField
          label={t`New transfer reference`}
          maxLength={60}
          value={reference}
          message={missing.reference ? t`Enter the new transfer reference` : serverField(error, 'reference')}
          onChange={(e) => {
            setReference(e.target.value);
            setMissing((m) => ({ ...m, reference: false }));
          }}
        />
      )}
      <TextAreaField
        label={t`Reason`}
        maxLength={MAX_REMARK}
        rows={3}
        value={remark}
        message={missing.remark ? t`Give a reason` : serverField(error, 'remark')}
        onChange={(e) => {
          setRemark(e.target.value);
          setMissing((m) => ({ ...m, remark: false }));
        }}
      />
    </ConfirmDialog>
  );
}
