import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { server } from '../../../test/authHarness.tsx';
import { answer, show } from '../../../test/memberHarness.tsx';
import { TransferFund } from './TransferFund.tsx';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

const TRANSFER = '/wps/relay/GCS_walletTransfer';
const WALLETS = {
  singleWallet: false,
  wallets: [
    { kind: 'MAIN', balance: 100_000 },
    { kind: 'AG', balance: 2_550 },
    { kind: 'PT', balance: 0 },
  ],
};

afterEach(() => server.reset());

describe('My Wallet', () => {
  it('moves money into and out of a vendor wallet and shows the new balances', async () => {
    show(<TransferFund />);
    await answer('/wps/v2/wallets', WALLETS);
    expect(await screen.findByText('$1,000.00')).toBeInTheDocument();
    expect(screen.getByText('$25.50')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Transfer' });
    await userEvent.selectOptions(within(form).getByLabelText('Game wallet'), 'PT');
    await userEvent.type(within(form).getByLabelText('Amount'), '12.3');
    await userEvent.click(within(form).getByRole('button', { name: 'Transfer in to PT' }));
    await waitFor(() => expect(server.pending(TRANSFER)).toHaveLength(1));
    const first = server.next(TRANSFER).input.body as Record<string, unknown>;
    expect(first).toMatchObject({ direction: 'in', vendor: 'PT', amount: 1_230 });
    await server.reply(TRANSFER, {
      wallets: [
        { kind: 'MAIN', balance: 98_770 },
        { kind: 'AG', balance: 2_550 },
        { kind: 'PT', balance: 1_230 },
      ],
    });
    expect(await screen.findByText('$987.70')).toBeInTheDocument();
    expect(screen.getByText('Transfer done.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Amount'), '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Transfer out to main wallet' }));
    await waitFor(() => expect(server.pending(TRANSFER)).toHaveLength(1));
    const second = server.next(TRANSFER).input.body as Record<string, unknown>;
    expect(second).toMatchObject({ direction: 'out', vendor: 'PT', amount: 500 });
    expect(second.requestId).not.toBe(first.requestId);
  });

  it('keeps the amount and the request id when a transfer fails', async () => {
    show(<TransferFund />);
    await answer('/wps/v2/wallets', WALLETS);
    const form = await screen.findByRole('form', { name: 'Transfer' });
    await userEvent.type(within(form).getByLabelText('Amount'), '2000');
    await userEvent.click(within(form).getByRole('button', { name: 'Transfer in to AG' }));
    await waitFor(() => expect(server.pending(TRANSFER)).toHaveLength(1));
    const id = (server.next(TRANSFER).input.body as { requestId: string }).requestId;
    await server.fail(TRANSFER, new ApiError('INSUFFICIENT_FUNDS', 'Insufficient balance', {}, 409));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(within(form).getByLabelText('Amount')).toHaveValue('2000');
    await userEvent.click(within(form).getByRole('button', { name: 'Transfer in to AG' }));
    await waitFor(() => expect(server.pending(TRANSFER)).toHaveLength(1));
    expect((server.next(TRANSFER).input.body as { requestId: string }).requestId).toBe(id);
  });

  it('refuses a bad amount without a request', async () => {
    show(<TransferFund />);
    await answer('/wps/v2/wallets', WALLETS);
    const form = await screen.findByRole('form', { name: 'Transfer' });
    await userEvent.type(within(form).getByLabelText('Amount'), '1.234');
    await userEvent.click(within(form).getByRole('button', { name: 'Transfer in to AG' }));
    expect(within(form).getByText('An amount has at most 2 decimals')).toBeInTheDocument();
    expect(server.sent(TRANSFER)).toHaveLength(0);
  });

  it('consolidates every vendor wallet home', async () => {
    show(<TransferFund />);
    await answer('/wps/v2/wallets', WALLETS);
    await userEvent.click(await screen.findByRole('button', { name: 'Consolidate' }));
    await waitFor(() => expect(server.pending(TRANSFER)).toHaveLength(1));
    const body = server.next(TRANSFER).input.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['direction', 'requestId']);
    expect(body.direction).toBe('consolidate');
    await server.reply(TRANSFER, {
      wallets: [
        { kind: 'MAIN', balance: 102_550 },
        { kind: 'AG', balance: 0 },
        { kind: 'PT', balance: 0 },
      ],
    });
    expect(await screen.findByText('All game wallets are back in your main wallet.')).toBeInTheDocument();
    expect(screen.getByText('$1,025.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Consolidate' })).toBeDisabled();
  });

  it('explains a single wallet and offers no transfer', async () => {
    show(<TransferFund />);
    await answer('/wps/v2/wallets', { singleWallet: true, wallets: [{ kind: 'MAIN', balance: 5_000 }] });
    expect(await screen.findByText(/This site uses a single wallet/)).toBeInTheDocument();
    expect(screen.getByText('$50.00')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Transfer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Consolidate' })).toBeNull();
  });
});
