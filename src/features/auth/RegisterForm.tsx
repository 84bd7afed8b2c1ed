import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useRef, useState } from 'react';
import type { Country, RegisterField, RegisterFieldRule } from '../../../contract/auth.ts';
import type { FirebaseOptions } from '../../../contract/system.ts';
import { connectRegistration } from '../../../machines/registration.connect.ts';
import {
  type RegisterMode,
  type RegisterValues,
  registrationMachine,
} from '../../../machines/registration.machine.ts';
import { smsCountdownMachine } from '../../../machines/smsCountdown.machine.ts';
import { storeToken } from '../../api/session.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { Modal } from '../../ui/Modal.tsx';
import {
  checkAffiliate,
  firebaseSmsSender,
  loadMemberInfo,
  registerAccount,
  sendSmsCode,
  verifyFirebaseSms,
} from './actors.ts';
import { CaptchaField, liveCaptcha } from './CaptchaField.tsx';
import { CountrySelect } from './CountrySelect.tsx';
import { Field, FormError } from './Field.tsx';
import { ModeTabs } from './ModeTabs.tsx';
import { SmsCodeField } from './SmsCodeField.tsx';

/** Input attributes per field (labels come from `useLabels`). */
const INPUT: Partial<Record<RegisterField, InputHTMLAttributes<HTMLInputElement>>> = {
  username: { autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
  paymentPassword: { type: 'password', inputMode: 'numeric', autoComplete: 'off' },
  email: { type: 'email', autoComplete: 'email' },
  payeeName: { autoComplete: 'name' },
  mobileNum: { type: 'tel', autoComplete: 'tel-national' },
  address: { autoComplete: 'street-address' },
  nationality: { autoComplete: 'country-name' },
  occupation: { autoComplete: 'organization-title' },
  // A date picker gives yyyy-MM-dd (spec §5 pattern 11), the format the rule and the server take.
  birthday: { type: 'date', autoComplete: 'bday' },
};

function useLabels(): Record<RegisterField, ReactNode> {
  return {
    username: <Trans>Username</Trans>,
    password: <Trans>Password</Trans>,
    confirmPassword: <Trans>Confirm password</Trans>,
    payeeName: <Trans>Real name</Trans>,
    email: <Trans>Email</Trans>,
    qqNum: <Trans>QQ</Trans>,
    mobileNum: <Trans>Mobile number</Trans>,
    verificationCode: <Trans>Verification code</Trans>,
    affiliateCode: <Trans>Invitation code</Trans>,
    paymentPassword: <Trans>Payment password</Trans>,
    line: <Trans>LINE</Trans>,
    whatsapp: <Trans>WhatsApp</Trans>,
    zalo: <Trans>Zalo</Trans>,
    facebook: <Trans>Facebook</Trans>,
    wechat: <Trans>WeChat</Trans>,
    idNumber: <Trans>ID number</Trans>,
    captcha: <Trans>Captcha</Trans>,
    address: <Trans>Address</Trans>,
    nationality: <Trans>Nationality</Trans>,
    occupation: <Trans>Occupation</Trans>,
    sourceOfIncome: <Trans>Source of income</Trans>,
    placeOfBirth: <Trans>Place of birth</Trans>,
    birthday: <Trans>Birthday</Trans>,
  };
}

/** The visitor's date, yyyy-MM-dd: the birthday's age is counted to it (the server counts to the merchant's). */
const localToday = (at = new Date()) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

export interface RegisterFormProps {
  rules: RegisterFieldRule[];
  countries: Country[];
  ageLimit: number;
  smsVerification: boolean;
  usernameMode: boolean;
  mobileMode: boolean;
  affiliateFromUrl?: string;
  /** The merchant's Firebase options: SMS codes then come from Firebase. */
  firebase: FirebaseOptions | null;
  onDone: (result: { account: string; mode: RegisterMode }) => void;
}

/** Registration by username or mobile (spec §2, §4, §5): the machine checks, the form never loses what was typed. */
export function RegisterForm(props: RegisterFormProps) {
  const { t } = useLingui();
  const labels = useLabels();
  const missing: Partial<Record<RegisterField, string>> = {
    address: t`Please enter your address`,
    nationality: t`Please enter your nationality`,
  };
  const recaptcha = useRef<HTMLDivElement>(null);
  // The machine and its children with the real calls; Firebase sends the codes when the merchant has it.
  const [live] = useState(() => {
    const firebaseSender = props.firebase
      ? firebaseSmsSender(props.firebase, () => recaptcha.current)
      : undefined;
    return registrationMachine.provide({
      actors: {
        checkAffiliate,
        register: registerAccount,
        loadMemberInfo,
        verifyFirebaseSms,
        captcha: liveCaptcha,
        smsCountdown: smsCountdownMachine.provide({
          actors: { sendCode: firebaseSender ?? sendSmsCode('register'), captcha: liveCaptcha },
        }),
      },
      actions: {
        storeToken: (_, { token }) => storeToken(token),
        finished: (_, result) => props.onDone(result),
      },
    });
  });
  const actor = useActorRef(live, {
    inspect: liveInspect,
    input: {
      rules: props.rules,
      affiliateFromUrl: props.affiliateFromUrl,
      firebase: props.firebase !== null,
      smsVerification: props.smsVerification,
      mode: props.usernameMode ? 'username' : 'mobile',
      ageLimit: props.ageLimit,
      today: localToday(),
    },
  });
  const view = connectRegistration(
    useSelector(actor, (s) => s),
    actor.send,
  );
  const { mode, shownFields: shown, fieldErrors: problems, error, invalidInvitation } = view;
  const [values, setValues] = useState<RegisterValues>({
    countryDialingCode: props.countries[0]?.countryDialingCode,
  });
  const set = (patch: RegisterValues) => setValues((v) => ({ ...v, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    view.submit(values);
  };
  const mobile = (values.mobileNum ?? '').trim();

  const field = (f: RegisterField) => {
    if (f === 'captcha')
      return (
        view.captcha && (
          <CaptchaField
            key={f}
            actor={view.captcha}
            value={values.captcha ?? ''}
            onChange={(answer, captchaId) => set({ captcha: answer, captchaId })}
            problem={problems.captcha}
          />
        )
      );
    if (f === 'verificationCode')
      return (
        <SmsCodeField
          key={f}
          purpose="register"
          request={{
            countryDialingCode: values.countryDialingCode ?? '',
            mobileNo: mobile,
            captchaId: values.captchaId,
            captcha: values.captcha?.trim(),
          }}
          mobileValid={/^\d{6,15}$/.test(mobile)}
          value={values.verificationCode ?? ''}
          onChange={(verificationCode) => set({ verificationCode })}
          problem={problems.verificationCode}
          actor={view.smsCountdown}
          onRequest={view.requestCode}
        />
      );
    return (
      <Field
        key={f}
        label={labels[f]}
        {...INPUT[f]}
        {...(f === 'birthday' ? { max: localToday() } : {})}
        value={values[f] ?? ''}
        onChange={(e) => set({ [f]: e.target.value })}
        problem={problems[f]}
        missing={missing[f]}
        prefix={
          f === 'mobileNum' ? (
            <CountrySelect
              countries={props.countries}
              value={values.countryDialingCode ?? ''}
              onChange={(countryDialingCode) => set({ countryDialingCode })}
            />
          ) : undefined
        }
      />
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={t`Register`}>
      {props.usernameMode && props.mobileMode && (
        <ModeTabs
          modes={[
            { id: 'username', label: t`By username` },
            { id: 'mobile', label: t`By mobile` },
          ]}
          active={mode}
          onSelect={(m: RegisterMode) => view.switchMode(m)}
        />
      )}
      {shown.map(field)}
      <div ref={recaptcha} />
      <p className="text-xs text-muted">
        <Plural
          value={props.ageLimit}
          one="You must be # year or older to register."
          other="You must be # years or older to register."
        />
      </p>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={view.termsAccepted}
          onChange={view.toggleTerms}
        />
        <span>
          <Trans>
            I am of age and accept the{' '}
            <Link to="/help" hash="term" className="underline">
              terms and conditions
            </Link>
            .
          </Trans>
        </span>
      </label>
      {!invalidInvitation && <FormError error={error} fieldErrors={problems} />}
      <button
        type="submit"
        disabled={!view.canSubmit || view.busy}
        className="h-11 rounded-full bg-brand font-semibold text-white disabled:opacity-50"
      >
        {view.busy ? <Trans>Registering…</Trans> : <Trans>Register</Trans>}
      </button>
      <p className="text-center text-sm">
        <Link to="/help" className="underline">
          <Trans>Need help?</Trans>
        </Link>
      </p>
      <Modal
        open={invalidInvitation}
        title={<Trans>Warning</Trans>}
        closeLabel={t`Close`}
        onClose={view.dismissError}
      >
        <p className="mb-4">
          <Trans>Invalid invitation code</Trans>
        </p>
        <button
          type="button"
          className="rounded-full bg-brand px-5 py-2 font-semibold text-white"
          onClick={view.dismissError}
        >
          <Trans>OK</Trans>
        </button>
      </Modal>
    </form>
  );
}
