import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsChannel } from '../../../contract/payments.ts';
import { ApiError } from '../../api/client.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const LIST = '/ops/merchants/:code/payment-channels';
const UPDATE = '/ops/merchants/:code/payment-channels/:id';
const KINDS = ['BANK', 'VIETQR', 'HOSTED_CHECKOUT'];

const gateway: OpsChannel = {
  id: 4,
  merchantCode: 'PORTICO',
  kind: 'HOSTED_CHECKOUT',
  label: 'Cards',
  enabled: true,
  settings: {
    apiUrl: 'https://pay.example/v1',
    merchantId: 'M-42',
    currency: 'VND',
    siteUrl: 'https://play.example',
  },
  secretsSet: ['apiSecret', 'webhookSecret'],
  webhookUrl: 'https://play.example/wps/payment/callback/4',
  updatedAt: '2030-01-02T03:04:05.000Z',
};

describe('Payment channels', () => {
  it('adds a VietQR channel: the driver’s fields, server messages under them, then the list again', async () => {
    await signedIn('FINANCE', '/ops?page=payment-channels');
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input).toEqual({ params: { code: 'PORTICO' } });
    await server.reply(LIST, { list: [], kinds: KINDS, sealed: true });
    expect(await screen.findByText(/No channel configured/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Payment channels' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    const form = screen.getByRole('region', { name: 'New payment channel' });
    await userEvent.selectOptions(within(form).getByLabelText('Driver'), 'VIETQR');
    await userEvent.type(within(form).getByLabelText('Label members see'), 'VietQR');
    await userEvent.type(within(form).getByLabelText('Bank'), 'Vietcombank');
    await userEvent.type(within(form).getByLabelText('Bank BIN (NAPAS, 6 digits)'), '9704');
    await userEvent.type(within(form).getByLabelText('Account number'), '1023020330000');
    await userEvent.type(within(form).getByLabelText('Account name'), 'PORTICO GAMING');
    expect(within(form).queryByLabelText('API secret')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    const sent = server.next(LIST).input;
    expect(sent).toEqual({
      params: { code: 'PORTICO' },
      body: {
        kind: 'VIETQR',
        label: 'VietQR',
        enabled: true,
        settings: {
          bankName: 'Vietcombank',
          bin: '9704',
          accountNo: '1023020330000',
          accountName: 'PORTICO GAMING',
        },
      },
    });
    await server.fail(
      LIST,
      new ApiError('VALIDATION', 'Invalid body', { 'settings.bin': 'The bank BIN is 6 digits' }, 400),
    );
    const bin = within(form).getByLabelText('Bank BIN (NAPAS, 6 digits)');
    await waitFor(() => expect(bin).toHaveAccessibleDescription('The bank BIN is 6 digits'));
    await userEvent.type(bin, '36');
    await userEvent.click(within(form).getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    await server.reply(LIST, {
      channel: { ...gateway, id: 5, kind: 'VIETQR', label: 'VietQR', secretsSet: [], webhookUrl: null },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Channel VietQR added.');
  });

  it('shows secrets only as set, keeps them when left empty, and disables a channel', async () => {
    await signedIn('ADMIN', '/ops?page=payment-channels');
    await answer(LIST, { list: [gateway], kinds: KINDS, sealed: false });
    const table = await screen.findByRole('table', { name: 'Payment channels' });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('PORTICO_SECRETS_KEY');
    expect(table).toHaveTextContent('API secret: set');
    expect(table).toHaveTextContent('Webhook secret: set');
    expect(table).toHaveTextContent('https://play.example/wps/payment/callback/4');

    await userEvent.click(within(table).getByRole('button', { name: 'Edit channel Cards' }));
    const form = screen.getByRole('region', { name: 'Edit channel Cards' });
    expect(within(form).getByLabelText('Driver')).toBeDisabled();
    expect(within(form).getByLabelText('API secret')).toHaveValue('');
    expect(within(form).getByLabelText('API secret')).toHaveAccessibleDescription(
      'Set: leave empty to keep it.',
    );
    await userEvent.type(within(form).getByLabelText('Webhook secret'), 'a-new-webhook-secret-123');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Enabled: offered to members' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.pending(UPDATE)).toHaveLength(1));
    expect(server.next(UPDATE).input).toEqual({
      params: { code: 'PORTICO', id: 4 },
      body: {
        kind: 'HOSTED_CHECKOUT',
        label: 'Cards',
        enabled: false,
        settings: gateway.settings,
        secrets: { webhookSecret: 'a-new-webhook-secret-123' },
      },
    });
    await server.reply(UPDATE, { channel: { ...gateway, enabled: false } });
    expect(await screen.findByRole('status')).toHaveTextContent('Channel Cards saved.');
  });

  it('is not in SUPPORT’s menu', async () => {
    await signedIn('SUPPORT', '/ops?page=deposits');
    expect(screen.queryByRole('link', { name: 'Payment channels' })).toBeNull();
  });
});
