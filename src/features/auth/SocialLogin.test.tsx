import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { WhitelabelInfo } from '../../../contract/system.ts';
import type { FlowError } from '../../../machines/form.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { socialLogIn } from './actors.ts';
import { SocialLogin } from './SocialLogin.tsx';

const signInWithProvider = vi.fn();
vi.mock('./firebaseClient.ts', () => ({
  signInWithProvider: (...args: unknown[]) => signInWithProvider(...args),
}));
const login = vi.fn();
vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (...args: unknown[]) => login(...args),
}));

const onSignIn = vi.fn();

function renderWith(firebase: WhitelabelInfo['firebase'], error: FlowError | null = null, busy = false) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(whitelabelQuery().queryKey, { firebase } as WhitelabelInfo);
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SocialLogin onSignIn={onSignIn} busy={busy} error={error} />
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

  it('asks the login machine to sign in with the provider, and is busy while it does', async () => {
    const { unmount } = renderWith(options);
    await userEvent.click(screen.getByRole('button', { name: 'Log in with Facebook' }));
    expect(onSignIn).toHaveBeenCalledWith('facebook');
    unmount();
    renderWith(options, null, true);
    expect(screen.getByRole('button', { name: 'Log in with Google' })).toBeDisabled();
  });

  it('shows the spec message of a Firebase failure', () => {
    renderWith(options, { code: 'auth/popup-closed-by-user', message: 'x' });
    expect(screen.getByRole('alert')).toHaveTextContent('Popup closed, login failed');
  });

  it('signs in with Firebase, then logs in with its ID token (actor socialLogIn)', async () => {
    signInWithProvider.mockResolvedValueOnce('id-token-1');
    login.mockResolvedValueOnce({ value: { token: 't-1', firstTimeLogin: false, mustChangePassword: null } });
    const actor = createActor(
      socialLogIn(() => options),
      { input: { provider: 'google' } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(signInWithProvider).toHaveBeenCalledWith(options, 'google');
    expect(login.mock.calls[0]![1]).toEqual({ body: { type: 'firebase', idToken: 'id-token-1' } });
    expect(actor.getSnapshot().output).toEqual({
      token: 't-1',
      firstTimeLogin: false,
      mustChangePassword: null,
    });
  });
});
