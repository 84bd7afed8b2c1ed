import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/authHarness.tsx';
import { answer, show } from '../../../test/memberHarness.tsx';
import { GatewayDemo } from '../payments/GatewayDemo.tsx';
import { TransferUpline } from './TransferUpline.tsx';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

const UPLINE = '/wps/wallet/transferUpline';

afterEach(() => server.reset());

describe('Transfer to Upline', () => {
  it('checks the fields, then sends the amount and payment password', async () => {
    show(<TransferUpline />);
    const form = await screen.findByRole('form', { name: 'Transfer to Upline' });
    await userEvent.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(within(form).getByText('Please enter an amount')).toBeInTheDocument();
    expect(within(form).getByText('This field is required')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Amount'), '25.75');
    await userEvent.type(within(form).getByLabelText('Payment password'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(server.pending(UPLINE)).toHaveLength(1));
    expect(server.next(UPLINE).input.body).toMatchObject({ amount: 2_575, paymentPassword: '123456' });
    await server.reply(UPLINE, { balance: 97_425 });
    expect(await screen.findByRole('status')).toHaveTextContent('Your main wallet now holds $974.25.');
  });

  it('says when the account has no upline', async () => {
    show(<TransferUpline />, 'member', { toUpline: false });
    expect(await screen.findByText('Your account has no upline to transfer to.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('Demo payment gateway page', () => {
  const ORDER = {
    ref: 'DG-1',
    amount: 123_450,
    merchantName: 'Portico',
    currencySign: '$',
    status: 'PENDING',
  };

  it('shows the order and pays it', async () => {
    show(<GatewayDemo orderRef="DG-1" />);
    await waitFor(() => expect(server.pending('/gateway-demo/order')).toHaveLength(1));
    expect(server.next('/gateway-demo/order').input.query).toEqual({ ref: 'DG-1' });
    await server.reply('/gateway-demo/order', ORDER);
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('DG-1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(server.pending('/gateway-demo/pay')).toHaveLength(1));
    expect(server.next('/gateway-demo/pay').input.body).toEqual({ ref: 'DG-1', outcome: 'PAID' });
    await server.reply('/gateway-demo/pay', { ref: 'DG-1', status: 'CREDITED', credited: true });
    expect(await screen.findByRole('status')).toHaveTextContent('Payment done.');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Deposit' }).getAttribute('href')).toBe(
      '/member?page=depositv2',
    );
  });

  it('fails a payment', async () => {
    show(<GatewayDemo orderRef="DG-1" />);
    await answer('/gateway-demo/order', ORDER);
    await userEvent.click(await screen.findByRole('button', { name: 'Fail payment' }));
    await waitFor(() => expect(server.pending('/gateway-demo/pay')).toHaveLength(1));
    expect(server.next('/gateway-demo/pay').input.body).toEqual({ ref: 'DG-1', outcome: 'FAILED' });
    await server.reply('/gateway-demo/pay', { ref: 'DG-1', status: 'FAILED', credited: false });
    expect(await screen.findByRole('status')).toHaveTextContent('Payment failed. Nothing was charged.');
  });

  it('explains a link without a reference', async () => {
    show(<GatewayDemo orderRef="" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment link is incomplete.');
    expect(server.sent('/gateway-demo/order')).toHaveLength(0);
  });
});
