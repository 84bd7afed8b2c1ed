import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { answer, lastQuery, OVERVIEW_REPLY, onMarch3, RANGE, showAgent } from '../../test/agentHarness.tsx';
import { server } from '../../test/authHarness.tsx';
import { Announcement } from './Announcement.tsx';
import { RegisterAccount } from './RegisterAccount.tsx';
import { TeamManagement } from './TeamManagement.tsx';
import { TeamOverview } from './TeamOverview.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const OVERVIEW = '/wps/agent/team/overview';
const DOWNLINE = '/wps/agent/downline';
const NOTICES = '/wps/notice/index';

onMarch3();

describe('Announcement', () => {
  const notice = (id: number) => ({ id, type: 'B', title: `Notice ${id}`, content: `Text ${id}` });

  it('lists the notices and popups nine to a page, each once', async () => {
    showAgent(<Announcement />);
    await answer(NOTICES, {
      notices: Array.from({ length: 10 }, (_, i) => notice(i + 1)),
      banners: [],
      popup: [
        { ...notice(10), type: 'PU' },
        { ...notice(11), type: 'PU' },
      ],
    });
    const list = await screen.findByRole('list', { name: 'Announcements' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(Array.from({ length: 9 }, (_, i) => `Notice ${i + 1}`));
    expect(screen.getByText('Text 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(
      within(screen.getByRole('list', { name: 'Announcements' }))
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Notice 10', 'Notice 11']);
  });

  it('says when a load fails and retries', async () => {
    showAgent(<Announcement />);
    await waitFor(() => expect(server.pending(NOTICES)).toHaveLength(1));
    await server.fail(NOTICES, new ApiError('NETWORK', ''));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await answer(NOTICES, { notices: [], banners: [], popup: [] });
    expect(await screen.findByText('No announcements yet.')).toBeInTheDocument();
  });
});

describe('Team overview', () => {
  it('shows the figures, a chart of the chosen series and the days as a table', async () => {
    showAgent(<TeamOverview />);
    await waitFor(() => expect(server.pending(OVERVIEW)).toHaveLength(1));
    expect(lastQuery(OVERVIEW)).toEqual(RANGE);
    await server.reply(OVERVIEW, OVERVIEW_REPLY);
    const dl = await screen.findByLabelText('Team figures');
    for (const text of [
      'Team size12',
      'Direct members5',
      'Direct agents2',
      'New members3',
      'Active members4',
      'Bet$1,500.00',
      'Win$1,200.00',
      'Team result-$300.00',
      'Deposits$5,000.00',
      'Withdrawals$800.00',
    ])
      expect(dl).toHaveTextContent(text);

    // A bar per day of the range, each named by its day and value; the bet series first.
    let chart = screen.getByRole('figure', { name: 'Bet per day' });
    expect(within(chart).getAllByRole('img')).toHaveLength(7);
    expect(chart).toHaveAccessibleDescription(/Highest Feb 26: \$1,000\.00/);
    expect(within(chart).getByRole('img', { name: 'Feb 26: $1,000.00' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Team result' }));
    expect(screen.getByRole('button', { name: 'Team result' })).toHaveAttribute('aria-pressed', 'true');
    chart = screen.getByRole('figure', { name: 'Team result per day' });
    expect(
      within(chart).getByRole('img', { name: 'Feb 26: -$400.00' }).firstElementChild!.getAttribute('class'),
    ).toContain('bg-red-500');
    expect(chart).toHaveAccessibleDescription(/Best day Mar 1: \$100\.00\. Worst day Feb 26: -\$400\.00/);
    await userEvent.click(screen.getByRole('button', { name: 'Active members' }));
    expect(screen.getByRole('figure', { name: 'Active members per day' })).toHaveAccessibleDescription(
      /Highest Mar 1: 3/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'New members' }));
    expect(screen.getByRole('figure', { name: 'New members per day' })).toHaveAccessibleDescription(
      /Highest Mar 1: 2/,
    );

    const table = screen.getByRole('table', { name: 'Team figures per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Feb 2612$1,000.00-$400.00');
  });

  it('asks again for another range', async () => {
    showAgent(<TeamOverview />);
    await answer(OVERVIEW, OVERVIEW_REPLY);
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(lastQuery(OVERVIEW)).toEqual({ from: '2030-02-02', to: '2030-03-03' }));
  });

  it('says when the figures fail to load and retries', async () => {
    showAgent(<TeamOverview />);
    await waitFor(() => expect(server.pending(OVERVIEW)).toHaveLength(1));
    await server.fail(OVERVIEW, new ApiError('FORBIDDEN', 'For agents only', {}, 403));
    expect(await screen.findByRole('alert')).toHaveTextContent('For agents only');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await answer(OVERVIEW, { ...OVERVIEW_REPLY, days: [] });
    expect(await screen.findByText('No team activity in this period.')).toBeInTheDocument();
  });
});

describe('Register account', () => {
  const REGISTER = '/wps/agent/downline';
  const form = () => screen.getByRole('form', { name: 'Register account' });

  it('checks the fields, registers an agent and shows its invitation code', async () => {
    showAgent(<RegisterAccount />);
    const f = within(await screen.findByRole('form', { name: 'Register account' }));
    await userEvent.click(f.getByRole('button', { name: 'Register' }));
    expect(f.getByLabelText('Username')).toHaveAccessibleDescription('Input must not be empty');
    expect(f.getByLabelText('Password')).toHaveAccessibleDescription('Input must not be empty');
    expect(server.sent(REGISTER)).toHaveLength(0);
    await userEvent.click(f.getByRole('radio', { name: 'Agent' }));
    await userEvent.type(f.getByLabelText('Username'), 'sub01');
    await userEvent.type(f.getByLabelText('Password'), 'Secret123');
    await userEvent.type(f.getByLabelText('Confirm password'), 'Secret124');
    await userEvent.click(f.getByRole('button', { name: 'Register' }));
    expect(f.getByLabelText('Confirm password')).toHaveAccessibleDescription('Incorrect confirmation input');
    expect(server.sent(REGISTER)).toHaveLength(0);
    await userEvent.clear(f.getByLabelText('Confirm password'));
    await userEvent.type(f.getByLabelText('Confirm password'), 'Secret123');
    await userEvent.click(f.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.pending(REGISTER)).toHaveLength(1));
    expect(server.next(REGISTER).method).toBe('PUT');
    expect(server.next(REGISTER).input.body).toEqual({
      accountType: 'AGENT',
      username: 'sub01',
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect(f.getByRole('button', { name: 'Registering…' })).toBeDisabled();
    await server.reply(REGISTER, { id: 31, account: 'sub01', agentType: 1, affiliateCode: 'SUB01X' });
    expect(await f.findByRole('status')).toHaveTextContent(
      'Agent account sub01 is registered. Its invitation code is SUB01X.',
    );
    expect(f.getByLabelText('Username')).toHaveValue('');
  });

  it('shows the server’s field messages under their fields', async () => {
    showAgent(<RegisterAccount />);
    const f = within(await screen.findByRole('form', { name: 'Register account' }));
    await userEvent.type(f.getByLabelText('Username'), 'player01');
    await userEvent.type(f.getByLabelText('Password'), 'abc');
    await userEvent.type(f.getByLabelText('Confirm password'), 'abc');
    await userEvent.click(f.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.pending(REGISTER)).toHaveLength(1));
    expect(server.next(REGISTER).input.body).toMatchObject({ accountType: 'MEMBER' });
    await server.fail(
      REGISTER,
      new ApiError(
        'VALIDATION',
        'The username is taken',
        {
          username: 'The username is taken',
          password: 'Enter 6-20 characters combining letters and numbers',
        },
        400,
      ),
    );
    expect(await f.findByText('The username is taken')).toBeInTheDocument();
    expect(f.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(f.getByLabelText('Password')).toHaveAccessibleDescription(
      'Enter 6-20 characters combining letters and numbers',
    );
    // The message stands under its field, not again above the button.
    expect(within(form()).queryByRole('alert')).toBeNull();
    expect(f.getByLabelText('Username')).toHaveValue('player01');
  });

  it('registers a member and says so; a failure without fields shows above the button', async () => {
    showAgent(<RegisterAccount />);
    const f = within(await screen.findByRole('form', { name: 'Register account' }));
    await userEvent.type(f.getByLabelText('Username'), 'm1');
    await userEvent.type(f.getByLabelText('Password'), 'Secret123');
    await userEvent.type(f.getByLabelText('Confirm password'), 'Secret123');
    await userEvent.click(f.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.pending(REGISTER)).toHaveLength(1));
    await server.fail(REGISTER, new ApiError('NETWORK', ''));
    expect(await f.findByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    await userEvent.click(f.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.pending(REGISTER)).toHaveLength(1));
    await server.reply(REGISTER, { id: 32, account: 'm1', agentType: 0, affiliateCode: null });
    expect(await f.findByRole('status')).toHaveTextContent('Member account m1 is registered.');
  });

  it('gives the agent its invitation code, link and QR code', async () => {
    showAgent(<RegisterAccount />);
    expect(await screen.findByText('AGENT01')).toBeInTheDocument();
    const link = `${window.location.origin}/register?affiliateCode=AGENT01`;
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', link);
    expect(screen.getByRole('button', { name: 'Copy invitation code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy invitation link' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of your invitation link' })).toBeInTheDocument();
  });
});

describe('Team management', () => {
  const downline = (id: number, level: number) => ({
    id,
    account: `m${id}`,
    agentType: level === 1 ? 1 : 0,
    level,
    uplineAccount: level === 1 ? 'agent01' : 'm1',
    teamSize: level === 1 ? 3 : 0,
    balance: 12_345,
    createdAt: '2030-03-01T10:00:00.000Z',
    lastLoginAt: level === 1 ? '2030-03-02T10:00:00.000Z' : null,
  });

  it('lists the direct downline first, then the whole team, by account, page by page', async () => {
    showAgent(<TeamManagement />);
    await waitFor(() => expect(server.pending(DOWNLINE)).toHaveLength(1));
    expect(lastQuery(DOWNLINE)).toEqual({ scope: 'direct', pageNo: 1, pageSize: 20 });
    await server.reply(DOWNLINE, { list: [downline(1, 1), downline(2, 2)], totalPages: 2 });
    const table = await screen.findByRole('table', { name: 'Team members' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('m1Agent');
    expect(rows[1]).toHaveTextContent('agent01');
    expect(rows[1]).toHaveTextContent('$123.45');
    expect(rows[2]).toHaveTextContent('m2Member');
    expect(rows[2]).toHaveTextContent('Never');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(DOWNLINE)).toMatchObject({ scope: 'direct', pageNo: 2 }));
    await userEvent.click(screen.getByRole('button', { name: 'Whole team' }));
    await waitFor(() => expect(lastQuery(DOWNLINE)).toMatchObject({ scope: 'all', pageNo: 1 }));
    await userEvent.type(screen.getByLabelText('Account'), ' m2 ');
    await waitFor(() =>
      expect(lastQuery(DOWNLINE)).toEqual({ scope: 'all', account: 'm2', pageNo: 1, pageSize: 20 }),
    );
  });

  it('says when the list fails and retries', async () => {
    showAgent(<TeamManagement />);
    await waitFor(() => expect(server.pending(DOWNLINE)).toHaveLength(1));
    await server.fail(DOWNLINE, new ApiError('NETWORK', ''));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await answer(DOWNLINE, { list: [], totalPages: 0 });
    expect(await screen.findByText('No accounts in your team yet.')).toBeInTheDocument();
  });
});
