import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { server } from '../../../test/authHarness.tsx';
import { answer, show } from '../../../test/memberHarness.tsx';
import { ManualRebate } from './ManualRebate.tsx';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

const CLAIMABLE = '/wps/rebate/claimable';
const CLAIM = '/wps/rebate/claim';
const HISTORY = '/wps/rebate/history';
const BALANCE = '/wps/v2/wallets/balance';

afterEach(() => server.reset());

const FROM = '2030-03-01T00:00:00.000Z';
const UNTIL = '2030-03-03T11:55:00.000Z';
const CLAIMABLE_VALUE = {
  from: FROM,
  until: UNTIL,
  rows: [
    { gameType: 'RNG', turnover: 22_345, rateBp: 80, rebate: 178 },
    { gameType: 'LIVE', turnover: 3_333_300, rateBp: 50, rebate: 16_666 },
  ],
  total: 16_844,
  minClaim: 100,
};
const NO_HISTORY = { list: [], totalPages: 0 };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Manual rebate', () => {
  it('shows the rebate per game type and the total, claims it, and refreshes the balance and lists', async () => {
    show(<ManualRebate />);
    await answer(CLAIMABLE, CLAIMABLE_VALUE);
    await answer(HISTORY, NO_HISTORY);
    await answer(BALANCE, { sumBalance: 1_000, currency: 'USD', currencySign: '$' });
    const table = await screen.findByRole('table', { name: 'Rebate by game type' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Game typeTurnoverRateRebate', 'RNG$223.450.80%$1.78', 'LIVE$33,333.000.50%$166.66']);
    expect(screen.getByText('Total rebate').parentElement).toHaveTextContent('$168.44');
    expect(document.querySelector(`time[datetime="${FROM}"]`)).not.toBeNull();
    expect(document.querySelector(`time[datetime="${UNTIL}"]`)).not.toBeNull();
    expect(screen.getByText('No rebate claimed yet.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Claim rebate' }));
    await waitFor(() => expect(server.pending(CLAIM)).toHaveLength(1));
    expect((server.next(CLAIM).input.body as { requestId: string }).requestId).toMatch(uuid);
    await server.reply(CLAIM, { amount: 16_844, balance: 17_844 });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Rebate of $168.44 added to your main wallet.',
    );
    await waitFor(() => expect(server.pending(CLAIMABLE)).toHaveLength(1));
    expect(server.pending(HISTORY)).toHaveLength(1);
    expect(server.pending(BALANCE)).toHaveLength(1);
  });

  it('keeps the claim button off below the minimum and says why', async () => {
    show(<ManualRebate />);
    await answer(CLAIMABLE, {
      ...CLAIMABLE_VALUE,
      rows: [{ gameType: 'FISH', turnover: 999, rateBp: 70, rebate: 6 }],
      total: 6,
    });
    const button = await screen.findByRole('button', { name: 'Claim rebate' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('The rebate can be claimed from $1.00.');
  });

  it('says when there is no turnover since the last claim', async () => {
    show(<ManualRebate />);
    await answer(CLAIMABLE, { ...CLAIMABLE_VALUE, rows: [], total: 0 });
    expect(await screen.findByText('No turnover since your last claim.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim rebate' })).toBeDisabled();
  });

  it('shows a refused claim; trying again sends the same request id', async () => {
    show(<ManualRebate />);
    await answer(CLAIMABLE, CLAIMABLE_VALUE);
    await userEvent.click(await screen.findByRole('button', { name: 'Claim rebate' }));
    await waitFor(() => expect(server.pending(CLAIM)).toHaveLength(1));
    const first = (server.next(CLAIM).input.body as { requestId: string }).requestId;
    await server.fail(CLAIM, new ApiError('NETWORK', ''));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    // The claimable rebate is asked again: answer it as before.
    await answer(CLAIMABLE, CLAIMABLE_VALUE);
    await userEvent.click(screen.getByRole('button', { name: 'Claim rebate' }));
    await waitFor(() => expect(server.pending(CLAIM)).toHaveLength(1));
    expect(server.next(CLAIM).input.body).toEqual({ requestId: first });
  });

  it('offers a retry when the rebate cannot load', async () => {
    show(<ManualRebate />);
    await waitFor(() => expect(server.pending(CLAIMABLE)).toHaveLength(1));
    await server.fail(CLAIMABLE, new ApiError('NETWORK', ''));
    const section = await screen.findByRole('region', { name: 'Claimable rebate' });
    expect(within(section).getByRole('alert')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    await answer(CLAIMABLE, CLAIMABLE_VALUE);
    expect(await screen.findByRole('table', { name: 'Rebate by game type' })).toBeInTheDocument();
  });

  it('lists past claims with pages', async () => {
    show(<ManualRebate />);
    await waitFor(() => expect(server.pending(HISTORY)).toHaveLength(1));
    expect(server.next(HISTORY).input.query).toEqual({ pageNo: 1, pageSize: 10 });
    await server.reply(HISTORY, {
      list: [
        {
          id: 9,
          from: '2030-02-20T00:00:00.000Z',
          until: '2030-02-28T23:55:00.000Z',
          amount: 4_321,
          rows: [{ gameType: 'RNG', turnover: 540_125, rateBp: 80, rebate: 4_321 }],
          createdAt: '2030-03-01T00:00:00.000Z',
        },
      ],
      totalPages: 2,
    });
    const table = await screen.findByRole('table', { name: 'Rebate history' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('$43.21');
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Rebate history pages' })).getByRole('button', {
        name: /2/,
      }),
    );
    await waitFor(() => expect(server.pending(HISTORY)).toHaveLength(1));
    expect(server.next(HISTORY).input.query).toEqual({ pageNo: 2, pageSize: 10 });
  });
});
