import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/authHarness.tsx';
import { answer, show } from '../../test/memberHarness.tsx';
import { BettingRecord } from './BettingRecord.tsx';
import { ProfitLoss } from './ProfitLoss.tsx';
import { AccountRecord } from './wallet/AccountRecord.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const BETS = '/wps/member/bettingRecord';
const ACCOUNT = '/wps/member/accountRecord';
const PROFIT = '/wps/member/profit';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2030, 2, 3, 12, 0));
});
afterEach(() => {
  vi.useRealTimers();
  server.reset();
});

const lastQuery = (path: string) => server.sent(path).at(-1)!.input.query as Record<string, unknown>;

const round = (id: number, bet: number, win: number) => ({
  id,
  roundRef: `R-${id}`,
  nodeId: 'PORTICO_SLOT_1',
  gameName: 'Lucky Lanterns',
  vendor: 'PORTICO',
  gameType: 'INHOUSE',
  bet,
  win,
  status: 'SETTLED',
  at: '2030-03-02T10:00:00.000Z',
});

describe('Betting record', () => {
  it('asks for the last 7 days first and offers only past presets', async () => {
    show(<BettingRecord />);
    await waitFor(() => expect(server.pending(BETS)).toHaveLength(1));
    expect(lastQuery(BETS)).toMatchObject({ from: '2030-02-25', to: '2030-03-03', pageNo: 1 });
    const presets = ['Today', 'Yesterday', 'Last 7 days', 'Last 30 days', 'This month', 'Last month'];
    for (const name of presets) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    // Records are past data: nothing to come is offered.
    expect(screen.queryByRole('button', { name: /^Next/ })).toBeNull();
    expect(screen.getByLabelText('To')).toHaveAttribute('max', '2030-03-03');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(lastQuery(BETS)).toMatchObject({ from: '2030-02-02', to: '2030-03-03' }));
    expect(screen.getByLabelText('From')).toHaveValue('2030-02-02');
    await userEvent.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(lastQuery(BETS)).toMatchObject({ from: '2030-02-01', to: '2030-02-28' }));
    expect(screen.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters by game type and vendor, and shows rounds and totals', async () => {
    show(<BettingRecord />);
    await answer(BETS, {
      list: [round(2, 1_000, 2_500), round(1, 500, 0)],
      totals: { bet: 1_500, win: 2_500, rounds: 2 },
      totalPages: 3,
    });
    const totals = await screen.findByLabelText('Totals');
    expect(totals).toHaveTextContent('Rounds2');
    expect(totals).toHaveTextContent('Total bet$15.00');
    expect(totals).toHaveTextContent('Total win$25.00');
    expect(totals).toHaveTextContent('Profit$10.00'); // 25 − 15
    const table = screen.getByRole('table', { name: 'Betting record' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByText('Lucky Lanterns')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(BETS)).toMatchObject({ pageNo: 2 }));
    await userEvent.selectOptions(screen.getByLabelText('Game type'), 'INHOUSE');
    await waitFor(() => expect(lastQuery(BETS)).toMatchObject({ gameType: 'INHOUSE', pageNo: 1 }));
    await userEvent.type(screen.getByLabelText('Vendor'), 'PORTICO');
    await waitFor(() => expect(lastQuery(BETS)).toMatchObject({ gameType: 'INHOUSE', vendor: 'PORTICO' }));
  });

  it('does not ask for a day after today, nor an end before the start', async () => {
    show(<BettingRecord />);
    await waitFor(() => expect(server.pending(BETS)).toHaveLength(1));
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2030-03-10');
    expect(screen.getByText('Choose a day no later than today')).toBeInTheDocument();
    await userEvent.clear(to);
    await userEvent.type(to, '2030-02-20');
    expect(screen.getByText('The end date is before the start')).toBeInTheDocument();
    const asked = server.sent(BETS).map((r) => (r.input.query as { to: string }).to);
    expect(asked.filter((d) => d === '2030-03-10' || d === '2030-02-20')).toEqual([]);
  });
});

