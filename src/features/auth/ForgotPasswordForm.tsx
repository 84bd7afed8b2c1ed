import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import type { Country, RegisterFieldRule } from '../../../contract/auth.ts';
import { type ForgotValues, forgotPasswordMachine } from '../../../machines/forgotPassword.machine.ts';
import {
  selectEmailSentDialog,
  selectForgotBusy,
  selectForgotError,
  selectForgotFieldErrors,
  selectForgotMode,
} from '../../../machines/forgotPassword.selectors.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { resetByPhone, sendResetEmail } from './actors.ts';
import { Field, FormError } from './Field.tsx';
import { MobileCodeFields } from './MobileCodeFields.tsx';
import { ModeTabs } from './ModeTabs.tsx';

const liveForgot = forgotPasswordMachine.provide({ actors: { sendResetEmail, resetByPhone } });

export interface ForgotPasswordFormProps {
  rules: RegisterFieldRule[];
  countries: Country[];
  byEmail: boolean;
  byPhone: boolean;
  onDone: () => void;
}

/** Forgot password by e-mail (a temporary password is sent) or by phone (SMS code + new password), spec §4/§5. */
export function ForgotPasswordForm({ rules, countries, byEmail, byPhone, onDone }: ForgotPasswordFormProps) {
  const { t } = useLingui();
  const rule = (field: string) => rules.find((r) => r.field === field);
  const actor = useActorRef(liveForgot, {
    inspect: liveInspect,
    input: {
      passwordRule: rule('password')!,
      usernameRule: rule('username'),
      emailRule: rule('email'),
      mode: byEmail ? 'email' : 'phone',
    },
  });
  const mode = useSelector(actor, selectForgotMode);
  const busy = useSelector(actor, selectForgotBusy);
  const sent = useSelector(actor, selectEmailSentDialog);
  const problems = useSelector(actor, selectForgotFieldErrors);
  const error = useSelector(actor, selectForgotError);
  const [values, setValues] = useState<ForgotValues>({
    countryDialingCode: countries[0]?.countryDialingCode,
  });
  const set = (patch: ForgotValues) => setValues((v) => ({ ...v, ...patch }));

  useEffect(() => {
    const sub = actor.subscribe((s) => s.status === 'done' && onDone());
    return () => sub.unsubscribe();
  }, [actor, onDone]);

  if (sent)
    return (
      <div role="alertdialog" aria-label={t`E-mail sent`} className="flex flex-col gap-4">
        <p>
          <Trans>
            A temporary password has been sent out to your e-mail. Use it to log in, then choose a new one.
          </Trans>
        </p>
        <button
          type="button"
          className="h-11 rounded-full bg-brand font-semibold text-white"
          onClick={() => actor.send({ type: 'dialog.close' })}
        >
          <Trans>OK</Trans>
        </button>
      </div>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'user.submit', values });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t`Forgot password`}>
      {byEmail && byPhone && (
        <ModeTabs
          modes={[
            { id: 'email', label: t`By e-mail` },
            { id: 'phone', label: t`By phone` },
          ]}
          active={mode}
          onSelect={(m) => actor.send({ type: 'mode.switch', mode: m })}
        />
      )}
      {mode === 'email' ? (
        <>
          <Field
            label={<Trans>Username</Trans>}
            autoComplete="username"
            value={values.username ?? ''}
            onChange={(e) => set({ username: e.target.value })}
            problem={problems.username}
          />
          <Field
            label={<Trans>Email</Trans>}
            type="email"
            autoComplete="email"
            value={values.email ?? ''}
            onChange={(e) => set({ email: e.target.value })}
            problem={problems.email}
          />
        </>
      ) : (
        <>
          <MobileCodeFields
            countries={countries}
            countFrom="expirationTime"
            value={{
              countryDialingCode: values.countryDialingCode ?? '',
              mobile: values.mobileNum ?? '',
              code: values.verificationCode ?? '',
            }}
            onChange={(p) =>
              set({
                ...(p.countryDialingCode !== undefined ? { countryDialingCode: p.countryDialingCode } : {}),
                ...(p.mobile !== undefined ? { mobileNum: p.mobile } : {}),
                ...(p.code !== undefined ? { verificationCode: p.code } : {}),
              })
            }
            mobileProblem={problems.mobileNum}
            codeProblem={problems.verificationCode}
          />
          <Field
            label={<Trans>New password</Trans>}
            type="password"
            autoComplete="new-password"
            value={values.newPassword ?? ''}
            onChange={(e) => set({ newPassword: e.target.value })}
            problem={problems.newPassword}
          />
        </>
      )}
      <FormError error={error} fieldErrors={problems} />
      <button
        type="submit"
        disabled={busy}
        className="h-11 rounded-full bg-brand font-semibold text-white disabled:opacity-60"
      >
        {mode === 'email' ? <Trans>Send</Trans> : <Trans>Set new password</Trans>}
      </button>
    </form>
  );
}
