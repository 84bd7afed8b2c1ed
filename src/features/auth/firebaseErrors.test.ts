import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { firebaseMessage } from './firebaseErrors.ts';

describe('Firebase error messages (spec §8)', () => {
  it.each([
    ['auth/invalid-phone-number', 'Invalid phone number format'],
    ['auth/missing-phone-number', 'Please enter a valid phone number'],
    ['auth/too-many-requests', 'Too many requests, try again after 5 minutes'],
    ['auth/invalid-verification-code', 'Verification code not valid'],
    ['auth/missing-verification-code', 'Please enter the verification code'],
    ['auth/captcha-check-failed', 'reCAPTCHA check failed, please try again'],
    ['auth/quota-exceeded', 'Quota not sufficient, please contact customer service'],
    ['auth/operation-not-allowed', 'Function not enabled'],
    ['auth/code-expired', 'Code expired, please send again'],
    ['auth/popup-closed-by-user', 'Popup closed, login failed'],
  ])('%s → %s', (code, text) => {
    expect(firebaseMessage(i18n, code)).toBe(text);
  });

  it('words anything else as an unknown error', () => {
    expect(firebaseMessage(i18n, 'auth/internal-error')).toBe('Unknown error, please try again');
    expect(firebaseMessage(i18n, undefined)).toBe('Unknown error, please try again');
  });
});
