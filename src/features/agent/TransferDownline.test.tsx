import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { showAgent } from '../../test/agentHarness.tsx';
import { server } from '../../test/authHarness.tsx';
import { TransferDownline } from './TransferDownline.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

afterEach(() => server.reset());

const DOWNLINE = '/wps/agent/downline';
const TRANSFER = '/wps/agent/transfer';

const account = (id: number, name: string, agentType = 0) => ({
  id,
  account: name,
  agentType,
  level: 1,
  uplineAccount: 'agent01',
  teamSize: 0,
  balance: 5_000,
  createdAt: '2030-01-01T00:00:00.000Z',
  lastLoginAt: null,
});

const reply = (amount: number) => ({
  balance: 500_000 - amount,
  remainingToday: 20_000_000 - amount,
  transfer: {
    id: 9,
    agent: { id: 21, account: 'agent01' },
    member: { id: 31, account: 'member31' },
    amount,
    at: '2030-01-01T00:00:00.000Z',
  },
});

/** The page with its direct downline listed: member31 and agent32. */
async function shown() {
  showAgent(<TransferDownline />);
  await waitFor(() => expect(server.pending(DOWNLINE)).toHaveLength(1));
  expect(server.next(DOWNLINE).input.query).toMatchObject({ scope: 'direct', pageNo: 1 });
  await server.reply(DOWNLINE, { list: [account(31, 'member31'), account(32, 'agent32', 2)], totalPages: 1 });
  return screen.findByRole('form', { name: 'Transfer to downline' });
}

const fillForm = async (amount: string, password: string) => {
  await userEvent.click(await screen.findByRole('button', { name: /^member31/ }));
  await userEvent.type(screen.getByLabelText('Amount'), amount);
  await userEvent.type(screen.getByLabelText('Payment password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
};

describe('Transfer to downline', () => {
  it('says what is missing before anything is sent', async () => {
    const form = await shown();
    await userEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Choose an account of your direct downline')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription('Please enter an amount');
    expect(screen.getByLabelText('Payment password')).toHaveAccessibleDescription('This field is required');
    await userEvent.type(screen.getByLabelText('Amount'), '1.234');
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
      'Enter an amount such as 100 or 100.50',
    );
    expect(server.sent(TRANSFER)).toEqual([]);
  });

  it('searches the direct downline, confirms on a summary and shows the result', async () => {
    await shown();
    await userEvent.type(screen.getByLabelText('Find a direct downline account'), 'mem');
    await waitFor(() => expect(server.pending(DOWNLINE).length).toBeGreaterThan(0));
    expect(server.sent(DOWNLINE).at(-1)!.input.query).toMatchObject({ scope: 'direct', account: 'mem' });
    while (server.pending(DOWNLINE).length > 0)
      await server.reply(DOWNLINE, { list: [account(31, 'member31')], totalPages: 1 });
    await fillForm('1,234.50', '246810');
    expect(screen.getByRole('button', { name: 'Confirm transfer' })).toBeInTheDocument();
    expect(screen.getByText('member31', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    const body = server.next(TRANSFER).input.body as Record<string, unknown>;
    expect(body).toMatchObject({ downlineId: 31, amount: 123_450, paymentPassword: '246810' });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    await server.reply(TRANSFER, reply(123_450));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Transferred $1,234.50 to member31. Your main wallet now holds $3,765.50; you can transfer $198,765.50 more today.',
    );
  });

  it('keeps what was typed on a failure, shows the server’s words under the field, retries the same request', async () => {
    await shown();
    await fillForm('20', '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    const first = (server.next(TRANSFER).input.body as { requestId: string }).requestId;
    await server.fail(
      TRANSFER,
      new ApiError('VALIDATION', 'The payment password is incorrect', {
        paymentPassword: 'The payment password is incorrect',
      }),
    );
    expect(await screen.findByLabelText('Payment password')).toHaveAccessibleDescription(
      'The payment password is incorrect',
    );
    expect(screen.getByLabelText('Amount')).toHaveValue('20');
    expect(screen.getByText('Sending to member31')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Payment password'));
    await userEvent.type(screen.getByLabelText('Payment password'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    const second = server.next(TRANSFER).input.body as { requestId: string; paymentPassword: string };
    expect(second).toMatchObject({ requestId: first, paymentPassword: '246810' });
    await server.fail(TRANSFER, new ApiError('NETWORK', ''));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    expect((server.next(TRANSFER).input.body as { requestId: string }).requestId).toBe(first);
    await server.reply(TRANSFER, reply(2_000));
    await userEvent.click(await screen.findByRole('button', { name: 'Make another transfer' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Amount'), '5');
    await userEvent.type(screen.getByLabelText('Payment password'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    expect((server.next(TRANSFER).input.body as { requestId: string }).requestId).not.toBe(first);
  });
});
