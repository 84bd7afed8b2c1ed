import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { serverField } from '../ui/records/form.tsx';
import { ConfirmDialog, TextAreaField } from './ui.tsx';

/** Spec §5: remarks and reasons are at most 140 characters. */
const MAX_REMARK = 140;

/**
 * A decision on one record (approve, reject, lock …) with a remark: optional, or `required` (a rejection's reason
 * the member reads). The typed remark stays when the call fails.
 */
export function RemarkDialog({
  title,
  confirmLabel,
  danger,
  required,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: ReactNode;
  confirmLabel: ReactNode;
  danger?: boolean;
  required?: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: (remark: string | undefined) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const [remark, setRemark] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={confirmLabel}
      danger={danger}
      pending={pending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        const text = remark.trim();
        if (required && text === '') return setMissing(true);
        onConfirm(text === '' ? undefined : text);
      }}
    >
      {children}
      <TextAreaField
        label={required ? t`Reason` : t`Remark (optional)`}
        hint={t`${plural(MAX_REMARK, { one: 'At most # character', other: 'At most # characters' })}`}
        maxLength={MAX_REMARK}
        rows={3}
        value={remark}
        message={missing ? t`Give a reason` : serverField(error, 'remark')}
        onChange={(e) => {
          setRemark(e.target.value);
          setMissing(false);
        }}
      />
    </ConfirmDialog>
  );
}
