import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PointReward, Redemption } from '../../../contract/points.ts';
import type { WhitelabelInfo } from '../../../contract/system.ts';
import { ApiError } from '../../api/client.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { server } from '../../test/authHarness.tsx';
import { answer, show } from '../../test/memberHarness.tsx';
import { PointMall } from './PointMall.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const BALANCE = '/wps/points/balance';
const REWARDS = '/wps/points/rewards';
const REDEEM = '/wps/points/redeem';
const REDEMPTIONS = '/wps/points/redemptions';
const CONVERT = '/wps/points/convert';
const ENTRIES = '/wps/points/entries';
const WALLET = '/wps/v2/wallets/balance';

afterEach(() => server.reset());

const site = (PTSYS3: boolean) =>
  [[whitelabelQuery().queryKey, { features: { PTSYS3 }, firebase: null } as unknown as WhitelabelInfo]] as [
    readonly unknown[],
    unknown,
  ][];

const CONFIG = { earnPerBet: 1, convertRate: 100, minConvert: 100 };
const reward = (r: Partial<PointReward>): PointReward => ({
  id: 1,
  name: 'Cash voucher 10.00',
  points: 1_000,
  kind: 'CASH',
  cashAmount: 1_000,
  stockLeft: null,
  ...r,
});
const REWARDS_VALUE = {
  list: [
    reward({}),
    reward({ id: 2, name: 'Phone case', points: 2_000, kind: 'GOODS', cashAmount: null, stockLeft: 25 }),
    reward({ id: 3, name: 'Travel mug', points: 3_000, kind: 'GOODS', cashAmount: null, stockLeft: 0 }),
    reward({ id: 4, name: 'Cash voucher 50.00', points: 9_000, cashAmount: 5_000 }),
  ],
  totalPages: 1,
};
const redemption = (r: Partial<Redemption>): Redemption => ({
  id: 1,
  rewardId: 2,
  name: 'Phone case',
  kind: 'GOODS',
  cashAmount: null,
  points: 2_000,
  status: 'IN_PROCESS',
  remark: null,
  createdAt: '2030-03-01T10:00:00.000Z',
  decidedAt: null,
  ...r,
});
const EMPTY = { list: [], totalPages: 0 };

