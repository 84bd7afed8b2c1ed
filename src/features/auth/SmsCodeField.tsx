import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { FormProblem } from '../../../machines/form.ts';
import { type SmsCodeRequest, smsCountdownMachine } from '../../../machines/smsCountdown.machine.ts';
import {
  selectCodeButton,
  selectSmsError,
  selectTooManyRequests,
  selectTooSoon,
} from '../../../machines/smsCountdown.selectors.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { sendSmsCode } from './actors.ts';
import { CaptchaField, useCaptcha } from './CaptchaField.tsx';
import { Field } from './Field.tsx';
import { firebaseMessage } from './firebaseErrors.ts';

/** A captcha the form already shows, answered there: the code request carries it and uses it up. */
export interface FormCaptcha {
  captchaId?: string;
  captcha?: string;
  /** After a request: the captcha is spent, the form shows a new one. */
  spent: () => void;
}

/**
 * The verification-code input with its send button (spec §4 SMS code button). The server sends a code only with a
 * solved captcha: the form's (`formCaptcha`) or, when the form shows none, one of the field's own. Firebase's
 * sender brings its own reCAPTCHA.
 */
export function SmsCodeField({
  purpose,
  countFrom,
  request,
  mobileValid,
  value,
  onChange,
  problem,
  firebaseSender,
  formCaptcha,
}: {
  purpose: 'register' | 'login';
  countFrom?: 'expiredMinutes' | 'expirationTime';
  request: SmsCodeRequest;
  mobileValid: boolean;
  value: string;
  onChange: (code: string) => void;
  problem?: FormProblem;
  /** Firebase sends the code instead of our server (merchants with Firebase options). */
  firebaseSender?: ReturnType<typeof sendSmsCode>;
  formCaptcha?: FormCaptcha;
}) {
  const { t, i18n } = useLingui();
  const actor = useActorRef(
    smsCountdownMachine.provide({ actors: { sendCode: firebaseSender ?? sendSmsCode(purpose) } }),
    { input: { countFrom, firebase: firebaseSender !== undefined }, inspect: liveInspect },
  );
  const button = useSelector(actor, selectCodeButton);
  const error = useSelector(actor, selectSmsError);
  const tooMany = useSelector(actor, selectTooManyRequests);
  const tooSoon = useSelector(actor, selectTooSoon);
  const [answer, setAnswer] = useState({ captchaId: '', captcha: '' });
  const [spent, setSpent] = useState(0);
  const needsOwn = !firebaseSender && !formCaptcha;
  const solved = firebaseSender
    ? {}
    : (formCaptcha ?? { captchaId: answer.captchaId, captcha: answer.captcha.trim() });
  // A captcha answers one request, sent or refused: the next request needs a new one.
  useEffect(() => {
    if (!button.sending) return;
    return () => {
      if (formCaptcha) formCaptcha.spent();
      else setSpent((n) => n + 1);
    };
  }, [button.sending]);
  return (
    <div className="flex flex-col gap-2">
      {needsOwn && (
        <CodeCaptcha
          spent={spent}
          value={answer.captcha}
          onChange={(captcha, captchaId) => setAnswer({ captcha, captchaId })}
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
            disabled={button.disabled}
            onClick={() =>
              actor.send({
                type: 'code.request',
                mobileValid,
                request: { ...request, captchaId: solved.captchaId, captcha: solved.captcha },
              })
            }
            className="h-11 shrink-0 rounded-lg bg-brand px-3 text-sm font-semibold text-white disabled:opacity-60"
          >
            {button.secondsLeft !== null ? t`${button.secondsLeft} s` : t`Send code`}
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
      {error && (
        <div role="alertdialog" aria-label={t`SMS not sent`} className="rounded-lg bg-danger/10 p-3 text-sm">
          <p className="text-danger">
            {tooMany || error.code.startsWith('auth/')
              ? firebaseMessage(i18n, error.code)
              : (error.message ?? t`Unknown error`)}
          </p>
          <button
            type="button"
            className="mt-2 font-semibold underline"
            onClick={() => actor.send({ type: 'error.dismiss' })}
          >
            <Trans>OK</Trans>
          </button>
        </div>
      )}
    </div>
  );
}

/** The field's own captcha (the form shows none): a new one after each request (`spent` counts them). */
function CodeCaptcha({
  spent,
  value,
  onChange,
}: {
  spent: number;
  value: string;
  onChange: (answer: string, captchaId: string) => void;
}) {
  const captcha = useCaptcha();
  useEffect(() => {
    if (spent > 0) captcha.send({ type: 'captcha.refresh' });
  }, [spent]);
  return (
    <CaptchaField
      actor={captcha}
      label={<Trans>Captcha for the code</Trans>}
      value={value}
      onChange={onChange}
    />
  );
}
