import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Country, RegisterFieldRule } from '../../../contract/auth.ts';
import { changePassword } from '../../../contract/member.ts';
import { connectLogin } from '../../../machines/login.connect.ts';
import {
  type LoginOutcome,
  type LoginValues,
  loginMachine,
  type PasswordChange,
} from '../../../machines/login.machine.ts';
import type { SessionEnded } from '../../../machines/session.machine.ts';
import { smsCountdownMachine } from '../../../machines/smsCountdown.machine.ts';
import { call } from '../../api/client.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { storeToken } from '../../api/session.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { Modal } from '../../ui/Modal.tsx';
import { loadMemberInfo, logIn, sendSmsCode, socialLogIn } from './actors.ts';
import { CaptchaField, liveCaptcha } from './CaptchaField.tsx';
import { Field, FormError } from './Field.tsx';
import { MobileCodeFields } from './MobileCodeFields.tsx';
import { ModeTabs } from './ModeTabs.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { SocialLogin } from './SocialLogin.tsx';

export interface LoginFormProps {
  passwordRule: RegisterFieldRule;
  smsLogin: boolean;
  countries: Country[];
  /** The modal is over (the machine's `finished`): the session takes it from there. */
  onDone: (outcome: LoginOutcome) => void;
  onForgot: () => void;
  onRegister: () => void;
  /** The agent login (spec §2 "Agent"): username and password only, and the server refuses non-agents. */
  agent?: boolean;
  /** The last session ended because the member started a break: the form says so, and until when. */
  ended?: SessionEnded | null;
}

const submitClass = 'h-11 w-full rounded-full bg-brand font-semibold text-white disabled:opacity-60';

/** Login by username or SMS code, with the captcha on the server's flag and the forced password change (spec §4). */
export function LoginForm({
  passwordRule,
  smsLogin,
  countries,
  onDone,
  onForgot,
  onRegister,
  agent = false,
  ended = null,
}: LoginFormProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [login] = useState(() =>
    loginMachine.provide({
      actors: {
        logIn,
        loadMemberInfo,
        changePassword: fromPromise<void, PasswordChange>(async ({ input }) => {
          await call(changePassword, { body: input });
        }),
        socialLogIn: socialLogIn(() => queryClient.getQueryData(whitelabelQuery().queryKey)?.firebase),
        captcha: liveCaptcha,
        smsCountdown: smsCountdownMachine.provide({
          actors: { sendCode: sendSmsCode('login'), captcha: liveCaptcha },
        }),
      },
      actions: {
        storeToken: (_, { token, remember }) => storeToken(token, remember),
        finished: (_, outcome) => onDone(outcome),
      },
    }),
  );
  const actor = useActorRef(login, { input: { passwordRule, agent }, inspect: liveInspect });
  const view = connectLogin(
    useSelector(actor, (s) => s),
    actor.send,
  );
  const { mode, fieldErrors: problems, error } = view;
  const [values, setValues] = useState<LoginValues>({
    countryDialingCode: countries[0]?.countryDialingCode ?? '+84',
  });
  const set = (patch: LoginValues) => setValues((v) => ({ ...v, ...patch }));

  const [remember, setRemember] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    view.submit(values, remember);
  };

  return (
    <>
      <Modal
        open={view.forcedPasswordChange}
        title={<Trans>Change password</Trans>}
        closeLabel={t`Close`}
        onClose={() => {}}
        dismissible={false}
      >
        <NewPasswordFields view={view} rule={passwordRule} />
      </Modal>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3"
        aria-label={agent ? t`Agent login` : t`Login`}
      >
        {ended && (
          <p role="status" className="rounded-lg bg-accent/15 px-3 py-2 text-sm">
            {ended.until ? (
              <Trans>
                You were logged out for your break, which lasts until{' '}
                {i18n.date(new Date(ended.until), { dateStyle: 'medium', timeStyle: 'short' })}. You can log
                in to withdraw, but not to play, deposit or claim rewards.
              </Trans>
            ) : (
              <Trans>
                You were logged out: your account is self-excluded. You can log in to withdraw, but not to
                play, deposit or claim rewards.
              </Trans>
            )}
          </p>
        )}
        {smsLogin && !agent && (
          <ModeTabs
            modes={[
              { id: 'username', label: t`Username` },
              { id: 'sms', label: t`SMS code` },
            ]}
            active={mode}
            onSelect={view.setMode}
          />
        )}
        {mode === 'username' ? (
          <>
            <Field
              label={<Trans>Username</Trans>}
              autoComplete="username"
              value={values.username ?? ''}
              onChange={(e) => set({ username: e.target.value })}
              problem={problems.username}
            />
            <Field
              label={<Trans>Password</Trans>}
              type="password"
              autoComplete="current-password"
              value={values.password ?? ''}
              onChange={(e) => set({ password: e.target.value })}
              problem={problems.password}
            />
            {view.showCaptcha && view.captcha && (
              <CaptchaField
                actor={view.captcha}
                value={values.captcha ?? ''}
                onChange={(answer, captchaId) => set({ captcha: answer, captchaId })}
                problem={problems.captcha}
              />
            )}
          </>
        ) : (
          <MobileCodeFields
            countries={countries}
            value={{
              countryDialingCode: values.countryDialingCode ?? '',
              mobile: values.mobileNo ?? '',
              code: values.verificationCode ?? '',
            }}
            onChange={(p) =>
              set({
                ...(p.countryDialingCode !== undefined ? { countryDialingCode: p.countryDialingCode } : {}),
                ...(p.mobile !== undefined ? { mobileNo: p.mobile } : {}),
                ...(p.code !== undefined ? { verificationCode: p.code } : {}),
              })
            }
            mobileProblem={problems.mobileNo}
            codeProblem={problems.verificationCode}
            sms={view.smsCountdown}
            onCodeRequest={view.requestCode}
          />
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-[var(--brand-primary)]"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <Trans>Remember me for 1 day</Trans>
        </label>
        {/* During the forced change its own dialog shows the failure. */}
        {!view.forcedPasswordChange && <FormError error={error} fieldErrors={problems} />}
        <button type="submit" disabled={view.busy} className={submitClass}>
          {view.busy ? <Trans>Logging in…</Trans> : <Trans>Login</Trans>}
        </button>
        {!agent && <SocialLogin onSignIn={view.signInWith} busy={view.socialBusy} error={view.socialError} />}
        <div className="flex justify-between text-sm">
          <button type="button" className="underline" onClick={onForgot}>
            <Trans>Forgot password?</Trans>
          </button>
          <button type="button" className="underline" onClick={onRegister}>
            <Trans>Register</Trans>
          </button>
        </div>
      </form>
    </>
  );
}
