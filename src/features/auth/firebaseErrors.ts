import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Spec §8 Firebase/phone messages by Firebase Auth error code; anything else is "unknown error". */
const FIREBASE_MESSAGES: Record<string, MessageDescriptor> = {
  'auth/invalid-phone-number': msg`Invalid phone number format`,
  'auth/missing-phone-number': msg`Please enter a valid phone number`,
  'auth/too-many-requests': msg`Too many requests, try again after 5 minutes`,
  'auth/invalid-verification-code': msg`Verification code not valid`,
  'auth/missing-verification-code': msg`Please enter the verification code`,
  'auth/captcha-check-failed': msg`reCAPTCHA check failed, please try again`,
  'auth/quota-exceeded': msg`Quota not sufficient, please contact customer service`,
  'auth/operation-not-allowed': msg`Function not enabled`,
  'auth/code-expired': msg`Code expired, please send again`,
  'auth/popup-closed-by-user': msg`Popup closed, login failed`,
  'auth/popup-blocked': msg`Popup blocked, please allow popups and try again`,
};
const UNKNOWN = msg`Unknown error, please try again`;

export function firebaseMessage(i18n: I18n, code: string | undefined): string {
  return i18n._(FIREBASE_MESSAGES[code ?? ''] ?? UNKNOWN);
}
