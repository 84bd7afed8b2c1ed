import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { RegisterFieldRule } from '../../../contract/auth.ts';
import type { loginMachine } from '../../../machines/login.machine.ts';
import {
  selectLoginBusy,
  selectLoginError,
  selectLoginFieldErrors,
} from '../../../machines/login.selectors.ts';
import { Field, FormError } from './Field.tsx';

/** The forced password change after a login with the default or an expired password: no way out but a new one. */
export function NewPasswordFields({
  actor,
  rule,
}: {
  actor: ActorRefFrom<typeof loginMachine>;
  rule: RegisterFieldRule;
}) {
  const { t } = useLingui();
  const problems = useSelector(actor, selectLoginFieldErrors);
  const error = useSelector(actor, selectLoginError);
  const busy = useSelector(actor, selectLoginBusy);
  const [values, setValues] = useState({ newPassword: '', confirmNewPassword: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'password.submit', values });
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
