import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mission } from '../../../../contract/missions.ts';
import { selectIsTrial } from '../../../../machines/session.connect.ts';
import { ApiError } from '../../../api/client.ts';
import { SessionContext } from '../../../session/sessionContext.ts';
import { server } from '../../../test/authHarness.tsx';
import { answer, show } from '../../../test/memberHarness.tsx';
import { Missions } from './Missions.tsx';
import { useOpenMissionCount } from './queries.ts';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

const SUMMARY = '/wps/mission/summary';
const BOARD = '/wps/mission/leaderboard';
const CLAIM = '/wps/mission/claim';
const BALANCE = '/wps/v2/wallets/balance';

afterEach(() => server.reset());

const DAY_END = '2030-03-03T17:00:00.000Z';
const mission = (m: Partial<Mission>): Mission => ({
  code: 'DAILY_BET_100',
  period: 'DAILY',
  metric: 'BET_AMOUNT',
  target: 10_000,
  progress: 0,
  reward: 200,
  status: 'IN_PROGRESS',
  periodEnd: DAY_END,
  ...m,
});
const SUMMARY_VALUE = {
  openCount: 3,
  missions: [
    mission({ progress: 7_550 }),
    mission({
      code: 'DAILY_ROUNDS_20',
      metric: 'ROUNDS',
      target: 20,
      progress: 25,
      reward: 100,
      status: 'CLAIMABLE',
    }),
    mission({ code: 'DAILY_WIN_1', metric: 'WINS', target: 1, progress: 1, reward: 50, status: 'CLAIMED' }),
    mission({
      code: 'WEEKLY_BET_2000',
      period: 'WEEKLY',
      target: 200_000,
      progress: 0,
      reward: 3_000,
      periodEnd: '2030-03-09T17:00:00.000Z',
    }),
  ],
};

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;

