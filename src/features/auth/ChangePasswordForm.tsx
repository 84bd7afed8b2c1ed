import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { RegisterFieldRule } from '../../../contract/auth.ts';
import { changePassword } from '../../../contract/member.ts';
import { readFlowError, serverFieldErrors } from '../../../machines/form.ts';
import { newPasswordProblems } from '../../../machines/login.machine.ts';
import { call } from '../../api/client.ts';
import { Field, FormError } from './Field.tsx';
import { Notice } from './Notice.tsx';

/**
 * Voluntary password change (member menu) or the forced one: old password, then a new one by the merchant's rule.
 * With `confirm` the form says the password has changed before `onDone` closes it (the member centre shows its own
 * line instead).
 */
export function ChangePasswordForm({
  rule,
  onDone,
  confirm = false,
}: {
  rule: RegisterFieldRule;
  onDone: () => void;
  confirm?: boolean;
}) {
  const { t } = useLingui();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const [checked, setChecked] = useState(false);
  const save = useMutation({
    mutationFn: () => call(changePassword, { body: values }),
    onSuccess: () => {
      if (!confirm) onDone();
    },
  });
  const local = checked ? newPasswordProblems(rule, values) : {};
  const problems = { ...serverFieldErrors(save.error), ...local };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys(newPasswordProblems(rule, values)).length === 0) save.mutate();
  };
  const input = (name: keyof typeof values, label: React.ReactNode, autoComplete: string) => (
    <Field
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      problem={problems[name] ?? (name === 'newPassword' ? problems.password : undefined)}
    />
  );
  if (confirm && save.isSuccess)
    return (
      <Notice label={t`Password changed`} button={<Trans>OK</Trans>} onClick={onDone}>
        <Trans>Your password has been changed. Use the new one the next time you log in.</Trans>
      </Notice>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t`Change password`}>
      {input('oldPassword', <Trans>Old password</Trans>, 'current-password')}
      {input('newPassword', <Trans>New password</Trans>, 'new-password')}
      {input('confirmNewPassword', <Trans>Confirm new password</Trans>, 'new-password')}
      <FormError error={save.error ? readFlowError(save.error) : null} fieldErrors={problems} />
      <button
        type="submit"
        disabled={save.isPending}
        className="h-11 rounded-full bg-brand font-semibold text-white disabled:opacity-60"
      >
        <Trans>Change password</Trans>
      </button>
    </form>
  );
}
