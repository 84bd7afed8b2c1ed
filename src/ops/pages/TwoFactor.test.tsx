import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { answer, MERCHANTS, mountOps, operator, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const URI = 'otpauth://totp/Portico:finance1?secret=JBSWY3DPEHPK3PXP&issuer=Portico';

async function submitLogin() {
  await userEvent.type(await screen.findByLabelText('Operator name'), 'finance1');
  await userEvent.type(screen.getByLabelText('Password'), 'Finance-pass-1');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Two-factor sign-in', () => {
  it('asks for the code when the server wants it, sends it, and shows a wrong one under the field', async () => {
    mountOps('/ops');
    await submitLogin();
    await waitFor(() => expect(server.pending('/ops/login')).toHaveLength(1));
    await server.fail('/ops/login', new ApiError('TOTP_REQUIRED', 'Enter the code', {}, 401));
    const code = await screen.findByLabelText('Code from your authenticator app');
    // Asking is not a failure: nothing is shown as an error.
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(server.pending('/ops/login')).toHaveLength(1));
    expect(server.next('/ops/login').input.body).toEqual({
      username: 'finance1',
      password: 'Finance-pass-1',
      code: '000000',
    });
    const wrong = 'Wrong or already used code';
    await server.fail('/ops/login', new ApiError('TOTP_REQUIRED', wrong, { code: wrong }, 401));
    await waitFor(() => expect(code).toHaveAccessibleDescription(wrong));

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await answer('/ops/login', {
      token: 'ops-token-2',
      operator: operator('FINANCE', { username: 'finance1', totp: true }),
      expiresAt: '2030-01-01T08:00:00.000Z',
      totpRequired: false,
    });
    await answer('/ops/merchants', { list: MERCHANTS });
    expect(await screen.findByRole('navigation', { name: 'Back office pages' })).toBeInTheDocument();
  });

  it('holds an operator who must enrol to the enrolment: QR code, first code, then the back office', async () => {
    mountOps('/ops', 'tok');
    await answer('/ops/me', { operator: operator('ADMIN'), totpRequired: true });
    expect(await screen.findByRole('heading', { name: 'Set up two-factor login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back office pages' })).toBeNull();
    expect(server.sent('/ops/merchants')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor login' }));
    await answer('/ops/totp/enrol', { secret: 'JBSWY3DPEHPK3PXP', uri: URI });
    expect(await screen.findByRole('img', { name: 'Two-factor setup code' })).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code from the app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(server.pending('/ops/totp/confirm')).toHaveLength(1));
    expect(server.next('/ops/totp/confirm').input.body).toEqual({ code: '654321' });
    await answer('/ops/totp/confirm', { operator: operator('ADMIN', { totp: true }) });
    await answer('/ops/merchants', { list: MERCHANTS });
    expect(await screen.findByRole('navigation', { name: 'Back office pages' })).toBeInTheDocument();
  });
});

describe('Operators page', () => {
  it('shows each account’s merchants and two-factor, and an ADMIN resets it', async () => {
    await signedIn('ADMIN', '/ops?page=operators');
    await answer('/ops/operators', {
      list: [
        operator('ADMIN', { id: 1, username: 'admin' }),
        operator('SUPPORT', { id: 7, username: 'lotus_desk', merchants: ['LOTUS'], totp: true }),
      ],
    });
    expect(await screen.findByText('All merchants')).toBeInTheDocument();
    expect(screen.getByText('LOTUS')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset two-factor of lotus_desk' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(server.pending('/ops/operators/:id/totp')).toHaveLength(1));
    expect(server.next('/ops/operators/:id/totp').input.params).toEqual({ id: 7 });
  });

  it('grants a new operator the merchants ticked', async () => {
    await signedIn('ADMIN', '/ops?page=operators');
    await answer('/ops/operators', { list: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add operator' }));
    await userEvent.type(screen.getByLabelText('Operator name'), 'lotus_desk');
    await userEvent.type(screen.getByLabelText('Password'), 'Lotus-desk-1');
    await userEvent.click(screen.getByRole('checkbox', { name: /LOTUS/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.pending('/ops/operators')).toHaveLength(1));
    expect(server.next('/ops/operators').input.body).toMatchObject({
      username: 'lotus_desk',
      merchants: ['LOTUS'],
    });
  });
});