describe('Missions', () => {
  it('shows each mission’s progress, reward, period end and state', async () => {
    show(<Missions />);
    expect(screen.getByRole('tab', { name: 'Missions' })).toHaveAttribute('aria-selected', 'true');
    await answer(SUMMARY, SUMMARY_VALUE);
    expect(await screen.findByText('3 missions open')).toBeInTheDocument();

    const bet = screen.getByRole('progressbar', { name: 'Bet $100.00 in total today' });
    expect(bet).toHaveAttribute('aria-valuenow', '7550');
    expect(bet).toHaveAttribute('aria-valuemax', '10000');
    expect(bet).toHaveAttribute('aria-valuetext', '$75.50 of $100.00');
    expect(within(card('Bet $100.00 in total today')).getByText('Reward: $2.00')).toBeInTheDocument();
    expect(
      within(card('Bet $100.00 in total today')).getByRole('button', { name: 'In progress' }),
    ).toBeDisabled();
    expect(card('Bet $100.00 in total today').querySelector('time')).toHaveAttribute('datetime', DAY_END);

    // Progress past the target fills the bar and no more.
    const rounds = screen.getByRole('progressbar', { name: 'Play 20 rounds today' });
    expect(rounds).toHaveAttribute('aria-valuenow', '20');
    expect(rounds).toHaveAttribute('aria-valuetext', '20 of 20');
    expect(within(card('Play 20 rounds today')).getByRole('button', { name: 'Claim' })).toBeEnabled();

    expect(within(card('Win 1 round today')).getByText('Claimed')).toBeInTheDocument();
    expect(within(card('Win 1 round today')).queryByRole('button')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Bet $2,000.00 in total this week' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(within(card('Bet $2,000.00 in total this week')).getByText('Weekly')).toBeInTheDocument();
  });

  it('claims a reward, says so, and refreshes the missions and the balance', async () => {
    show(<Missions />);
    await answer(SUMMARY, SUMMARY_VALUE);
    await screen.findByText('3 missions open');
    await answer(BALANCE, { sumBalance: 12_245, currency: 'USD', currencySign: '$' });
    await userEvent.click(within(card('Play 20 rounds today')).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(server.pending(CLAIM)).toHaveLength(1));
    expect(server.next(CLAIM).input.body).toEqual({ code: 'DAILY_ROUNDS_20' });
    await server.reply(CLAIM, { reward: 100, balance: 12_345 });
    expect(await screen.findByRole('status')).toHaveTextContent('$1.00 was added to your main wallet.');
    await waitFor(() => expect(server.pending(SUMMARY)).toHaveLength(1));
    await waitFor(() => expect(server.pending(BALANCE)).toHaveLength(1));
  });

  it('shows a refused claim', async () => {
    show(<Missions />);
    await answer(SUMMARY, SUMMARY_VALUE);
    await screen.findByText('3 missions open');
    await userEvent.click(within(card('Play 20 rounds today')).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(server.pending(CLAIM)).toHaveLength(1));
    await server.fail(CLAIM, new ApiError('CONFLICT', 'This mission is not complete yet', {}, 409));
    expect(await screen.findByRole('alert')).toHaveTextContent('This mission is not complete yet');
    // The missions are asked again, to show them as they are now.
    await waitFor(() => expect(server.pending(SUMMARY)).toHaveLength(1));
  });

  it('offers a retry when the missions cannot load', async () => {
    show(<Missions />);
    await waitFor(() => expect(server.pending(SUMMARY)).toHaveLength(1));
    await server.fail(SUMMARY, new ApiError('NETWORK', ''));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await answer(SUMMARY, SUMMARY_VALUE);
    expect(await screen.findByText('3 missions open')).toBeInTheDocument();
  });
});

describe('Mission leaderboard', () => {
  const board = (period: 'DAILY' | 'WEEKLY', myRank: number | null) => ({
    period,
    periodEnd: DAY_END,
    list: [
      { rank: 1, account: 'lu***01', betAmount: 500_000 },
      { rank: 2, account: 'pl***01', betAmount: 120_000 },
      { rank: 3, account: 'ab***yz', betAmount: 9_950 },
    ],
    me: { rank: myRank, betAmount: myRank ? 120_000 : 0 },
  });

  it('lists the top members with the member’s own row marked, by day or week; tabs work by keyboard', async () => {
    show(<Missions />);
    await answer(SUMMARY, SUMMARY_VALUE);
    const missionsTab = screen.getByRole('tab', { name: 'Missions' });
    missionsTab.focus();
    await userEvent.keyboard('{ArrowRight}');
    const tab = screen.getByRole('tab', { name: 'Leaderboard' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Leaderboard' })).toBeInTheDocument();

    await waitFor(() => expect(server.pending(BOARD)).toHaveLength(1));
    expect(server.next(BOARD).input.query).toEqual({ period: 'DAILY' });
    await server.reply(BOARD, board('DAILY', 2));
    const table = await screen.findByRole('table', { name: "Today's leaderboard" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1lu***01$5,000.00',
      '2pl***01You$1,200.00',
      '3ab***yz$99.50',
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Your rank: 2 · bets $1,200.00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(screen.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(server.pending(BOARD)).toHaveLength(1));
    expect(server.next(BOARD).input.query).toEqual({ period: 'WEEKLY' });
    await server.reply(BOARD, board('WEEKLY', null));
    expect(await screen.findByRole('table', { name: "This week's leaderboard" })).toBeInTheDocument();
    expect(screen.getByText('You have no settled bets in this period yet.')).toBeInTheDocument();
    expect(screen.queryByText('You')).toBeNull();

    screen.getByRole('tab', { name: 'Leaderboard' }).focus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Missions' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says when nobody has bet yet', async () => {
    show(<Missions />);
    await answer(SUMMARY, SUMMARY_VALUE);
    await userEvent.click(screen.getByRole('tab', { name: 'Leaderboard' }));
    await answer(BOARD, { ...board('DAILY', null), list: [] });
    expect(await screen.findByText('No bets in this period yet.')).toBeInTheDocument();
  });
});

/** The badge's count, and whether the session has settled as a trial account (so the test knows it may look). */
function Badge() {
  const trial = SessionContext.useSelector(selectIsTrial);
  return (
    <p data-testid="open" data-trial={trial}>
      {useOpenMissionCount()}
    </p>
  );
}

describe('useOpenMissionCount', () => {
  it('is the summary’s open count for a member', async () => {
    show(<Badge />);
    await answer(SUMMARY, SUMMARY_VALUE);
    await waitFor(() => expect(screen.getByTestId('open')).toHaveTextContent('3'));
  });

  it('asks nothing for a trial account', async () => {
    show(<Badge />, 'trial');
    await waitFor(() => expect(screen.getByTestId('open')).toHaveAttribute('data-trial', 'true'));
    expect(screen.getByTestId('open')).toHaveTextContent('0');
    expect(server.sent(SUMMARY)).toHaveLength(0);
  });
});
