import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { server } from '../auth/test/harness.tsx';
import { ResponsibleGaming } from './ResponsibleGaming.tsx';
import { show } from './test/memberHarness.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../auth/test/harness.tsx')).server.call,
}));

const STATUS = '/wps/member/responsible';
const LIMIT = '/wps/member/responsible/limit';
const BREAK = '/wps/member/responsible/break';

afterEach(() => server.reset());

describe('Responsible gaming', () => {
  it('lists limits with what is used and a pending raise, and sets a limit in minor units', async () => {
    show(<ResponsibleGaming sign="$" onBreak={() => {}} />);
    await waitFor(() => expect(server.pending(STATUS)).toHaveLength(1));
    await server.reply(STATUS, {
      limits: [
        {
          kind: 'DEPOSIT',
          period: 'D',
          amount: 50_000,
          pendingAmount: 90_000,
          pendingFrom: '2030-01-02T03:04:00.000Z',
          used: 12_500,
        },
      ],
      break: null,
    });
    const limit = await screen.findByRole('listitem');
    expect(limit).toHaveTextContent(/Deposit limit · Per day: \$500\.00/);
    expect(limit).toHaveTextContent(/used \$125\.00/);
    expect(limit).toHaveTextContent(/Becomes \$900\.00 from/);

    const form = screen.getByRole('form', { name: 'Set a limit' });
    await userEvent.selectOptions(within(form).getByLabelText('Limit'), 'LOSS');
    await userEvent.selectOptions(within(form).getByLabelText('Period'), 'W');
    await userEvent.type(within(form).getByLabelText('Amount'), '12.345');
    await userEvent.click(within(form).getByRole('button', { name: 'Save limit' }));
    expect(within(form).getByText('An amount has at most 2 decimals')).toBeInTheDocument();
    expect(server.pending(LIMIT)).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('Amount'));
    await userEvent.type(within(form).getByLabelText('Amount'), '200.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(server.pending(LIMIT)).toHaveLength(1));
    expect(server.next(LIMIT).input.body).toEqual({ kind: 'LOSS', period: 'W', amount: 20_050 });
  });

  it('starts a break with the password, keeps the password on a refusal, and ends the session on success', async () => {
    const onBreak = vi.fn();
    show(<ResponsibleGaming sign="$" onBreak={onBreak} />);
    await waitFor(() => expect(server.pending(STATUS)).toHaveLength(1));
    await server.reply(STATUS, { limits: [], break: null });
    const form = screen.getByRole('form', { name: 'Take a break' });
    await userEvent.selectOptions(within(form).getByLabelText('Take a break'), '7D');
    await userEvent.type(within(form).getByLabelText('Login password'), 'wrong');
    await userEvent.click(within(form).getByRole('button', { name: 'Start the break' }));
    await waitFor(() => expect(server.pending(BREAK)).toHaveLength(1));
    expect(server.next(BREAK).input.body).toEqual({ length: '7D', password: 'wrong' });
    await server.fail(
      BREAK,
      new ApiError('VALIDATION', 'The password is incorrect', { password: 'The password is incorrect' }, 400),
    );
    expect(await within(form).findByText('The password is incorrect')).toBeInTheDocument();
    expect(within(form).getByLabelText('Login password')).toHaveValue('wrong');
    expect(onBreak).not.toHaveBeenCalled();
    await userEvent.click(within(form).getByRole('button', { name: 'Start the break' }));
    await waitFor(() => expect(server.pending(BREAK)).toHaveLength(1));
    await server.reply(BREAK, { endsAt: '2030-01-09T00:00:00.000Z' });
    await waitFor(() => expect(onBreak).toHaveBeenCalledOnce());
  });
});
