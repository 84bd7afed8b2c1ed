import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { FormProblem } from '../../../machines/form.ts';
import { connectSmsCountdown } from '../../../machines/smsCountdown.connect.ts';
import { type SmsCodeRequest, smsCountdownMachine } from '../../../machines/smsCountdown.machine.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { sendSmsCode } from './actors.ts';
import { CaptchaField, liveCaptcha } from './CaptchaField.tsx';
import { Field } from './Field.tsx';
import { firebaseMessage } from './firebaseErrors.ts';

export type SmsCountdownActor = ActorRefFrom<typeof smsCountdownMachine>;

type SmsCodeFieldProps = {
  purpose: 'register' | 'login';
  countFrom?: 'expiredMinutes' | 'expirationTime';
  /** The number and, when the form shows a captcha, its answer (the form's machine renews it). */
  request: SmsCodeRequest;
  mobileValid: boolean;
  value: string;
  onChange: (code: string) => void;
  problem?: FormProblem;
  /** Firebase sends the code instead of our server (merchants with Firebase options). */
  firebaseSender?: ReturnType<typeof sendSmsCode>;
  /**
   * The countdown as a child of the form's machine (registration, login), which sends the code requests it gets
   * on to it; without it the field runs a countdown of its own (forgot password), with a captcha of its own.
   */
  actor?: SmsCountdownActor;
  /** Where a code request goes: the form's machine (default: the countdown itself). */
  onRequest?: (mobileValid: boolean, request: SmsCodeRequest) => void;
};

/**
 * The verification-code input with its send button (spec §4 SMS code button). The server sends a code only with a
 * solved captcha: the form's or, when the form shows none, the countdown's own (its child actor, shown here).
 * Firebase's sender brings its own reCAPTCHA.
 */
export function SmsCodeField(props: SmsCodeFieldProps) {
  return props.actor ? <SmsCodeFieldOf {...props} actor={props.actor} /> : <OwnSmsCodeField {...props} />;
}

function OwnSmsCodeField(props: SmsCodeFieldProps) {
  const actor = useActorRef(
    smsCountdownMachine.provide({
      actors: { sendCode: props.firebaseSender ?? sendSmsCode(props.purpose), captcha: liveCaptcha },
    }),
    {
      input: { countFrom: props.countFrom, firebase: props.firebaseSender !== undefined, ownCaptcha: true },
      inspect: liveInspect,
    },
  );
  return <SmsCodeFieldOf {...props} actor={actor} />;
}

function SmsCodeFieldOf({
  request,
  mobileValid,
  value,
  onChange,
  problem,
  actor,
  onRequest,
}: SmsCodeFieldProps & { actor: SmsCountdownActor }) {
  const { t, i18n } = useLingui();
  const view = connectSmsCountdown(
    useSelector(actor, (s) => s),
    actor.send,
  );
  const { tooSoon } = view;
  return (
    <div className="flex flex-col gap-2">
      {view.captcha && (
        <CaptchaField
          actor={view.captcha}
          label={<Trans>Captcha for the code</Trans>}
          value={view.captchaAnswer}
          onChange={view.answerCaptcha}
        />
      )}
      <Field
        label={<Trans>Verification code</Trans>}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        problem={problem}
        addon={
          <button
            type="button"
            disabled={view.disabled}
            onClick={() => (onRequest ?? view.request)(mobileValid, request)}
            className="h-11 shrink-0 rounded-lg bg-brand px-3 text-sm font-semibold text-white disabled:opacity-60"
          >
            {view.secondsLeft !== null ? t`${view.secondsLeft} s` : t`Send code`}
          </button>
        }
      />
      {tooSoon !== null && (
        <p role="status" className="text-xs text-muted">
          <Trans>
            A code was sent to this number a moment ago. You can ask for a new one in{' '}
            <Plural value={tooSoon} one="# second" other="# seconds" />.
          </Trans>
        </p>
      )}
      {!mobileValid && !value && (
        <p className="text-xs text-muted">
          <Trans>Enter a valid mobile number to receive a code.</Trans>
        </p>
      )}
      {view.error && (
        <div role="alertdialog" aria-label={t`SMS not sent`} className="rounded-lg bg-danger/10 p-3 text-sm">
          <p className="text-danger">
            {view.tooManyRequests || view.error.code.startsWith('auth/')
              ? firebaseMessage(i18n, view.error.code)
              : (view.error.message ?? t`Unknown error`)}
          </p>
          <button type="button" className="mt-2 font-semibold underline" onClick={view.dismissError}>
            <Trans>OK</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