describe('Account record', () => {
  it('filters by kind over the date range and signs the movements', async () => {
    show(<AccountRecord />);
    await waitFor(() => expect(server.pending(ACCOUNT)).toHaveLength(1));
    expect(lastQuery(ACCOUNT)).toMatchObject({ from: '2030-02-25', to: '2030-03-03' });
    expect(lastQuery(ACCOUNT).kind).toBeUndefined();
    await server.reply(ACCOUNT, {
      list: [
        {
          id: 2,
          kind: 'DEPOSIT_CREDIT',
          wallet: 'MAIN',
          amount: 10_000,
          balanceAfter: 12_000,
          at: '2030-03-02T10:00:00Z',
        },
        {
          id: 1,
          kind: 'SEAMLESS_BET',
          wallet: 'MAIN',
          amount: -500,
          balanceAfter: 2_000,
          at: '2030-03-01T10:00:00Z',
        },
      ],
      totalPages: 1,
    });
    const table = await screen.findByRole('table', { name: 'Account record' });
    expect(within(table).getByText('+$100.00')).toBeInTheDocument();
    expect(within(table).getByText('-$5.00')).toBeInTheDocument();
    expect(within(table).getAllByText('Deposit').length).toBeGreaterThan(0);
    expect(within(table).getByText('Bet')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'DEPOSIT_CREDIT');
    await waitFor(() => expect(lastQuery(ACCOUNT)).toMatchObject({ kind: 'DEPOSIT_CREDIT', pageNo: 1 }));
  });

  it('names each side of an agent → downline transfer', async () => {
    show(<AccountRecord />);
    await waitFor(() => expect(server.pending(ACCOUNT)).toHaveLength(1));
    const row = { kind: 'TRANSFER_DOWNLINE', wallet: 'MAIN', balanceAfter: 0, at: '2030-03-02T10:00:00Z' };
    await server.reply(ACCOUNT, {
      list: [
        { ...row, id: 2, amount: -2_000 },
        { ...row, id: 1, amount: 3_000 },
      ],
      totalPages: 1,
    });
    const table = await screen.findByRole('table', { name: 'Account record' });
    expect(within(table).getByText('Transfer to downline')).toBeInTheDocument();
    expect(within(table).getByText('Transfer from upline')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'TRANSFER_DOWNLINE');
    await waitFor(() => expect(lastQuery(ACCOUNT)).toMatchObject({ kind: 'TRANSFER_DOWNLINE' }));
  });
});

describe('Profit and loss', () => {
  it('draws a bar per day of the range and gives the same figures in a table', async () => {
    show(<ProfitLoss />);
    await waitFor(() => expect(server.pending(PROFIT)).toHaveLength(1));
    expect(lastQuery(PROFIT)).toEqual({ from: '2030-02-25', to: '2030-03-03' });
    await server.reply(PROFIT, {
      days: [
        { day: '2030-02-26', bet: 10_000, win: 4_000, profit: -6_000 },
        { day: '2030-03-01', bet: 2_000, win: 5_000, profit: 3_000 },
      ],
      totals: { bet: 12_000, win: 9_000, profit: -3_000 },
    });
    const chart = await screen.findByRole('img', { name: /Profit per day/ });
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(7);
    const bar = (day: string) => chart.querySelector(`rect[data-day="${day}"]`)!;
    expect(bar('2030-02-26').getAttribute('class')).toContain('fill-red-500');
    expect(bar('2030-03-01').getAttribute('class')).toContain('fill-emerald-500');
    expect(Number(bar('2030-02-25').getAttribute('height'))).toBe(0);
    // The loss is twice the win: its bar is twice as tall.
    expect(Number(bar('2030-02-26').getAttribute('height'))).toBeCloseTo(
      2 * Number(bar('2030-03-01').getAttribute('height')),
    );
    expect(chart).toHaveAccessibleName(/Best day 2030-03-01: \$30\.00\. Worst day 2030-02-26: -\$60\.00/);
    const table = screen.getByRole('table', { name: 'Profit and loss per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('2/26/2030');
    expect(rows[1]).toHaveTextContent('-$60.00');
    expect(rows[3]).toHaveTextContent('Total$120.00$90.00-$30.00');
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(lastQuery(PROFIT)).toEqual({ from: '2030-02-02', to: '2030-03-03' }));
  });

  it('says so when there was no play', async () => {
    show(<ProfitLoss />);
    await answer(PROFIT, { days: [], totals: { bet: 0, win: 0, profit: 0 } });
    expect(await screen.findByText('No bets in this period.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Profit per day/ }).querySelectorAll('rect')).toHaveLength(7);
  });
});
