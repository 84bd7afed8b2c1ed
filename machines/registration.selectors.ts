import type { SnapshotFrom } from 'xstate';
import type { RegisterField } from '../contract/auth.ts';
import { fieldApplies, INVALID_INVITATION, type registrationMachine } from './registration.machine.ts';

type Snapshot = SnapshotFrom<typeof registrationMachine>;

export const selectRegisterMode = (s: Snapshot) => s.context.mode;
/** The terms checkbox: ticked once accepted (it stays so while the form is sent). */
export const selectTermsAccepted = (s: Snapshot) => !s.matches({ editing: 'termsPending' });
/** The Register button (spec §2: disabled until the terms are accepted, and while a call runs). */
export const selectCanSubmit = (s: Snapshot) => s.can({ type: 'user.submit', values: {} });
export const selectRegistrationBusy = (s: Snapshot) => !s.matches('editing') && s.status === 'active';

/** The merchant-enabled fields the form of the current mode shows, in the merchant's order. */
export const selectShownFields = (s: Snapshot): RegisterField[] => {
  const fields = s.context.rules.map((r) => r.field);
  const always: RegisterField[] = s.context.mode === 'mobile' ? ['mobileNum', 'verificationCode'] : [];
  return [...new Set([...fields, ...always])].filter((f) => fieldApplies(s.context, f));
};

/** Spec §8: an invalid invitation code shows a warning popup with OK (`error.dismiss`). */
export const selectInvalidInvitation = (s: Snapshot) => s.context.error?.code === INVALID_INVITATION;
export const selectRegisterValues = (s: Snapshot) => s.context.values;
export const selectRegisterFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectRegisterError = (s: Snapshot) => s.context.error;
