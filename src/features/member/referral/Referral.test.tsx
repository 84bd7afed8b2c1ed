import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { server } from '../../../test/authHarness.tsx';
import { answer, show } from '../../../test/memberHarness.tsx';
import { Referral } from './Referral.tsx';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

const INFO = '/wps/referral/info';
const FRIENDS = '/wps/referral/friends';
const info = {
  referralCode: 'K7QM2XPA',
  invited: 3,
  deposited: 2,
  bonusTotal: 35_000,
  terms: { rateBp: 500, maxBonus: 20_000, minDeposit: 10_000 },
};

afterEach(() => server.reset());

describe('Referral code page', () => {
  it('shows the code, the link with its QR, the terms, the figures and the friends', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show(<Referral />);
    await answer(INFO, info);
    expect(await screen.findByText('K7QM2XPA')).toBeInTheDocument();
    const link = `${window.location.origin}/register?referralCode=K7QM2XPA`;
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', link);
    expect(screen.getByRole('img', { name: 'QR code of your invitation link' })).toBeInTheDocument();
    expect(
      screen.getByText(/first deposit of at least \$100\.00, you receive 5% of it, up to \$200\.00/),
    ).toBeInTheDocument();
    expect(screen.getByText('Referral bonus received').nextSibling).toHaveTextContent('$350.00');

    await userEvent.click(screen.getByRole('button', { name: 'Copy invitation link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByRole('button', { name: 'Copy invitation link' })).toHaveTextContent('Copied');

    await answer(FRIENDS, {
      list: [
        { account: 'fr***01', registeredAt: '2030-01-02T03:04:05.000Z', firstDepositAt: null, bonus: null },
        {
          account: 'fr***02',
          registeredAt: '2030-01-01T03:04:05.000Z',
          firstDepositAt: '2030-01-03T03:04:05.000Z',
          bonus: 15_000,
        },
      ],
      totalPages: 1,
    });
    const table = await screen.findByRole('table', { name: 'Friends who registered with your code' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Not yet');
    expect(rows[2]).toHaveTextContent('$150.00');
  });

  it('offers a retry when the page cannot load', async () => {
    show(<Referral />);
    await waitFor(() => expect(server.pending(INFO)).toHaveLength(1));
    await server.fail(INFO, new ApiError('INTERNAL', 'boom', {}, 500));
    await userEvent.click(await screen.findByRole('button', { name: /retry/i }));
    await answer(INFO, info);
    expect(await screen.findByText('K7QM2XPA')).toBeInTheDocument();
  });
});
