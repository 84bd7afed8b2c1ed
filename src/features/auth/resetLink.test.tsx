import { useRouterState } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { passwordRule } from '../../../machines/login.events.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import { AuthModalsProvider } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { mount, server } from '../../test/authHarness.tsx';
import { AuthModalsHost } from './AuthModalsHost.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const RESET = '/wps/member/password/reset';

function Search() {
  return <p data-testid="search">{useRouterState({ select: (s) => s.location.searchStr })}</p>;
}

/** A visitor's page opened from the e-mailed reset link. */
function openLink(url: string) {
  mount(
    // A visitor: no stored token, so the session calls nothing.
    <SessionContext.Provider logic={sessionMachine} options={{ input: { storedToken: null } }}>
      <AuthModalsProvider>
        <AuthModalsHost />
        <Search />
      </AuthModalsProvider>
    </SessionContext.Provider>,
    {
      router: true,
      url,
      queryData: [
        [['whitelabel'], { features: { CHNGPASSMAIL3: true, CHNGPASSVERIF3: true }, firebase: null }],
        [
          ['registerSettings'],
          {
            fields: [passwordRule],
            ageLimit: 18,
            countries: [{ countryCode: 'VN', countryDialingCode: '+84' }],
          },
        ],
      ],
    },
  );
}

describe('the e-mailed reset link', () => {
  it('opens Forgot password at the code step, takes the code out of the address, and leads to the login', async () => {
    server.reset();
    openLink('/?resetCode=K7QH3MZP&username=alice&lang=vi');
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    const form = within(dialog);
    // The form's code loads when the modal opens (slow on a busy machine).
    expect(await form.findByLabelText('Code from the e-mail', {}, { timeout: 15_000 })).toHaveValue(
      'K7QH3MZP',
    );
    expect(form.getByLabelText('Username')).toHaveValue('alice');
    expect(form.queryByRole('tab')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?lang=vi'));

    await userEvent.type(form.getByLabelText('New password'), 'better123');
    await userEvent.click(form.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(server.pending(RESET)).toHaveLength(1));
    expect(server.next(RESET).input).toEqual({
      body: { username: 'alice', code: 'K7QH3MZP', newPassword: 'better123' },
    });
    await server.reply(RESET, null);
    const changed = await screen.findByRole('region', { name: 'Password changed' });
    await userEvent.click(within(changed).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });

  it('leaves a page without a code alone', async () => {
    server.reset();
    openLink('/?lang=vi');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?lang=vi'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
