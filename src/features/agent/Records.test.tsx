import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { lastQuery, onMarch3, RANGE, showAgent } from '../../test/agentHarness.tsx';
import { server } from '../../test/authHarness.tsx';
import { AccountDetails } from './AccountDetails.tsx';
import { MyIncome } from './MyIncome.tsx';
import { TeamBetting } from './TeamBetting.tsx';
import { UserLoss } from './UserLoss.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const BETS = '/wps/agent/team/bets';
const LOSS = '/wps/agent/team/loss';
const INCOME = '/wps/agent/income';
const TRANSACTIONS = '/wps/agent/team/transactions';

onMarch3();

/** A failed first load shows the server's words; Retry asks again. */
async function failsThenRetries(path: string) {
  await waitFor(() => expect(server.pending(path)).toHaveLength(1));
  await server.fail(path, new ApiError('FORBIDDEN', 'For agents only', {}, 403));
  expect(await screen.findByRole('alert')).toHaveTextContent('For agents only');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(server.pending(path)).toHaveLength(1));
}

describe('Team betting', () => {
  const round = (id: number, account: string, bet: number, win: number, status = 'SETTLED') => ({
    id,
    account,
    roundRef: `r-${id}`,
    nodeId: 'inhouse-slot',
    gameName: 'Lucky Lanterns',
    vendor: 'PORTICO',
    gameType: 'INHOUSE',
    bet,
    win,
    status,
    at: '2030-03-02T10:00:00.000Z',
  });

  it('shows the downline’s rounds and totals, and sends each filter', async () => {
    showAgent(<TeamBetting />);
    await waitFor(() => expect(server.pending(BETS)).toHaveLength(1));
    expect(lastQuery(BETS)).toEqual({ ...RANGE, pageNo: 1, pageSize: 20 });
    await server.reply(BETS, {
      list: [round(2, 'm1', 1_000, 2_500), round(1, 'm2', 500, 0, 'OPEN')],
      totals: { bet: 1_500, win: 2_500, rounds: 2 },
      totalPages: 3,
    });
    const totals = await screen.findByLabelText('Totals');
    expect(totals).toHaveTextContent('Rounds2');
    expect(totals).toHaveTextContent('Total bet$15.00');
    expect(totals).toHaveTextContent('Total win$25.00');
    expect(totals).toHaveTextContent('Team result$10.00');
    const rows = within(screen.getByRole('table', { name: 'Team betting' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('m1Lucky LanternsPORTICO$10.00$25.00Settled');
    expect(rows[2]).toHaveTextContent('Open');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(BETS)).toMatchObject({ pageNo: 2 }));
    await userEvent.selectOptions(screen.getByLabelText('Game type'), 'INHOUSE');
    await waitFor(() => expect(lastQuery(BETS)).toMatchObject({ gameType: 'INHOUSE', pageNo: 1 }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'ROLLED_BACK');
    await waitFor(() => expect(lastQuery(BETS)).toMatchObject({ status: 'ROLLED_BACK' }));
    await userEvent.type(screen.getByLabelText('Account'), 'm1');
    await waitFor(() =>
      expect(lastQuery(BETS)).toEqual({
        ...RANGE,
        account: 'm1',
        gameType: 'INHOUSE',
        status: 'ROLLED_BACK',
        pageNo: 1,
        pageSize: 20,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(lastQuery(BETS)).toMatchObject({ from: '2030-02-02', to: '2030-03-03' }));
  });

  it('says when the rounds fail to load and retries', async () => {
    showAgent(<TeamBetting />);
    await failsThenRetries(BETS);
    await server.reply(BETS, { list: [], totals: { bet: 0, win: 0, rounds: 0 }, totalPages: 0 });
    expect(await screen.findByText('No bets in this period.')).toBeInTheDocument();
  });
});

describe('User loss', () => {
  it('lists each member’s result as the server orders it (biggest loss first) with totals', async () => {
    showAgent(<UserLoss />);
    await waitFor(() => expect(server.pending(LOSS)).toHaveLength(1));
    expect(lastQuery(LOSS)).toEqual({ ...RANGE, pageNo: 1, pageSize: 20 });
    await server.reply(LOSS, {
      list: [
        { memberId: 2, account: 'm2', rounds: 9, bet: 90_000, win: 10_000, profit: -80_000 },
        { memberId: 1, account: 'm1', rounds: 1, bet: 1_000, win: 3_000, profit: 2_000 },
      ],
      totals: { bet: 91_000, win: 13_000, profit: -78_000 },
      totalPages: 1,
    });
    const rows = within(await screen.findByRole('table', { name: /User loss/ })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('m29$900.00$100.00-$800.00');
    expect(rows[2]).toHaveTextContent('m11$10.00$30.00$20.00');
    expect(screen.getByLabelText('Totals')).toHaveTextContent('Result-$780.00');
    await userEvent.type(screen.getByLabelText('Account'), 'm2');
    await waitFor(() =>
      expect(lastQuery(LOSS)).toEqual({ ...RANGE, account: 'm2', pageNo: 1, pageSize: 20 }),
    );
  });

  it('says when the list fails and retries', async () => {
    showAgent(<UserLoss />);
    await failsThenRetries(LOSS);
  });
});

describe('My income', () => {
  const settlement = {
    id: 5,
    contractId: 3,
    kind: 'DAILY_SALARY',
    windowStart: '2030-03-01T17:00:00.000Z',
    windowEnd: '2030-03-02T17:00:00.000Z',
    activeMembers: 4,
    bet: 1_000_000,
    base: 1_000_000,
    rateBp: 50,
    gross: 5_000,
    deducted: 2_000,
    amount: 3_000,
    at: '2030-03-02T17:05:00.000Z',
  };

  it('shows each settled window with its figures and the total, and filters by kind', async () => {
    showAgent(<MyIncome />);
    await waitFor(() => expect(server.pending(INCOME)).toHaveLength(1));
    expect(lastQuery(INCOME)).toEqual({ ...RANGE, pageNo: 1, pageSize: 20 });
    await server.reply(INCOME, { list: [settlement], totals: { amount: 3_000 }, totalPages: 1 });
    expect(await screen.findByLabelText('Totals')).toHaveTextContent('Total income$30.00');
    const row = within(screen.getByRole('table', { name: 'My income' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Daily salary4$10,000.00$10,000.000.50%$50.00$20.00$30.00');
    await userEvent.selectOptions(screen.getByLabelText('Contract'), 'DIVIDEND');
    await waitFor(() =>
      expect(lastQuery(INCOME)).toEqual({ ...RANGE, kind: 'DIVIDEND', pageNo: 1, pageSize: 20 }),
    );
  });

  it('of one kind (a contract page’s record) asks for that kind alone, without the kind filter or column', async () => {
    showAgent(<MyIncome kind="HOURLY_SALARY" />);
    await waitFor(() => expect(server.pending(INCOME)).toHaveLength(1));
    expect(lastQuery(INCOME)).toEqual({ ...RANGE, kind: 'HOURLY_SALARY', pageNo: 1, pageSize: 20 });
    expect(screen.queryByLabelText('Contract')).toBeNull();
    await server.reply(INCOME, {
      list: [{ ...settlement, kind: 'HOURLY_SALARY' }],
      totals: { amount: 3_000 },
      totalPages: 1,
    });
    const table = await screen.findByRole('table', { name: 'My income' });
    expect(within(table).queryByRole('columnheader', { name: 'Contract' })).toBeNull();
    expect(within(table).queryByText('Hourly salary')).toBeNull();
  });

  it('says when the income fails to load and retries', async () => {
    showAgent(<MyIncome />);
    await failsThenRetries(INCOME);
    await server.reply(INCOME, { list: [], totals: { amount: 0 }, totalPages: 0 });
    expect(await screen.findByText('No income in this period.')).toBeInTheDocument();
  });
});

describe('Account details', () => {
  it('shows the downline’s movements signed, and filters by account and kind', async () => {
    showAgent(<AccountDetails />);
    await waitFor(() => expect(server.pending(TRANSACTIONS)).toHaveLength(1));
    expect(lastQuery(TRANSACTIONS)).toEqual({ ...RANGE, pageNo: 1, pageSize: 20 });
    await server.reply(TRANSACTIONS, {
      list: [
        {
          id: 2,
          account: 'm1',
          kind: 'DEPOSIT',
          detail: 'DEPOSIT_CREDIT',
          amount: 10_000,
          balanceAfter: 12_000,
          at: '2030-03-02T10:00:00Z',
        },
        {
          id: 1,
          account: 'm2',
          kind: 'WITHDRAWAL',
          detail: 'WITHDRAWAL_HOLD',
          amount: -500,
          balanceAfter: 2_000,
          at: '2030-03-01T10:00:00Z',
        },
      ],
      totalPages: 1,
    });
    const rows = within(await screen.findByRole('table', { name: 'Account details' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('m1DepositDEPOSIT_CREDIT+$100.00$120.00');
    expect(rows[2]).toHaveTextContent('m2WithdrawalWITHDRAWAL_HOLD-$5.00$20.00');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'CONTRACT');
    await waitFor(() => expect(lastQuery(TRANSACTIONS)).toMatchObject({ kind: 'CONTRACT', pageNo: 1 }));
    await userEvent.type(screen.getByLabelText('Account'), 'm2');
    await waitFor(() =>
      expect(lastQuery(TRANSACTIONS)).toEqual({
        ...RANGE,
        account: 'm2',
        kind: 'CONTRACT',
        pageNo: 1,
        pageSize: 20,
      }),
    );
  });

  it('says when the movements fail to load and retries', async () => {
    showAgent(<AccountDetails />);
    await failsThenRetries(TRANSACTIONS);
  });
});
