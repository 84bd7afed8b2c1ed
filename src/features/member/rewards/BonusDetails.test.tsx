import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { server } from '../../../test/authHarness.tsx';
import { answer, show } from '../../../test/memberHarness.tsx';
import { BonusDetails } from './BonusDetails.tsx';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

const BONUS = '/wps/bonus/details';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-03-03T05:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  server.reset();
});

describe('Bonus Details', () => {
  const entry = (id: number, kind: string, amount: number, remark: string | null) => ({
    id,
    kind,
    amount,
    createdAt: '2030-03-02T10:00:00.000Z',
    remark,
  });

  it('asks for the last 7 days, shows the total and the credits, filters by type and pages', async () => {
    show(<BonusDetails />);
    await waitFor(() => expect(server.pending(BONUS)).toHaveLength(1));
    expect(server.next(BONUS).input.query).toMatchObject({ from: '2030-02-25', to: '2030-03-03', pageNo: 1 });
    await server.reply(BONUS, {
      list: [entry(2, 'TICKET_PRIZE', 555, 'RED_ENVELOPE'), entry(1, 'MISSION_REWARD', 1_000, 'DAILY_LOGIN')],
      total: 12_345,
      totalPages: 2,
    });
    expect(await screen.findByLabelText('Bonus total')).toHaveTextContent(
      'Total bonus in this period$123.45',
    );
    const table = screen.getByRole('table', { name: 'Bonus details' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Ticket prizeRed envelope+$5.55');
    expect(rows[2]).toHaveTextContent('Mission rewardDAILY_LOGIN+$10.00');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.pending(BONUS)).toHaveLength(1));
    expect(server.next(BONUS).input.query).toMatchObject({ pageNo: 2 });
    await server.reply(BONUS, { list: [], total: 12_345, totalPages: 2 });

    await userEvent.selectOptions(screen.getByLabelText('Bonus type'), 'REBATE');
    await waitFor(() => expect(server.pending(BONUS)).toHaveLength(1));
    expect(server.next(BONUS).input.query).toMatchObject({ type: 'REBATE', pageNo: 1 });
    await server.reply(BONUS, { list: [], total: 0, totalPages: 0 });
    expect(await screen.findByText('No bonuses in this period.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(server.pending(BONUS)).toHaveLength(1));
    expect(server.next(BONUS).input.query).toMatchObject({
      from: '2030-02-02',
      to: '2030-03-03',
      type: 'REBATE',
    });
  });

  it('asks nothing for a future range and retries a failed list', async () => {
    show(<BonusDetails />);
    await waitFor(() => expect(server.pending(BONUS)).toHaveLength(1));
    await server.fail(BONUS, new ApiError('NETWORK', 'offline'));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await answer(BONUS, { list: [entry(1, 'REBATE', 250, null)], total: 250, totalPages: 1 });
    expect(await screen.findByRole('table', { name: 'Bonus details' })).toBeInTheDocument();
    const sent = server.sent(BONUS).length;
    // Bonuses are past data: no preset reaches a day to come, and a day after today is refused.
    expect(screen.queryByRole('button', { name: /^Next/ })).toBeNull();
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2030-03-10');
    expect(screen.getByText('Choose a day no later than today')).toBeInTheDocument();
    expect(server.sent(BONUS).length).toBe(sent);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
