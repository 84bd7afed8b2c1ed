import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { RegisterField } from '../contract/auth.ts';
import {
  fieldApplies,
  INVALID_INVITATION,
  type RegisterMode,
  type RegisterValues,
  type registrationMachine,
} from './registration.machine.ts';
import type { SmsCodeRequest } from './smsCountdown.machine.ts';

type Snapshot = SnapshotFrom<typeof registrationMachine>;
type Send = (event: EventFromLogic<typeof registrationMachine>) => void;

/**
 * The registration form's props and commands (RegisterForm):
 *   - `shownFields`: the merchant-enabled fields of the current type, in the merchant's order;
 *   - `termsAccepted`: the checkbox stays ticked while the form is sent; `canSubmit`: the Register button (spec §2:
 *     disabled until the terms are accepted, and while a call runs); `busy`: a call runs;
 *   - `invalidInvitation`: spec §8's warning popup with OK (`dismissError`), instead of the form's alert;
 *   - `captcha`, `smsCountdown`: the machine's children, for the captcha field and the code button.
 */
export function connectRegistration(s: Snapshot, send: Send) {
  const { context } = s;
  const fields = context.rules.map((r) => r.field);
  const always: RegisterField[] = context.mode === 'mobile' ? ['mobileNum', 'verificationCode'] : [];
  return {
    mode: context.mode,
    values: context.values,
    fieldErrors: context.fieldErrors,
    error: context.error,
    shownFields: [...new Set([...fields, ...always])].filter((f) => fieldApplies(context, f)),
    termsAccepted: !s.matches({ editing: 'termsPending' }),
    canSubmit: s.can({ type: 'user.submit', values: {} }),
    busy: !s.matches('editing') && s.status === 'active',
    invalidInvitation: context.error?.code === INVALID_INVITATION,
    captcha: s.children.captcha,
    smsCountdown: s.children.smsCountdown,
    switchMode: (mode: RegisterMode) => send({ type: 'mode.switch', mode }),
    toggleTerms: () => send({ type: 'terms.toggle' }),
    submit: (values: RegisterValues) => send({ type: 'user.submit', values }),
    dismissError: () => send({ type: 'error.dismiss' }),
    requestCode: (mobileValid: boolean, request: SmsCodeRequest) =>
      send({ type: 'code.request', mobileValid, request }),
  };
}
