import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { server } from '../../../test/authHarness.tsx';
import { answer, order, SETTINGS, show } from '../../../test/memberHarness.tsx';
import { Deposit } from './Deposit.tsx';
import { gatewayOpener } from './gatewayOpener.ts';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

const DEPOSIT = '/wps/payment/deposit';

/** The merchant's methods: the built-in bank transfer and demo gateway, and a configured VietQR channel. */
const VIETCOMBANK = { bankName: 'Vietcombank', accountName: 'PORTICO GAMING', accountNo: '1023020330000' };
const DEPOSIT_SETTINGS = {
  ...SETTINGS,
  deposit: {
    ...SETTINGS.deposit,
    channels: ['BANK', 'DEMO_GATEWAY', 'VIETQR'],
    methods: [
      ...SETTINGS.deposit.methods,
      { id: 7, kind: 'VIETQR', label: 'VietQR Vietcombank', bank: VIETCOMBANK },
    ],
  },
};

afterEach(() => {
  server.reset();
  vi.restoreAllMocks();
});

async function open() {
  show(<Deposit />);
  await answer('/wps/payment/settings', DEPOSIT_SETTINGS);
  await answer('/wps/payment/orders', { list: [], totalPages: 1 });
  return screen.findByRole('form', { name: 'Deposit' });
}

