import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { server } from '../../../test/authHarness.tsx';
import { answer, order, SETTINGS, show } from '../../../test/memberHarness.tsx';
import { Withdraw } from './Withdraw.tsx';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

const WITHDRAW = '/wps/payment/withdraw';
const confirmation = vi.fn((o: { id: number }) => <p>Confirmation of #{o.id}</p>);

afterEach(() => {
  server.reset();
  confirmation.mockClear();
});

async function open(settings = SETTINGS) {
  show(<Withdraw renderConfirmation={confirmation} />);
  await answer('/wps/payment/settings', settings);
  await answer('/wps/payment/orders', { list: [], totalPages: 1 });
}

async function fillForm(form: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = within(form).getByLabelText(label);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

describe('Withdrawal', () => {
  it('says what is missing under each field and sends nothing', async () => {
    await open();
    const form = await screen.findByRole('form', { name: 'Withdrawal' });
    await userEvent.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
    expect(within(form).getByLabelText('Amount')).toHaveAccessibleDescription(/Please enter an amount/);
    for (const label of ['Bank name', 'Account name', 'Account number', 'Payment password'])
      expect(within(form).getByLabelText(label)).toHaveAccessibleDescription('This field is required');
    await fillForm(form, { Amount: '20000.01', 'Bank name': 'X', 'Account number': '12ab' });
    expect(within(form).getByText('The maximum amount is $20,000.00')).toBeInTheDocument();
    expect(within(form).getByLabelText('Bank name')).toHaveAccessibleDescription('Enter 2 to 60 characters');
    expect(within(form).getByLabelText('Account number')).toHaveAccessibleDescription(
      'Account number is 6–30 digits',
    );
    await fillForm(form, { Amount: '20' });
    expect(within(form).getByText('The minimum amount is $50.00')).toBeInTheDocument();
    expect(server.sent(WITHDRAW)).toHaveLength(0);
  });

  it('sends the amount in minor units with the bank account and payment password', async () => {
    await open();
    const form = await screen.findByRole('form', { name: 'Withdrawal' });
    await fillForm(form, {
      Amount: '1,500.25',
      'Bank name': ' Vietcombank ',
      'Account name': 'Lucky Player',
      'Account number': '0123-456 789',
      'Payment password': '123456',
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() => expect(server.pending(WITHDRAW)).toHaveLength(1));
    const body = server.next(WITHDRAW).input.body as Record<string, unknown>;
    expect(body).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      amount: 150_025,
      bankName: 'Vietcombank',
      accountName: 'Lucky Player',
      accountNo: '0123-456 789',
      paymentPassword: '123456',
    });
    await server.fail(
      WITHDRAW,
      new ApiError(
        'VALIDATION',
        'Wrong payment password',
        { paymentPassword: 'Wrong payment password' },
        400,
      ),
    );
    // The server's word shows under its field, once; everything typed is still there.
    expect(await within(form).findByText('Wrong payment password')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(within(form).getByLabelText('Amount')).toHaveValue('1,500.25');
    expect(within(form).getByLabelText('Payment password')).toHaveValue('123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() => expect(server.pending(WITHDRAW)).toHaveLength(1));
    expect((server.next(WITHDRAW).input.body as { requestId: string }).requestId).toBe(body.requestId);
    await server.reply(WITHDRAW, { order: order({ id: 9, kind: 'WITHDRAWAL', status: 'REQUESTED' }) });
    expect(await screen.findByRole('status')).toHaveTextContent('Withdrawal #9 is requested');
    expect(within(form).getByLabelText('Amount')).toHaveValue('');
    expect(within(form).getByLabelText('Bank name')).toHaveValue(' Vietcombank ');
  });

  it('asks for a payment password first when there is none', async () => {
    await open({ ...SETTINGS, hasPaymentPassword: false });
    const link = await screen.findByRole('link', { name: 'Set payment password' });
    expect(link.getAttribute('href')).toBe('/member?page=securityCenter');
    expect(screen.queryByRole('form', { name: 'Withdrawal' })).toBeNull();
  });

  it('hands disbursed and not-received withdrawals to the confirmation slot', async () => {
    show(<Withdraw renderConfirmation={confirmation} />);
    await answer('/wps/payment/settings', SETTINGS);
    await waitFor(() => expect(server.pending('/wps/payment/orders')).toHaveLength(1));
    expect(server.next('/wps/payment/orders').input.query).toMatchObject({ kind: 'WITHDRAWAL' });
    await server.reply('/wps/payment/orders', {
      list: [
        order({ id: 4, kind: 'WITHDRAWAL', status: 'DISBURSED' }),
        order({ id: 3, kind: 'WITHDRAWAL', status: 'NOT_RECEIVED' }),
        order({ id: 2, kind: 'WITHDRAWAL', status: 'RECEIVED' }),
        order({ id: 1, kind: 'WITHDRAWAL', status: 'REQUESTED' }),
      ],
      totalPages: 1,
    });
    expect(await screen.findByText('Confirmation of #4')).toBeInTheDocument();
    expect(screen.getByText('Confirmation of #3')).toBeInTheDocument();
    expect(screen.queryByText('Confirmation of #2')).toBeNull();
    expect(screen.queryByText('Confirmation of #1')).toBeNull();
  });
});
