import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Country, RegisterFieldRule } from '../../../contract/auth.ts';
import { PASSWORD_RESET_MINUTES } from '../../../contract/constants.ts';
import { connectForgotPassword } from '../../../machines/forgotPassword.connect.ts';
import { type ForgotValues, forgotPasswordMachine } from '../../../machines/forgotPassword.machine.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { requestResetCode, resetByPhone, resetWithCode } from './actors.ts';
import { Field, FormError } from './Field.tsx';
import { MobileCodeFields } from './MobileCodeFields.tsx';
import { ModeTabs } from './ModeTabs.tsx';
import { Notice } from './Notice.tsx';

const liveForgot = forgotPasswordMachine.provide({
  actors: { requestResetCode, resetWithCode, resetByPhone },
});

/** The e-mailed link's code and username (`/?resetCode=…&username=…`): the form opens at the code step. */
export interface ResetLink {
  resetCode: string;
  username?: string;
}

export interface ForgotPasswordFormProps {
  rules: RegisterFieldRule[];
  countries: Country[];
  byEmail: boolean;
  byPhone: boolean;
  link?: ResetLink;
  /** The new password is set: the login comes next. */
  onDone: () => void;
}

/**
 * Forgot password by e-mail (a code is sent, then the code and a new password set it) or by phone (SMS code + new
 * password), spec §4/§5.
 */
export function ForgotPasswordForm({
  rules,
  countries,
  byEmail,
  byPhone,
  link,
  onDone,
}: ForgotPasswordFormProps) {
  const { t } = useLingui();
  const rule = (field: string) => rules.find((r) => r.field === field);
  // The machine's `finished` (its final state) closes the form: no subscription to watch for its end.
  const [forgot] = useState(() => liveForgot.provide({ actions: { finished: () => onDone() } }));
  const actor = useActorRef(forgot, {
    inspect: liveInspect,
    input: {
      passwordRule: rule('password')!,
      usernameRule: rule('username'),
      emailRule: rule('email'),
      mode: byEmail ? 'email' : 'phone',
      ...link,
    },
  });
  const { codeStep, codeSentDialog, passwordResetDialog, enterCode, closeDialog } = connectForgotPassword(
    useSelector(actor, (s) => s),
    actor.send,
  );

  if (codeSentDialog)
    return (
      <Notice label={t`Code sent`} button={<Trans>Enter the code</Trans>} onClick={enterCode}>
        <Trans>
          If the username and e-mail match an account, a code has been sent out to that e-mail. It works once,
          within <Plural value={PASSWORD_RESET_MINUTES} one="# minute" other="# minutes" />.
        </Trans>
      </Notice>
    );
  if (passwordResetDialog)
    return (
      <Notice label={t`Password changed`} button={<Trans>Log in</Trans>} onClick={closeDialog}>
        <Trans>
          Your password has been changed, and every session of the account has ended. Log in with it.
        </Trans>
      </Notice>
    );
  // A step's form starts from what the flow holds (the link's code, the username asked with): keyed by step.
  return (
    <StepForm
      key={codeStep ? 'code' : 'request'}
      actor={actor}
      codeStep={codeStep}
      countries={countries}
      tabs={byEmail && byPhone && !codeStep}
    />
  );
}

/** The request form (by e-mail or by phone) or the code step's form, with what the visitor types. */
function StepForm({
  actor,
  codeStep,
  countries,
  tabs,
}: {
  actor: ActorRefFrom<typeof liveForgot>;
  codeStep: boolean;
  countries: Country[];
  tabs: boolean;
}) {
  const { t } = useLingui();
  const view = connectForgotPassword(
    useSelector(actor, (s) => s),
    actor.send,
  );
  const { mode, busy, fieldErrors: problems, error } = view;
  const [values, setValues] = useState<ForgotValues>(() => ({
    countryDialingCode: countries[0]?.countryDialingCode,
    ...view.values,
  }));
  const set = (patch: ForgotValues) => setValues((v) => ({ ...v, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    view.submit(values);
  };
  const newPassword = (
    <Field
      label={<Trans>New password</Trans>}
      type="password"
      autoComplete="new-password"
      value={values.newPassword ?? ''}
      onChange={(e) => set({ newPassword: e.target.value })}
      problem={problems.newPassword}
    />
  );
  const username = (
    <Field
      label={<Trans>Username</Trans>}
      autoComplete="username"
      value={values.username ?? ''}
      onChange={(e) => set({ username: e.target.value })}
      problem={problems.username}
    />
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t`Forgot password`}>
      {tabs && (
        <ModeTabs
          modes={[
            { id: 'email', label: t`By e-mail` },
            { id: 'phone', label: t`By phone` },
          ]}
          active={mode}
          onSelect={view.switchMode}
        />
      )}
      {codeStep ? (
        <>
          {username}
          <Field
            label={<Trans>Code from the e-mail</Trans>}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            maxLength={32}
            value={values.code ?? ''}
            onChange={(e) => set({ code: e.target.value })}
            problem={problems.code}
          />
          {newPassword}
        </>
      ) : mode === 'email' ? (
        <>
          {username}
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
          {newPassword}
        </>
      )}
      <FormError error={error} fieldErrors={problems} />
      <button
        type="submit"
        disabled={busy}
        className="h-11 rounded-full bg-brand font-semibold text-white disabled:opacity-60"
      >
        {mode === 'email' && !codeStep ? <Trans>Send code</Trans> : <Trans>Set new password</Trans>}
      </button>
      {codeStep && (
        <button
          type="button"
          disabled={busy}
          className="text-sm font-semibold underline disabled:opacity-60"
          onClick={view.resend}
        >
          <Trans>Ask for a new code</Trans>
        </button>
      )}
    </form>
  );
}
