import { Trans } from '@lingui/react/macro';
import type { Country } from '../../../contract/auth.ts';
import type { FormProblem } from '../../../machines/form.ts';
import type { SmsCodeRequest } from '../../../machines/smsCountdown.machine.ts';
import { CountrySelect } from './CountrySelect.tsx';
import { Field } from './Field.tsx';
import { SmsCodeField, type SmsCountdownActor } from './SmsCodeField.tsx';

export interface MobileCode {
  countryDialingCode: string;
  mobile: string;
  code: string;
}

/** A mobile number with its dial code and the SMS code sent to it (SMS login, reset by phone). */
export function MobileCodeFields({
  countries,
  value,
  onChange,
  mobileProblem,
  codeProblem,
  countFrom,
  sms,
  onCodeRequest,
}: {
  countries: Country[];
  value: MobileCode;
  onChange: (patch: Partial<MobileCode>) => void;
  mobileProblem?: FormProblem;
  codeProblem?: FormProblem;
  countFrom?: 'expiredMinutes' | 'expirationTime';
  /** The code button's countdown when the form's machine runs it (login), and where its requests go. */
  sms?: SmsCountdownActor;
  onCodeRequest?: (mobileValid: boolean, request: SmsCodeRequest) => void;
}) {
  const mobile = value.mobile.trim();
  return (
    <>
      <Field
        label={<Trans>Mobile number</Trans>}
        type="tel"
        autoComplete="tel-national"
        value={value.mobile}
        onChange={(e) => onChange({ mobile: e.target.value })}
        problem={mobileProblem}
        prefix={
          <CountrySelect
            countries={countries}
            value={value.countryDialingCode}
            onChange={(countryDialingCode) => onChange({ countryDialingCode })}
          />
        }
      />
      <SmsCodeField
        purpose="login"
        countFrom={countFrom}
        request={{ countryDialingCode: value.countryDialingCode, mobileNo: mobile }}
        mobileValid={/^\d{6,15}$/.test(mobile)}
        value={value.code}
        onChange={(code) => onChange({ code })}
        problem={codeProblem}
        actor={sms}
        onRequest={onCodeRequest}
      />
    </>
  );
}
