import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { RegisterFieldRule } from '../../../contract/auth.ts';
import type { connectLogin } from '../../../machines/login.connect.ts';
import { Field, FormError } from './Field.tsx';

/** The forced password change after a login with the default or an expired password: no way out but a new one. */
export function NewPasswordFields({
  view,
  rule,
}: {
  view: ReturnType<typeof connectLogin>;
  rule: RegisterFieldRule;
}) {
  const { t } = useLingui();
  const { fieldErrors: problems, error, busy } = view;
  const [values, setValues] = useState({ newPassword: '', confirmNewPassword: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    view.submitNewPassword(values);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t`Change password`}>
      <p className="text-sm text-muted">
        <Trans>For your security, choose a new password before you go on.</Trans>
      </p>
      <Field
        label={<Trans>New password</Trans>}
        type="password"
        autoComplete="new-password"
        maxLength={rule.maxLength}
        value={values.newPassword}
        onChange={(e) => setValues((v) => ({ ...v, newPassword: e.target.value }))}
        problem={problems.newPassword}
      />
      <Field
        label={<Trans>Confirm new password</Trans>}
        type="password"
        autoComplete="new-password"
        value={values.confirmNewPassword}
        onChange={(e) => setValues((v) => ({ ...v, confirmNewPassword: e.target.value }))}
        problem={problems.confirmNewPassword}
      />
      <FormError error={error} fieldErrors={problems} />
      <button
        type="submit"
        disabled={busy}
        className="h-11 rounded-full bg-brand font-semibold text-white disabled:opacity-60"
      >
        <Trans>Change password</Trans>
      </button>
    </form>
  );
}
