import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { ALL_ON, showAgent } from '../../test/agentHarness.tsx';
import { server } from '../../test/authHarness.tsx';
import { AgentCentre } from './AgentCentre.tsx';
import { AGENT_PAGE_KEYS, agentSearch } from './pages.ts';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

afterEach(() => server.reset());

/** The menu in the spec's order (§2 Agent centre). */
const MENU = [
  'Announcement',
  'Team overview',
  'Register account',
  'Team management',
  'Team betting',
  'User loss',
  'My income',
  'Account details',
  'Transfer to downline',
  'Bonus',
  'Daily wages',
  'Hourly salary',
  'Real-time salary',
];

const menu = () => screen.findByRole('navigation', { name: 'Agent centre' });
const agentRequests = () => server.requests.filter((r) => r.path.startsWith('/wps/agent'));

describe('Agent centre shell', () => {
  it('shows an agent the 13 pages in menu order with the active one marked', async () => {
    showAgent(<AgentCentre page="userLoss" />);
    const links = within(await menu()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(MENU);
    const active = within(await menu()).getByRole('link', { current: 'page' });
    expect(active).toHaveTextContent('User loss');
    expect(active.getAttribute('href')).toBe('/agent?page=userLoss');
    expect(screen.getByRole('heading', { level: 2, name: 'User loss' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Close agent centre' }).length).toBeGreaterThan(0);
  });

  it('hides the contract pages whose feature is off, and opens the team overview for one asked for', async () => {
    showAgent(<AgentCentre page="dailyWages" />, 'agent', {
      ...ALL_ON,
      DAILY_SALARY: false,
      REALTIME_SALARY: false,
    });
    const links = within(await menu()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(
      MENU.filter((name) => name !== 'Daily wages' && name !== 'Real-time salary'),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Team overview' })).toBeInTheDocument();
    expect(agentRequests().map((r) => r.path)).toEqual(['/wps/agent/team/overview']);
  });

  it('renders a contract page for its kind', async () => {
    showAgent(<AgentCentre page="hourlySalary" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Hourly salary' })).toBeInTheDocument();
    expect(server.next('/wps/agent/contracts').input.query).toEqual({ kind: 'HOURLY_SALARY' });
  });

  it('offers a visitor the agent login, at once and by its button', async () => {
    showAgent(<AgentCentre page="teamOverview" />, 'visitor');
    expect(await screen.findByText('Not logged in, please login.')).toBeInTheDocument();
    expect(screen.getByTestId('modal')).toHaveTextContent('login agent');
    expect(screen.queryByRole('navigation', { name: 'Agent centre' })).toBeNull();
    expect(agentRequests()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByTestId('modal')).toHaveTextContent('login agent');
  });

  it('tells a trial account to register first', async () => {
    showAgent(<AgentCentre page="teamOverview" />, 'trial');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please Register An Account First');
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Agent centre' })).toBeNull();
    expect(agentRequests()).toHaveLength(0);
  });

  it('tells a member who is not an agent that the centre is for agents', async () => {
    showAgent(<AgentCentre page="teamOverview" />, 'member');
    expect(await screen.findByRole('alert')).toHaveTextContent('The agent centre is for agents only.');
    expect(screen.queryByRole('navigation', { name: 'Agent centre' })).toBeNull();
    expect(agentRequests()).toHaveLength(0);
  });

  it('shows no centre where the merchant has it off', async () => {
    showAgent(<AgentCentre page="teamOverview" />, 'agent', { ...ALL_ON, AGENT_CENTRE: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The agent centre is not available on this site.',
    );
    expect(agentRequests()).toHaveLength(0);
  });

  it('says when the merchant’s features cannot be read, and retries', async () => {
    showAgent(<AgentCentre page="teamOverview" />, 'agent', null);
    await waitFor(() => expect(server.pending('/wps/system/whitelabel')).toHaveLength(1));
    await server.fail('/wps/system/whitelabel', new ApiError('NETWORK', ''));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(server.pending('/wps/system/whitelabel')).toHaveLength(1));
  });

  it('reads the page from the search, an unknown one opening the team overview', () => {
    for (const page of AGENT_PAGE_KEYS) expect(agentSearch({ page } as never).page).toBe(page);
    expect(agentSearch({ page: 'nope' } as never).page).toBe('teamOverview');
    expect(agentSearch({} as never).page).toBe('teamOverview');
  });
});
