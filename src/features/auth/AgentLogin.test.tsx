import { useRouterState } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordRule } from '../../../machines/login.events.ts';
import { ApiError } from '../../api/client.ts';
import { agent } from '../../test/agentHarness.tsx';
import { server } from '../../test/authHarness.tsx';
import { show } from '../../test/memberHarness.tsx';
import { AccountArea } from './AccountArea.tsx';
import { AuthModalsHost } from './AuthModalsHost.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const LOGIN = '/wps/session/login';

function Location() {
  return <p data-testid="location">{useRouterState({ select: (s) => s.location.pathname })}</p>;
}

/** The header of a visitor with the login modal host, on a merchant with SMS login and the agent centre (or not). */
function showHeader(agentCentre = true) {
  show(
    <>
      <AccountArea />
      <AuthModalsHost />
      <Location />
    </>,
    'visitor',
    {},
    [
      [
        ['whitelabel'],
        { features: { AGENT_CENTRE: agentCentre, MOBILEVERCODELOGIN3: true }, firebase: null },
      ],
      [
        ['registerSettings'],
        {
          fields: [passwordRule],
          ageLimit: 18,
          countries: [{ countryCode: 'VN', countryDialingCode: '+84' }],
        },
      ],
    ],
  );
}

/** Types the account into the open login form and sends it; the login call is then pending. */
async function logIn(form: ReturnType<typeof within>, username: string, password: string) {
  await userEvent.clear(form.getByLabelText('Username'));
  await userEvent.type(form.getByLabelText('Username'), username);
  await userEvent.clear(form.getByLabelText('Password'));
  await userEvent.type(form.getByLabelText('Password'), password);
  await userEvent.click(form.getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(server.pending(LOGIN)).toHaveLength(1));
}

afterEach(() => {
  server.reset();
  sessionStorage.clear();
});

describe('agent login (spec §2 "Also offered: … Agent")', () => {
  it('opens from the header for visitors, by username only, and goes to the agent centre', async () => {
    showHeader();
    await userEvent.click(await screen.findByRole('button', { name: 'Agent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Agent login' }));
    // The forms load when a modal first opens (a first import in the test runner can take seconds on a busy CI).
    const form = within(await dialog.findByRole('form', { name: 'Agent login' }, { timeout: 10_000 }));
    expect(dialog.queryByRole('tab')).toBeNull();
    await logIn(form, 'player01', 'Player123');
    expect(server.next(LOGIN).input.body).toEqual({
      type: 'username',
      username: 'player01',
      password: 'Player123',
      agent: true,
    });
    await server.fail(LOGIN, new ApiError('FORBIDDEN', 'Non-agents cannot log in', {}, 403));
    expect(await form.findByRole('alert')).toHaveTextContent('Non-agents cannot log in');

    await logIn(form, 'agent01', 'Agent1234');
    expect(server.next(LOGIN).input.body).toMatchObject({ username: 'agent01', agent: true });
    await server.reply(LOGIN, { token: 't-agent', firstTimeLogin: false, mustChangePassword: null });
    await waitFor(() => expect(server.pending('/wps/member/info')).toHaveLength(1));
    await server.reply('/wps/member/info', agent);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/agent'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the member login keeps its tabs and sends no agent flag', async () => {
    showHeader();
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    const form = within(await screen.findByRole('form', { name: 'Login' }, { timeout: 10_000 }));
    expect(screen.getByRole('tab', { name: 'SMS code' })).toBeInTheDocument();
    await logIn(form, 'player01', 'Player123');
    expect(server.next(LOGIN).input.body).toEqual({
      type: 'username',
      username: 'player01',
      password: 'Player123',
    });
  });

  it('is not offered where the merchant has no agent centre', async () => {
    showHeader(false);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agent' })).toBeNull();
  });
});
