import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordRule } from '../../../../machines/login.events.ts';
import { ApiError } from '../../../api/client.ts';
import { server } from '../../../test/authHarness.tsx';
import { show } from '../../../test/memberHarness.tsx';
import { AuthModalsHost } from '../../auth/AuthModalsHost.tsx';
import { ResponsibleGaming } from './ResponsibleGaming.tsx';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
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

  it('explains a break before it starts; Cancel starts nothing', async () => {
    show(<ResponsibleGaming sign="$" onBreak={() => {}} />);
    await waitFor(() => expect(server.pending(STATUS)).toHaveLength(1));
    await server.reply(STATUS, { limits: [], break: null });
    const form = screen.getByRole('form', { name: 'Take a break' });
    await userEvent.selectOptions(within(form).getByLabelText('Take a break'), '24H');
    await userEvent.type(within(form).getByLabelText('Login password'), 'secret');
    const before = Date.now();
    await userEvent.click(within(form).getByRole('button', { name: 'Start the break' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a break?' });
    // Until when, in the member's locale (en: "Nov 28, 2026, 2:02 PM"), never an ISO text.
    const end = new Date(before + 86_400_000);
    const day = end.toLocaleDateString('en', { month: 'short', day: 'numeric', year: 'numeric' });
    expect(dialog).toHaveTextContent(`Your break lasts until ${day}`);
    expect(dialog).not.toHaveTextContent(/\d{4}-\d\d-\d\dT/);
    expect(dialog).toHaveTextContent('You will be logged out at once, on every device.');
    expect(dialog).toHaveTextContent('You cannot play, deposit or claim rewards during the break.');
    expect(dialog).toHaveTextContent('You can still log in to see your account and withdraw your balance.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sent(BREAK)).toHaveLength(0);

    await userEvent.selectOptions(within(form).getByLabelText('Take a break'), 'SELF_EXCLUSION');
    await userEvent.click(within(form).getByRole('button', { name: 'Start the break' }));
    expect(await screen.findByRole('dialog', { name: 'Exclude yourself?' })).toHaveTextContent(
      'Your account will be self-excluded with no end date.',
    );
  });

  it('starts a break with the password, keeps the password on a refusal, and ends the session on success', async () => {
    const onBreak = vi.fn();
    show(<ResponsibleGaming sign="$" onBreak={onBreak} />);
    await waitFor(() => expect(server.pending(STATUS)).toHaveLength(1));
    await server.reply(STATUS, { limits: [], break: null });
    const form = screen.getByRole('form', { name: 'Take a break' });
    await userEvent.selectOptions(within(form).getByLabelText('Take a break'), '7D');
    await userEvent.type(within(form).getByLabelText('Login password'), 'wrong');
    const confirm = async () => {
      await userEvent.click(within(form).getByRole('button', { name: 'Start the break' }));
      const dialog = await screen.findByRole('dialog', { name: 'Start a break?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Start the break and log out' }));
    };
    await confirm();
    await waitFor(() => expect(server.pending(BREAK)).toHaveLength(1));
    expect(server.next(BREAK).input.body).toEqual({ length: '7D', password: 'wrong' });
    await server.fail(
      BREAK,
      new ApiError('VALIDATION', 'The password is incorrect', { password: 'The password is incorrect' }, 400),
    );
    expect(await within(form).findByText('The password is incorrect')).toBeInTheDocument();
    expect(within(form).getByLabelText('Login password')).toHaveValue('wrong');
    expect(onBreak).not.toHaveBeenCalled();
    await confirm();
    await waitFor(() => expect(server.pending(BREAK)).toHaveLength(1));
    await server.reply(BREAK, { endsAt: '2030-01-09T00:00:00.000Z' });
    await waitFor(() => expect(onBreak).toHaveBeenCalledOnce());
    // The session has ended and the login opens (it says why: AuthModalsHost.test.tsx).
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
  });

  it('after the break the login says why, until when in the member’s locale', async () => {
    show(
      <>
        <ResponsibleGaming sign="$" onBreak={() => {}} />
        <AuthModalsHost />
      </>,
      'member',
      {},
      [
        [['whitelabel'], { features: {}, firebase: null }],
        [['registerSettings'], { fields: [passwordRule], ageLimit: 18, countries: [] }],
      ],
    );
    await waitFor(() => expect(server.pending(STATUS)).toHaveLength(1));
    await server.reply(STATUS, { limits: [], break: null });
    const form = screen.getByRole('form', { name: 'Take a break' });
    await userEvent.type(within(form).getByLabelText('Login password'), 'secret');
    await userEvent.click(within(form).getByRole('button', { name: 'Start the break' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a break?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the break and log out' }));
    await server.reply(BREAK, { endsAt: '2030-01-09T13:30:00.000Z' });
    // The form's code loads when the login opens.
    const login = await screen.findByRole('form', { name: 'Login' }, { timeout: 15_000 });
    const end = new Date('2030-01-09T13:30:00.000Z').toLocaleString('en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(within(login).getByRole('status')).toHaveTextContent(
      `You were logged out for your break, which lasts until ${end}. You can log in to withdraw, but not to play, deposit or claim rewards.`,
    );
  });
});
