import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import {
  answer,
  MERCHANTS,
  mountOps,
  operator,
  refuse,
  reset,
  sentHeaders,
  server,
  signedIn,
} from '../test/opsHarness.tsx';
import { OPS_PAGES } from './pages.ts';

vi.mock('../api/client.ts', async (original) =>
  (await import('../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const nav = () => screen.getByRole('navigation', { name: 'Back office pages' });
const navNames = () =>
  within(nav())
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('Back office sign-in', () => {
  it('says what is missing under each field, and sends nothing', async () => {
    mountOps('/ops');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Operator name')).toHaveAccessibleDescription('Input must not be empty');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Input must not be empty');
    expect(server.sent('/ops/login')).toHaveLength(0);
  });

  it('shows a refused login under the field the server names and keeps what was typed', async () => {
    mountOps('/ops');
    await userEvent.type(await screen.findByLabelText('Operator name'), 'content1');
    await userEvent.type(screen.getByLabelText('Password'), 'Wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(server.pending('/ops/login')).toHaveLength(1));
    expect(server.next('/ops/login').input.body).toEqual({
      username: 'content1',
      password: 'Wrong-password',
    });
    const wrong = 'Wrong operator name or password';
    await server.fail('/ops/login', new ApiError('UNAUTHORIZED', wrong, { password: wrong }, 401));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription(wrong));
    expect(password).toHaveValue('Wrong-password');
    expect(screen.getByLabelText('Operator name')).toHaveValue('content1');
    // The words stand under the field only, not again above the button.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signs in with its own token and shows the menu of the role', async () => {
    mountOps('/ops');
    await userEvent.type(await screen.findByLabelText('Operator name'), 'content1');
    await userEvent.type(screen.getByLabelText('Password'), 'Content-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await answer('/ops/login', {
      token: 'ops-token-1',
      operator: operator('CONTENT', { username: 'content1' }),
      expiresAt: '2030-01-01T08:00:00.000Z',
      totpRequired: false,
    });
    expect(sessionStorage.getItem('opsToken')).toBe('ops-token-1');
    // The member's token key is left alone.
    expect(sessionStorage.getItem('token')).toBeNull();
    await answer('/ops/merchants', { list: MERCHANTS });
    const merchantsCall = server.requests.findIndex((r) => r.path === '/ops/merchants');
    expect(sentHeaders[merchantsCall]).toEqual({ authorization: 'Bearer ops-token-1' });
    // No second "who am I": the login said it.
    expect(server.sent('/ops/me')).toHaveLength(0);

    // Every role opens on the day's dashboard.
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(server.sent('/ops/dashboard')[0]!.input.query).toMatchObject({ merchant: 'PORTICO' });
    // The contract's opsRoles decide: CONTENT edits what members read, and no money.
    expect(navNames()).toEqual(
      expect.arrayContaining(['Members & agents', 'Announcements', 'Banners', 'Promotions']),
    );
    expect(navNames()).not.toContain('Deposits');
    expect(screen.getByText(/content1 · Content/)).toBeInTheDocument();
  });
});

describe('Back office menu by role', () => {
  it('hides from CONTENT what it may not do: no deposits, withdrawals, audit or operators', async () => {
    await signedIn('CONTENT', '/ops');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    const names = navNames();
    for (const hidden of ['Deposits', 'Withdrawals', 'Redemptions', 'Audit log', 'Operators', 'Rules'])
      expect(names).not.toContain(hidden);
    expect(names).toContain('Promotions');
  });

  it('shows SUPPORT the audit log and the payments but not the operators or contracts', async () => {
    await signedIn('SUPPORT', '/ops');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(navNames()).toEqual(expect.arrayContaining(['Audit log', 'Deposits', 'Withdrawals']));
    expect(navNames()).not.toContain('Operators');
    expect(navNames()).not.toContain('Contracts');
  });

  it('shows ADMIN every page', async () => {
    await signedIn('ADMIN', '/ops');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    // Every page of the menu, however many there are.
    expect(navNames()).toHaveLength(OPS_PAGES.length);
    expect(navNames()).toContain('Deposits');
    expect(navNames()).toContain('Game vendors');
    expect(navNames()).toContain('Pending changes');
    expect(navNames()).toContain('Operators');
  });

  it('refuses a page the role may not open, even by its address', async () => {
    await signedIn('CONTENT', '/ops?page=deposits');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This page does not exist or your role may not open it.',
    );
    expect(server.sent('/ops/payments')).toHaveLength(0);
  });

  it('says clearly when the server refuses the role (403)', async () => {
    await signedIn('SUPPORT', '/ops?page=members');
    await refuse('/ops/merchants/:code/members', new ApiError('FORBIDDEN', 'Forbidden', {}, 403));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role may not do this. Ask an administrator.',
    );
  });

  it('goes back to the sign-in when the server no longer knows the token', async () => {
    await signedIn('ADMIN', '/ops?page=members');
    await refuse('/ops/merchants/:code/members', new ApiError('UNAUTHORIZED', 'Please log in', {}, 401));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(sessionStorage.getItem('opsToken')).toBeNull();
  });

  it('signs out: the server is told and the token forgotten', async () => {
    await signedIn('FINANCE', '/ops');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(server.sent('/ops/logout')).toHaveLength(1);
    expect(sentHeaders.at(-1)).toEqual({ authorization: 'Bearer tok' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStorage.getItem('opsToken')).toBeNull();
  });

  it('picks the merchant the per-merchant pages work on, kept in the address', async () => {
    const router = await signedIn('ADMIN', '/ops?page=members');
    await answer('/ops/merchants/:code/members', { list: [], totalPages: 0 });
    expect(server.sent('/ops/merchants/:code/members')[0]!.input.params).toEqual({ code: 'PORTICO' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Current merchant' }), 'LOTUS');
    await waitFor(() => expect(server.pending('/ops/merchants/:code/members')).toHaveLength(1));
    expect(server.next('/ops/merchants/:code/members').input.params).toEqual({ code: 'LOTUS' });
    expect(router.state.location.search).toEqual({ page: 'members', merchant: 'LOTUS' });
  });
});
