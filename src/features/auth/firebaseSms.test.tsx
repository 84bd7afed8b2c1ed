import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { firebaseSmsSender } from './actors.ts';
import { SmsCodeField } from './SmsCodeField.tsx';

const sendFirebaseSms = vi.fn();
vi.mock('./firebaseClient.ts', () => ({ sendFirebaseSms: (...args: unknown[]) => sendFirebaseSms(...args) }));

const options = { apiKey: 'k', authDomain: 'demo.firebaseapp.com', projectId: 'demo', appId: 'a' };

function renderField() {
  return render(
    <I18nProvider i18n={i18n}>
      <SmsCodeField
        purpose="register"
        request={{ countryDialingCode: '+84', mobileNo: '0901234567' }}
        mobileValid
        value=""
        onChange={() => {}}
        firebaseSender={firebaseSmsSender(options, () => null)}
      />
    </I18nProvider>,
  );
}

describe('Firebase SMS code button', () => {
  it('sends through Firebase to the E.164 number and counts 60 s', async () => {
    sendFirebaseSms.mockResolvedValueOnce(undefined);
    renderField();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: '60 s' })).toBeDisabled();
    expect(sendFirebaseSms).toHaveBeenCalledWith(options, '+84901234567', document.body);
  });

  it('words Firebase failures with the spec messages', async () => {
    sendFirebaseSms.mockRejectedValueOnce(
      Object.assign(new Error('bad'), { code: 'auth/invalid-phone-number' }),
    );
    renderField();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alertdialog', { name: 'SMS not sent' })).toHaveTextContent(
      'Invalid phone number format',
    );
  });
});
