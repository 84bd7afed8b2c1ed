import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WhitelabelInfo } from '../../../contract/system.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { SocialLogin } from './SocialLogin.tsx';

const signInWithProvider = vi.fn();
vi.mock('./firebaseClient.ts', () => ({
  signInWithProvider: (...args: unknown[]) => signInWithProvider(...args),
}));

function renderWith(firebase: WhitelabelInfo['firebase']) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(whitelabelQuery().queryKey, { firebase } as WhitelabelInfo);
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SocialLogin onLoggedIn={() => {}} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const options = { apiKey: 'k', authDomain: 'demo.firebaseapp.com', projectId: 'demo', appId: 'a' };

describe('social login', () => {
  it('is hidden when the merchant has no Firebase options', () => {
    const { container } = renderWith(null);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers Google, Facebook and Telegram when it has them', () => {
    renderWith(options);
    for (const name of ['Google', 'Facebook', 'Telegram'])
      expect(screen.getByRole('button', { name: `Log in with ${name}` })).toBeEnabled();
  });

  it('shows the spec message of a Firebase failure, without any network', async () => {
    signInWithProvider.mockRejectedValueOnce(
      Object.assign(new Error('x'), { code: 'auth/popup-closed-by-user' }),
    );
    renderWith(options);
    await userEvent.click(screen.getByRole('button', { name: 'Log in with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Popup closed, login failed');
    expect(signInWithProvider).toHaveBeenCalledWith(options, 'google');
  });
});