/** The mall of a member with 6,000 points, its lists answered. */
async function openMall(lists: { redemptions?: unknown; entries?: unknown } = {}) {
  show(<PointMall />, 'member', {}, site(true));
  await answer(BALANCE, { points: 6_000, config: CONFIG });
  await answer(REWARDS, REWARDS_VALUE);
  await answer(REDEMPTIONS, lists.redemptions ?? EMPTY);
  await answer(ENTRIES, lists.entries ?? EMPTY);
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

describe('Points mall: who sees it', () => {
  it('asks a visitor to log in', async () => {
    show(<PointMall />, 'visitor', {}, site(true));
    expect(await screen.findByText('Not logged in, please login.')).toBeInTheDocument();
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
    expect(server.sent(BALANCE)).toHaveLength(0);
  });

  it('asks a trial account to register', async () => {
    show(<PointMall />, 'trial', {}, site(true));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please Register An Account First');
    expect(server.sent(BALANCE)).toHaveLength(0);
  });

  it('says the mall is not available where the merchant has it off', async () => {
    show(<PointMall />, 'member', {}, site(false));
    expect(await screen.findByText('The points mall is not available on this site.')).toBeInTheDocument();
    expect(server.sent(BALANCE)).toHaveLength(0);
  });
});

describe('Points mall', () => {
  it('shows the balance and the rewards with their price and stock', async () => {
    await openMall();
    expect(screen.getByRole('region', { name: 'My points' })).toHaveTextContent('6,000');
    expect(screen.getByText(/Every \$1\.00 of settled bets earns 1 point\. Points/)).toBeInTheDocument();
    const voucher = card('Cash voucher 10.00');
    expect(voucher).toHaveTextContent('$10.00 to your main wallet');
    expect(voucher).toHaveTextContent('1,000 points');
    expect(voucher).toHaveTextContent('In stock');
    expect(card('Phone case')).toHaveTextContent('25 left');
    const mug = within(card('Travel mug')).getByRole('button', { name: 'Redeem Travel mug' });
    expect(mug).toBeDisabled();
    expect(mug).toHaveAccessibleDescription('Out of stock');
    const dear = within(card('Cash voucher 50.00')).getByRole('button', {
      name: 'Redeem Cash voucher 50.00',
    });
    expect(dear).toHaveAccessibleDescription('Not enough points');
  });

  it('redeems with the login password: a wrong one shows under the field and keeps what was typed', async () => {
    await openMall();
    await userEvent.click(within(card('Phone case')).getByRole('button', { name: 'Redeem Phone case' }));
    const dialog = screen.getByRole('dialog', { name: 'Redeem Phone case' });
    const password = within(dialog).getByLabelText('Login password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm redemption' }));
    expect(password).toHaveAccessibleDescription('Please enter your password');
    expect(server.sent(REDEEM)).toHaveLength(0);

    await userEvent.type(password, 'Wrong123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm redemption' }));
    await waitFor(() => expect(server.pending(REDEEM)).toHaveLength(1));
    const first = server.next(REDEEM).input.body as { rewardId: number; password: string; requestId: string };
    expect(first).toMatchObject({ rewardId: 2, password: 'Wrong123' });
    await server.fail(
      REDEEM,
      new ApiError('VALIDATION', 'The password is incorrect', { password: 'The password is incorrect' }, 400),
    );
    expect(await within(dialog).findByText('The password is incorrect')).toBeInTheDocument();
    expect(password).toHaveValue('Wrong123');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(server.sent(BALANCE)).toHaveLength(1);

    await userEvent.clear(password);
    await userEvent.type(password, 'Player123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm redemption' }));
    await waitFor(() => expect(server.pending(REDEEM)).toHaveLength(1));
    // The same request id: a lost answer never makes a second redemption.
    expect(server.next(REDEEM).input.body).toEqual({ ...first, password: 'Player123' });
    await server.reply(REDEEM, { redemption: redemption({ id: 5 }), points: 4_000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent('Phone case redeemed: it is now In Process.');
    await waitFor(() => expect(server.pending(BALANCE)).toHaveLength(1));
    expect(server.pending(REDEMPTIONS)).toHaveLength(1);
  });

  it('shows a refused redemption (out of stock) in the dialog', async () => {
    await openMall();
    await userEvent.click(within(card('Phone case')).getByRole('button', { name: 'Redeem Phone case' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Login password'), 'Player123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm redemption' }));
    await waitFor(() => expect(server.pending(REDEEM)).toHaveLength(1));
    await server.fail(REDEEM, new ApiError('CONFLICT', 'This reward is out of stock', {}, 409));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This reward is out of stock');
    // The rewards are asked again, so the grid shows the stock as it is now.
    await waitFor(() => expect(server.pending(REWARDS)).toHaveLength(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists redemptions as In Process, Rejected and Approved, filtered by status', async () => {
    await openMall({
      redemptions: {
        list: [
          redemption({ id: 3 }),
          redemption({ id: 2, status: 'REJECTED', remark: 'Sold out' }),
          redemption({ id: 1, name: 'Cash voucher 10.00', points: 1_000, status: 'APPROVED' }),
        ],
        totalPages: 1,
      },
    });
    const table = screen.getByRole('table', { name: 'Redeemed rewards' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelectorAll('td')[3]!.textContent),
    ).toEqual(['In Process', 'RejectedSold out', 'Approved']);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Rejected');
    await waitFor(() => expect(server.pending(REDEMPTIONS)).toHaveLength(1));
    expect(server.next(REDEMPTIONS).input.query).toEqual({ pageNo: 1, pageSize: 10, status: 'REJECTED' });
  });

  it('converts points: the amount shows before confirming, then the money and points refresh', async () => {
    await openMall();
    const field = screen.getByLabelText('Points to convert');
    await userEvent.type(field, '250');
    expect(field).toHaveAccessibleDescription('You receive $2.50');
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(screen.getByText('Convert 250 points into $2.50?')).toBeInTheDocument();
    expect(server.sent(CONVERT)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.pending(CONVERT)).toHaveLength(1));
    const body = server.next(CONVERT).input.body as { points: number; requestId: string };
    expect(body.points).toBe(250);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    await server.reply(CONVERT, { points: 250, amount: 250, pointsLeft: 5_750, balance: 100_250 });
    expect(
      await screen.findByText('250 points converted: $2.50 added to your main wallet.'),
    ).toBeInTheDocument();
    expect(field).toHaveValue('');
    await waitFor(() => expect(server.pending(BALANCE)).toHaveLength(1));
    expect(server.pending(WALLET).length).toBeGreaterThan(0);
  });

  it('checks the points before converting and shows the server’s word under the field', async () => {
    await openMall();
    const field = screen.getByLabelText('Points to convert');
    await userEvent.type(field, '99');
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(field).toHaveAccessibleDescription('Convert at least 100 points');
    await userEvent.clear(field);
    await userEvent.type(field, '7000');
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(field).toHaveAccessibleDescription('Not enough points');
    expect(server.sent(CONVERT)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.pending(CONVERT)).toHaveLength(1));
    await server.fail(
      CONVERT,
      new ApiError(
        'VALIDATION',
        'Convert at least 1000 points',
        { points: 'Convert at least 1000 points' },
        400,
      ),
    );
    expect(await screen.findByText('Convert at least 1000 points')).toBeInTheDocument();
    expect(field).toHaveValue('500');
  });

  it('shows the points history with signed amounts', async () => {
    await openMall({
      entries: {
        list: [
          {
            id: 3,
            amount: -2_000,
            kind: 'REDEEM',
            balanceAfter: 6_000,
            createdAt: '2030-03-02T10:00:00.000Z',
          },
          { id: 2, amount: 223, kind: 'EARN', balanceAfter: 8_000, createdAt: '2030-03-01T10:00:00.000Z' },
        ],
        totalPages: 1,
      },
    });
    const rows = within(await screen.findByRole('table', { name: 'Points history' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Redeemed-2,0006,000');
    expect(rows[2]).toHaveTextContent('Earned by bets+2238,000');
  });

  it('offers a retry when the points cannot load', async () => {
    show(<PointMall />, 'member', {}, site(true));
    await waitFor(() => expect(server.pending(BALANCE)).toHaveLength(1));
    await server.fail(BALANCE, new ApiError('NETWORK', ''));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await answer(BALANCE, { points: 10, config: CONFIG });
    expect(await screen.findByRole('region', { name: 'My points' })).toHaveTextContent('10');
  });
});
