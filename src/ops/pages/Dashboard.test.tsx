import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { answer, refuse, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const DASHBOARD = '/ops/dashboard';

const figures = (o: Partial<Record<string, unknown>> = {}) => ({
  deposits: { count: 2, amount: 15_000 },
  withdrawals: { count: 1, amount: 3_000 },
  bets: { count: 3, stake: 1_300 },
  payout: 1_200,
  ggr: 100,
  newMembers: 1,
  ...o,
});

const TODAY = {
  merchantCode: 'PORTICO',
  currency: 'USD',
  timeZone: 'Asia/Ho_Chi_Minh',
  from: '2026-11-27',
  to: '2026-11-27',
  activeMembers: 3,
  totals: figures(),
  bucket: 'hour',
  series: [
    { at: '2026-11-26T17:00:00.000Z', ...figures({ ggr: -200 }) },
    { at: '2026-11-26T18:00:00.000Z', ...figures({ ggr: 300 }) },
  ],
  queues: { deposits: 4, withdrawals: 2, disputes: 1, changes: 0, redemptions: 5, feedback: 6 },
};

describe('Dashboard', () => {
  it('opens on today: the figures, the chart with its table, and the queues with their pages', async () => {
    await signedIn('FINANCE', '/ops');
    await answer(DASHBOARD, TODAY);
    expect(server.sent(DASHBOARD)[0]!.input).toMatchObject({ query: { merchant: 'PORTICO' } });
    const figure = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(await screen.findByText('GGR', { selector: 'dt' })).toBeInTheDocument();
    expect(figure('Deposits')).toHaveTextContent('$150.00');
    expect(figure('GGR')).toHaveTextContent('$1.00');
    expect(figure('Active members')).toHaveTextContent('3');
    expect(screen.getByText('2026-11-27 in Asia/Ho_Chi_Minh')).toBeInTheDocument();

    const chart = screen.getByRole('img', { name: 'Deposits, withdrawals and GGR' });
    expect(chart).toHaveAccessibleDescription(/2 periods\. Highest GGR: \$3\.00/);
    await userEvent.click(screen.getByText('Show the figures as a table'));
    const table = screen.getByRole('table', { name: 'Deposits, withdrawals and GGR' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('-$2.00');

    expect(screen.getByRole('link', { name: /Deposits to approve\s*4/ })).toHaveAttribute(
      'href',
      expect.stringContaining('page=deposits'),
    );
    // FINANCE cannot open feedback: its count is shown without a link.
    expect(screen.queryByRole('link', { name: /Feedback in the range/ })).toBeNull();
    expect(screen.getByText('Feedback in the range')).toBeInTheDocument();
  });

  it('asks for a range, and shows the server’s refusal under the field', async () => {
    await signedIn('SUPPORT', '/ops?page=dashboard');
    await answer(DASHBOARD, TODAY);
    const from = await screen.findByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(server.pending(DASHBOARD)).toHaveLength(1));
    expect(server.next(DASHBOARD).input.query).toEqual({
      merchant: 'PORTICO',
      from: '2026-12-01',
      to: undefined,
    });
    await refuse(
      DASHBOARD,
      new ApiError('VALIDATION', 'Invalid', { to: 'The end is before the start' }, 400),
    );
    expect(await screen.findByLabelText('To')).toHaveAccessibleDescription('The end is before the start');
    expect(screen.getByLabelText('From')).toHaveValue('2026-12-01');
  });

  it('picks the last 7 days of the merchant’s today', async () => {
    await signedIn('ADMIN', '/ops?page=dashboard');
    await answer(DASHBOARD, TODAY);
    await userEvent.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(server.pending(DASHBOARD)).toHaveLength(1));
    expect(server.next(DASHBOARD).input.query).toEqual({
      merchant: 'PORTICO',
      from: '2026-11-21',
      to: '2026-11-27',
    });
  });
});