describe('Deposit', () => {
  it('opens the gateway’s payUrl for an online payment, amount in minor units', async () => {
    const opened = vi.spyOn(gatewayOpener, 'open').mockImplementation(() => {});
    const form = await open();
    await userEvent.click(within(form).getByRole('radio', { name: 'Online payment' }));
    expect(within(form).queryByText('Portico Bank')).toBeNull();
    await userEvent.type(within(form).getByLabelText('Amount'), '1,234.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(server.pending(DEPOSIT)).toHaveLength(1));
    const body = server.next(DEPOSIT).input.body as Record<string, unknown>;
    expect(body).toMatchObject({ channel: 'DEMO_GATEWAY', amount: 123_450 });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).not.toHaveProperty('payerName');
    await server.reply(DEPOSIT, {
      order: order({ channel: 'DEMO_GATEWAY', amount: 123_450 }),
      payUrl: '/gateway/demo?ref=DG-1',
      transfer: null,
    });
    expect(opened).toHaveBeenCalledWith('/gateway/demo?ref=DG-1');
  });

  it('shows the house bank account for a bank transfer and sends payer and reference', async () => {
    const form = await open();
    expect(within(form).getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
    expect(within(form).getByText('Portico Bank')).toBeInTheDocument();
    expect(within(form).getByText('0012 3456 789')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Amount'), '50');
    await userEvent.type(within(form).getByLabelText('Payer name'), 'Lucky Player');
    await userEvent.type(within(form).getByLabelText('Transfer reference'), 'TX-778');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(server.pending(DEPOSIT)).toHaveLength(1));
    expect(server.next(DEPOSIT).input.body).toMatchObject({
      channel: 'BANK',
      amount: 5000,
      payerName: 'Lucky Player',
      reference: 'TX-778',
    });
    await server.reply(DEPOSIT, { order: order({ id: 42, amount: 5000 }), payUrl: null, transfer: null });
    expect(await screen.findByRole('status')).toHaveTextContent('Deposit #42 is waiting');
    expect(within(form).getByLabelText('Amount')).toHaveValue('');
  });

  it('shows the VietQR code of a QR transfer with the details written out, each to copy', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const form = await open();
    await userEvent.click(within(form).getByRole('radio', { name: 'VietQR Vietcombank' }));
    expect(within(form).getByText('1023020330000')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Payer name')).toBeNull();
    await userEvent.type(within(form).getByLabelText('Amount'), '450');
    await userEvent.click(within(form).getByRole('button', { name: 'Get the QR code' }));
    await waitFor(() => expect(server.pending(DEPOSIT)).toHaveLength(1));
    expect(server.next(DEPOSIT).input.body).toMatchObject({
      channel: 'VIETQR',
      channelId: 7,
      amount: 45_000,
    });
    // What the server sends for 450 dong to Vietcombank 1023020330000 (server/ports/payments/vietqr.ts).
    const qr =
      '00020101021238570010A00000072701270006970436011310230203300000208QRIBFTTA530370454034505802VN62140810PTAB23CD456304E5B5';
    await server.reply(DEPOSIT, {
      order: order({ id: 51, channel: 'VIETQR', amount: 45_000 }),
      payUrl: null,
      transfer: { ...VIETCOMBANK, amount: 45_000, reference: 'PTAB23CD45', qr },
    });
    const panel = await screen.findByRole('region', { name: 'Deposit #51: bank transfer' });
    expect(within(panel).getByRole('img', { name: 'VietQR code of deposit #51' })).toBeInTheDocument();
    expect(within(panel).getByText('$450.00')).toBeInTheDocument();
    expect(within(panel).getByText('PTAB23CD45')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy transfer content' }));
    expect(writeText).toHaveBeenCalledWith('PTAB23CD45');
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy amount' }));
    expect(writeText).toHaveBeenLastCalledWith('450');
  });

  it('keeps bad amounts as typed, says why under the field and sends nothing', async () => {
    const form = await open();
    const amount = within(form).getByLabelText('Amount');
    await userEvent.type(amount, '10.555');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit deposit' }));
    expect(amount).toHaveValue('10.555');
    expect(amount).toHaveAccessibleDescription(/An amount has at most 2 decimals/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    expect(within(form).getByText('The minimum amount is $10.00')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, 'ten');
    expect(within(form).getByText('Enter an amount such as 100 or 100.50')).toBeInTheDocument();
    expect(server.sent(DEPOSIT)).toHaveLength(0);
  });

  it('retries a failed deposit with the same request id and keeps what was typed', async () => {
    const form = await open();
    await userEvent.type(within(form).getByLabelText('Amount'), '20');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(server.pending(DEPOSIT)).toHaveLength(1));
    const first = (server.next(DEPOSIT).input.body as { requestId: string }).requestId;
    await server.fail(DEPOSIT, new ApiError('NETWORK', 'offline'));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    expect(within(form).getByLabelText('Amount')).toHaveValue('20');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(server.pending(DEPOSIT)).toHaveLength(1));
    expect((server.next(DEPOSIT).input.body as { requestId: string }).requestId).toBe(first);
  });

  it('says under the amount what is left of a deposit limit, in the member’s language', async () => {
    const form = await open();
    await userEvent.type(within(form).getByLabelText('Amount'), '100');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(server.pending(DEPOSIT)).toHaveLength(1));
    const message = 'You can deposit 20.00 more today (daily deposit limit 100.00)';
    await server.fail(
      DEPOSIT,
      new ApiError('LIMIT_EXCEEDED', message, { amount: message }, 400, undefined, {
        limit: { kind: 'DEPOSIT', period: 'D', amount: 10_000, remaining: 2_000 },
      }),
    );
    const amount = within(form).getByLabelText('Amount');
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        /You can deposit \$20\.00 more today \(daily deposit limit \$100\.00\)/,
      ),
    );
    expect(amount).toHaveValue('100');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('lists the member’s deposits with amounts and states', async () => {
    show(<Deposit />);
    await answer('/wps/payment/settings', DEPOSIT_SETTINGS);
    await waitFor(() => expect(server.pending('/wps/payment/orders')).toHaveLength(1));
    expect(server.next('/wps/payment/orders').input.query).toMatchObject({ kind: 'DEPOSIT', pageNo: 1 });
    await server.reply('/wps/payment/orders', {
      list: [order({ id: 3, amount: 123_456, status: 'CREDITED' }), order({ id: 2, status: 'PENDING' })],
      totalPages: 1,
    });
    const list = await screen.findByRole('region', { name: 'My deposits' });
    expect(within(list).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(list).getByText('Credited')).toBeInTheDocument();
    expect(within(list).getByText('Pending')).toBeInTheDocument();
  });
});
