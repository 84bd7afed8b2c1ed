import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectCaptcha } from '../../../machines/captcha.connect.ts';
import { captchaMachine } from '../../../machines/captcha.machine.ts';
import type { FormProblem } from '../../../machines/form.ts';
import { loadCaptcha } from './actors.ts';
import { Field } from './Field.tsx';

/** The captcha with the real call, for the machines that invoke it (forms, the SMS code countdown). */
export const liveCaptcha = captchaMachine.provide({ actors: { loadCaptcha } });
export type CaptchaActor = ActorRefFrom<typeof captchaMachine>;

/** The captcha answer and its image; a click on the image asks for a new one (at most once a second). */
export function CaptchaField({
  actor,
  value,
  onChange,
  problem,
  label,
}: {
  actor: CaptchaActor;
  value: string;
  onChange: (answer: string, captchaId: string) => void;
  problem?: FormProblem;
  /** The field's label when the form has a captcha for something else too (default: Captcha). */
  label?: ReactNode;
}) {
  const { t } = useLingui();
  const { image, status, captchaId, refresh } = connectCaptcha(
    useSelector(actor, (s) => s),
    actor.send,
  );
  // A new image means a new id: the typed answer belongs to the old one.
  useEffect(() => onChange('', captchaId), [captchaId]);
  return (
    <Field
      label={label ?? <Trans>Captcha</Trans>}
      value={value}
      onChange={(e) => onChange(e.target.value, captchaId)}
      autoComplete="off"
      maxLength={16}
      problem={problem}
      addon={
        <button
          type="button"
          onClick={refresh}
          aria-label={t`New captcha image`}
          // The id of the image shown, so tools and tests can tell which captcha the answer belongs to.
          data-captcha-id={captchaId}
          // At least a field's height: "Tap to retry" takes three lines in Indonesian, Bengali and Tamil.
          className="min-h-11 w-28 shrink-0 overflow-hidden rounded-lg border border-line bg-white"
        >
          {image ? (
            <img src={image} alt="" className="h-11 w-full object-cover" />
          ) : (
            <span className="block px-1 text-xs leading-tight text-[#17142a]">
              {status === 'failed' ? t`Tap to retry` : t`Loading`}
            </span>
          )}
        </button>
      }
    />
  );
}
