import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { answer, lastQuery, OVERVIEW_REPLY, onMarch3, RANGE, showAgent } from '../../test/agentHarness.tsx';
import { server } from '../../test/authHarness.tsx';
import { AccountDetails } from './AccountDetails.tsx';
import { MyIncome } from './MyIncome.tsx';
import { TeamBetting } from './TeamBetting.tsx';
import { TeamOverview } from './TeamOverview.tsx';
import { UserLoss } from './UserLoss.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

onMarch3();

/** Every agent report over days, with the call it makes. */
const REPORTS: [string, () => ReactElement, string][] = [
  ['Team overview', () => <TeamOverview />, '/wps/agent/team/overview'],
  ['Team betting', () => <TeamBetting />, '/wps/agent/team/bets'],
  ['User loss', () => <UserLoss />, '/wps/agent/team/loss'],
  ['My income', () => <MyIncome />, '/wps/agent/income'],
  ['Account details', () => <AccountDetails />, '/wps/agent/team/transactions'],
];

/** On 3 March 2030 (a Sunday), each preset and the days it asks for. */
const PRESETS: [string, { from: string; to: string }][] = [
  ['Today', { from: '2030-03-03', to: '2030-03-03' }],
  ['Yesterday', { from: '2030-03-02', to: '2030-03-02' }],
  ['Last 7 days', { from: '2030-02-25', to: '2030-03-03' }],
  ['Last 30 days', { from: '2030-02-02', to: '2030-03-03' }],
  ['This month', { from: '2030-03-01', to: '2030-03-03' }],
  ['Last month', { from: '2030-02-01', to: '2030-02-28' }],
];

const asked = (path: string) => server.sent(path).map((r) => r.input.query as { from: string; to: string });

describe.each(REPORTS)('%s: the range is of past days only', (_name, ui, path) => {
  it('offers today, yesterday, the last 7 and 30 days, this month and last month, nothing to come', async () => {
    showAgent(ui());
    await waitFor(() => expect(server.sent(path)).toHaveLength(1));
    expect(lastQuery(path)).toMatchObject(RANGE);
    const range = screen.getByRole('group', { name: 'Date range' });
    const presets = within(range)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(presets).toEqual(PRESETS.map(([label]) => label));
    expect(within(range).queryByRole('button', { name: /next/i })).toBeNull();
    for (const [label, days] of PRESETS) {
      await userEvent.click(within(range).getByRole('button', { name: label }));
      expect(within(range).getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
      expect(within(range).getByLabelText('From')).toHaveValue(days.from);
      expect(within(range).getByLabelText('To')).toHaveValue(days.to);
    }
    // Each range asked for once (a range asked before comes from the cache), none reaching past today.
    await waitFor(() =>
      expect(asked(path).map((q) => ({ from: q.from, to: q.to }))).toEqual([
        RANGE,
        ...PRESETS.filter(([label]) => label !== 'Last 7 days').map(([, days]) => days),
      ]),
    );
  });

  it('refuses a day after today and an end before the start, under the field, and does not ask', async () => {
    showAgent(ui());
    await waitFor(() => expect(server.sent(path)).toHaveLength(1));
    const range = screen.getByRole('group', { name: 'Date range' });
    const from = within(range).getByLabelText('From');
    const to = within(range).getByLabelText('To');
    expect(to).toHaveAttribute('max', '2030-03-03');
    expect(from).toHaveAttribute('max', '2030-03-03');

    fireEvent.change(to, { target: { value: '2030-03-04' } });
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('Choose a day no later than today');
    fireEvent.change(from, { target: { value: '2030-03-05' } });
    expect(from).toHaveAccessibleDescription('Choose a day no later than today');
    expect(
      within(range)
        .getAllByRole('button')
        .some((b) => b.getAttribute('aria-pressed') === 'true'),
    ).toBe(false);

    fireEvent.change(from, { target: { value: '2030-03-02' } });
    fireEvent.change(to, { target: { value: '2030-03-01' } });
    expect(to).toHaveAccessibleDescription('The end date is before the start');
    expect(from).not.toHaveAttribute('aria-invalid');

    fireEvent.change(to, { target: { value: '2030-03-03' } });
    expect(to).not.toHaveAttribute('aria-invalid');
    expect(within(range).getByText('Showing Mar 2 – 3, 2030')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(path)).toMatchObject({ from: '2030-03-02', to: '2030-03-03' }));
    expect(asked(path).every((q) => q.to <= '2030-03-03' && q.from <= q.to)).toBe(true);
  });
});

describe('Team overview chart', () => {
  const OVERVIEW = '/wps/agent/team/overview';
  const reply = OVERVIEW_REPLY;
  const axis = () => [...screen.getByTestId('value-axis').querySelectorAll('span')].map((s) => s.textContent);

  it('draws a labelled value axis with round ticks in the currency, for each series', async () => {
    showAgent(<TeamOverview />);
    await answer(OVERVIEW, reply);
    const chart = await screen.findByRole('figure', { name: 'Bet per day' });
    expect(within(chart).getByText('Amount ($)')).toBeInTheDocument();
    expect(axis()).toEqual(['$0', '$250', '$500', '$750', '$1K']);
    await userEvent.click(screen.getByRole('button', { name: 'Team result' }));
    expect(axis()).toEqual(['-$400', '-$200', '$0', '$200']);
    await userEvent.click(screen.getByRole('button', { name: 'Active members' }));
    expect(
      within(screen.getByRole('figure', { name: 'Active members per day' })).getByText('Members'),
    ).toBeVisible();
    expect(axis()).toEqual(['0', '1', '2', '3']);
  });

  it('says a bar’s day and value on hover and on focus; arrows move between the bars, one Tab stop', async () => {
    showAgent(<TeamOverview />);
    await answer(OVERVIEW, reply);
    const chart = await screen.findByRole('figure', { name: 'Bet per day' });
    const readout = within(chart).getByTestId('chart-readout');
    const bars = within(chart).getAllByRole('img');
    expect(bars.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1]);
    await userEvent.hover(bars[4]!);
    expect(readout).toHaveTextContent('Mar 1: $500.00');
    await userEvent.unhover(bars[4]!);

    act(() => bars[0]!.focus());
    expect(readout).toHaveTextContent('Feb 25: $0.00');
    await userEvent.keyboard('{ArrowRight}');
    expect(bars[1]).toHaveFocus();
    expect(bars[1]).toHaveAccessibleName('Feb 26: $1,000.00');
    expect(readout).toHaveTextContent('Feb 26: $1,000.00');
    await userEvent.keyboard('{End}');
    expect(bars[6]).toHaveFocus();
    expect(readout).toHaveTextContent('Mar 3: $0.00');
    expect(bars.map((b) => b.tabIndex)).toEqual([-1, -1, -1, -1, -1, -1, 0]);
  });

  it('gives the days as a table named by its caption, in a box that scrolls by keyboard', async () => {
    showAgent(<TeamOverview />);
    await answer(OVERVIEW, reply);
    const box = await screen.findByRole('region', { name: 'Team figures per day' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table', { name: 'Team figures per day' })).toBeInTheDocument();
  });
});
