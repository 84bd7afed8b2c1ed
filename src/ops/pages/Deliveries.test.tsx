import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsDelivery } from '../../../contract/deliveries.ts';
import { ApiError } from '../../api/client.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const LIST = '/ops/deliveries';
const RETRY = '/ops/deliveries/:id/retry';
const SENDERS = '/ops/merchants/:code/senders';

const delivery = (d: Partial<OpsDelivery>): OpsDelivery => ({
  id: 1,
  merchantCode: 'PORTICO',
  channel: 'sms',
  recipient: '+8491•••••05',
  subject: null,
  preview: 'Portico: your verification code is ••••••. It expires in 5 minutes.',
  language: 'en',
  status: 'SENT',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  createdAt: '2030-01-02T03:04:05.000Z',
  sentAt: '2030-01-02T03:04:06.000Z',
  retryable: false,
  ...d,
});

const FAILED = delivery({
  id: 7,
  status: 'FAILED',
  attempts: 5,
  lastError: 'Twilio 503: Service Unavailable (Twilio 20503)',
  retryable: true,
});
const SENDERS_VALUE = { emailFrom: 'support@portico.example', emailName: '', smsFrom: 'PORTICO' };

describe('SMS & e-mail deliveries', () => {
  it('lists a failed send with its error and tries, and sends it again on Retry', async () => {
    await signedIn('SUPPORT', '/ops?page=deliveries');
    await answer(LIST, { list: [FAILED, delivery({ id: 6 })], totalPages: 1 });
    await answer(SENDERS, { senders: SENDERS_VALUE });
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const failedRow = within(table)
      .getByText('Twilio 503: Service Unavailable (Twilio 20503)')
      .closest('tr')!;
    expect(failedRow).toHaveTextContent('+8491•••••05');
    expect(failedRow).toHaveTextContent('Failed');
    expect(failedRow).toHaveTextContent('5 tries');
    expect(failedRow).toHaveTextContent('your verification code is ••••••');
    // Only the failed one can be sent again.
    expect(within(table).getAllByRole('button', { name: /^Retry message/ })).toHaveLength(1);

    await userEvent.click(within(failedRow).getByRole('button', { name: 'Retry message 7' }));
    await waitFor(() => expect(server.pending(RETRY)).toHaveLength(1));
    expect(server.next(RETRY).input.params).toEqual({ id: 7 });
    await server.reply(RETRY, { delivery: { ...FAILED, status: 'PENDING', attempts: 0, retryable: false } });
    expect(await screen.findByText('Message 7 is queued to be sent again.')).toBeInTheDocument();
    // The list is asked again, and shows the message waiting.
    await answer(LIST, {
      list: [{ ...FAILED, status: 'PENDING', attempts: 0, retryable: false }],
      totalPages: 1,
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry message 7' })).toBeNull());
    expect(screen.getByRole('table', { name: 'Deliveries' })).toHaveTextContent('Waiting');
  });

  it('filters by merchant, channel and status', async () => {
    await signedIn('ADMIN', '/ops?page=deliveries');
    await answer(LIST, { list: [], totalPages: 0 });
    await answer(SENDERS, { senders: SENDERS_VALUE });
    expect(await screen.findByText('No messages here.')).toBeInTheDocument();
    expect(server.sent(LIST)[0]!.input.query).toEqual({ pageNo: 1 });
    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'sms');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'FAILED');
    await waitFor(() =>
      expect(server.sent(LIST).at(-1)!.input.query).toEqual({ pageNo: 1, channel: 'sms', status: 'FAILED' }),
    );
  });

  it('a retry refused by the server says why', async () => {
    await signedIn('SUPPORT', '/ops?page=deliveries');
    await answer(LIST, { list: [FAILED], totalPages: 1 });
    await answer(SENDERS, { senders: SENDERS_VALUE });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry message 7' }));
    await waitFor(() => expect(server.pending(RETRY)).toHaveLength(1));
    await server.fail(
      RETRY,
      new ApiError('CONFLICT', 'Its code has expired: the member asks for a new one', {}, 409),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Its code has expired');
  });

  it('an administrator sets the merchant’s senders; a field the server refuses is named', async () => {
    await signedIn('ADMIN', '/ops?page=deliveries');
    await answer(LIST, { list: [], totalPages: 0 });
    await answer(SENDERS, { senders: SENDERS_VALUE });
    const sms = await screen.findByLabelText('SMS sender');
    await waitFor(() => expect(sms).toHaveValue('PORTICO'));
    await userEvent.clear(sms);
    await userEvent.type(sms, 'A sender id too long');
    await userEvent.type(screen.getByLabelText('E-mail from (name)'), 'Portico Support');
    await userEvent.click(screen.getByRole('button', { name: 'Save senders' }));
    await waitFor(() => expect(server.pending(SENDERS)).toHaveLength(1));
    const request = server.next(SENDERS);
    expect(request.method).toBe('PUT');
    expect(request.input.body).toEqual({
      emailFrom: 'support@portico.example',
      emailName: 'Portico Support',
      smsFrom: 'A sender id too long',
    });
    const why = 'A +number, an 11-character sender id or MG…';
    await server.fail(SENDERS, new ApiError('VALIDATION', why, { smsFrom: why }, 400));
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(screen.getByLabelText('SMS sender')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(screen.getByLabelText('SMS sender'));
    await userEvent.type(screen.getByLabelText('SMS sender'), '+15005550006');
    await userEvent.click(screen.getByRole('button', { name: 'Save senders' }));
    await waitFor(() => expect(server.pending(SENDERS)).toHaveLength(1));
    await server.reply(SENDERS, {
      senders: { ...SENDERS_VALUE, emailName: 'Portico Support', smsFrom: '+15005550006' },
    });
    expect(await screen.findByText('Senders saved.')).toBeInTheDocument();
  });

  it('a support operator sees the senders but cannot change them', async () => {
    await signedIn('SUPPORT', '/ops?page=deliveries');
    await answer(LIST, { list: [], totalPages: 0 });
    await answer(SENDERS, { senders: SENDERS_VALUE });
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail from (address)')).toHaveValue('support@portico.example'),
    );
    expect(screen.getByLabelText('E-mail from (address)')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save senders' })).toBeNull();
  });
});
