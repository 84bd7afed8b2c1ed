import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/authHarness.tsx';
import { answer, member, SETTINGS, show } from '../../test/memberHarness.tsx';
import { MemberCentre, type MemberSlots } from './MemberCentre.tsx';
import { MEMBER_PAGE_KEYS, memberSearch } from './pages.ts';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const slots: MemberSlots = {
  changePassword: (onDone) => (
    <button type="button" onClick={onDone}>
      Fake password form
    </button>
  ),
  renderConfirmation: () => null,
};

afterEach(() => server.reset());

describe('Personal Center panel', () => {
  it('shows a member the 14 pages with the active one marked', async () => {
    show(<MemberCentre page="personalProfit" slots={slots} />);
    const nav = await screen.findByRole('navigation', { name: 'Personal Center' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(14);
    expect(links.map((l) => l.textContent)).toEqual([
      'My Account',
      'My Wallet',
      'Deposit',
      'Withdrawal',
      'Transfer to Upline',
      'Betting Record',
      'Account Record',
      'Profit and Loss',
      'Bonus Details',
      'Reward Center',
      'Referral code',
      'Mission',
      'Internal Message',
      'Manual rebate',
    ]);
    const active = within(nav).getByRole('link', { current: 'page' });
    expect(active).toHaveTextContent('Profit and Loss');
    expect(active.getAttribute('href')).toBe('/member?page=personalProfit');
    expect(screen.getByRole('heading', { level: 2, name: 'Profit and Loss' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Close Personal Center' }).length).toBeGreaterThan(0);
  });

  it('asks a visitor to log in and shows no panel', async () => {
    show(<MemberCentre page="securityCenter" slots={slots} />, 'visitor');
    expect(await screen.findByText('Not logged in, please login.')).toBeInTheDocument();
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
    expect(screen.queryByRole('navigation', { name: 'Personal Center' })).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('tells a trial account (agent type 4) to register first', async () => {
    show(<MemberCentre page="depositv2" slots={slots} />, 'trial');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please Register An Account First');
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Personal Center' })).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('shows an agent (type 1) the panel too', async () => {
    show(<MemberCentre page="securityCenter" slots={slots} />, 'member', { agentType: 1, type: 'agent' });
    expect(await screen.findByRole('navigation', { name: 'Personal Center' })).toBeInTheDocument();
  });

  it('shows the open missions, tickets to open and unread messages beside their pages', async () => {
    show(<MemberCentre page="securityCenter" slots={slots} />);
    await answer('/wps/mission/summary', { openCount: 3, missions: [] });
    await answer('/wps/reward/tickets', {
      list: [],
      totalPages: 0,
      counts: { AVAILABLE: 2, OPENED: 0, EXPIRED: 0 },
    });
    await answer('/wps/relay/unreadCount', { count: 0 });
    const menu = await screen.findByRole('navigation', { name: 'Personal Center' });
    expect(await within(menu).findByRole('link', { name: 'Mission, 3 open' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Reward Center, 2 to open' })).toBeInTheDocument();
    // No unread message: no badge at all.
    expect(within(menu).getByRole('link', { name: 'Internal Message' })).toBeInTheDocument();
  });

  it('reads the page from the search, an unknown one opening My Account', () => {
    for (const page of MEMBER_PAGE_KEYS) expect(memberSearch({ page } as never).page).toBe(page);
    expect(memberSearch({ page: 'nope' } as never).page).toBe('securityCenter');
    expect(memberSearch({} as never).page).toBe('securityCenter');
  });
});

describe('My Account', () => {
  it('shows the profile and the inline password form from the app', async () => {
    show(<MemberCentre page="securityCenter" slots={slots} />);
    await answer('/wps/payment/settings', SETTINGS);
    expect(await screen.findByText(member.account)).toBeInTheDocument();
    expect(screen.getByText('Lucky')).toBeInTheDocument();
    expect(screen.getByText('Bronze')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change login password' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fake password form' }));
    expect(screen.getByRole('status')).toHaveTextContent('Your login password has been changed.');
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('changes the payment password: checks fields, sends the old one, keeps input on failure', async () => {
    show(<MemberCentre page="securityCenter" slots={slots} />);
    await answer('/wps/payment/settings', SETTINGS);
    const form = await screen.findByRole('form', { name: 'Change payment password' });
    await userEvent.click(within(form).getByRole('button', { name: 'Change payment password' }));
    expect(within(form).getByText('Please enter your login password')).toBeInTheDocument();
    expect(within(form).getByText('The payment password is 6 digits')).toBeInTheDocument();
    expect(server.sent('/wps/member/paymentPassword')).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText('Login password'), 'secret1');
    await userEvent.type(within(form).getByLabelText('Current payment password'), '111111');
    await userEvent.type(within(form).getByLabelText('New payment password'), '123456');
    await userEvent.type(within(form).getByLabelText('Confirm payment password'), '123465');
    await userEvent.click(within(form).getByRole('button', { name: 'Change payment password' }));
    expect(within(form).getByText('Incorrect confirmation input')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Confirm payment password'));
    await userEvent.type(within(form).getByLabelText('Confirm payment password'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Change payment password' }));
    await waitFor(() => expect(server.pending('/wps/member/paymentPassword')).toHaveLength(1));
    expect(server.next('/wps/member/paymentPassword').input.body).toEqual({
      loginPassword: 'secret1',
      oldPaymentPassword: '111111',
      paymentPassword: '123456',
    });
    const { ApiError } = await import('../../api/client.ts');
    await server.fail(
      '/wps/member/paymentPassword',
      new ApiError('VALIDATION', 'Wrong login password', {}, 400),
    );
    expect(await within(form).findByRole('alert')).toHaveTextContent('Wrong login password');
    expect(within(form).getByLabelText('New payment password')).toHaveValue('123456');
  });

  it('sets a first payment password without asking for an old one', async () => {
    show(<MemberCentre page="securityCenter" slots={slots} />);
    await answer('/wps/payment/settings', { ...SETTINGS, hasPaymentPassword: false });
    const form = await screen.findByRole('form', { name: 'Set payment password' });
    expect(within(form).queryByLabelText('Current payment password')).toBeNull();
    await userEvent.type(within(form).getByLabelText('Login password'), 'secret1');
    await userEvent.type(within(form).getByLabelText('New payment password'), '654321');
    await userEvent.type(within(form).getByLabelText('Confirm payment password'), '654321');
    await userEvent.click(within(form).getByRole('button', { name: 'Set payment password' }));
    await waitFor(() => expect(server.pending('/wps/member/paymentPassword')).toHaveLength(1));
    expect(server.next('/wps/member/paymentPassword').input.body).toEqual({
      loginPassword: 'secret1',
      paymentPassword: '654321',
    });
    await server.reply('/wps/member/paymentPassword', null);
    expect(await screen.findByText('Your payment password has been saved.')).toHaveFocus();
  });
});
