import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { opsPaymentOrder } from '../../../contract/ops.ts';
import { ApiError } from '../../api/client.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const LIST = '/ops/payments';
const APPROVE = '/ops/payments/:id/approve';
const REJECT = '/ops/payments/:id/reject';

const order = (o: Partial<z.input<typeof opsPaymentOrder>> = {}) => ({
  id: 12,
  kind: 'DEPOSIT' as const,
  channel: 'BANK' as const,
  amount: 150_000,
  status: 'PENDING' as const,
  details: { payer: 'Nguyen Van A' },
  proofs: 1,
  remark: null,
  createdAt: '2030-01-02T03:04:05.000Z',
  updatedAt: '2030-01-02T03:04:05.000Z',
  disbursedAt: null,
  forcedReceiveAt: null,
  merchantCode: 'PORTICO',
  memberId: 7,
  account: 'player01',
  ...o,
});

describe('Deposits', () => {
  it('opens on the pending queue of the picked merchant and approves one with a remark', async () => {
    await signedIn('FINANCE', '/ops?page=deposits');
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input.query).toEqual({
      kind: 'DEPOSIT',
      merchant: 'PORTICO',
      status: 'PENDING',
    });
    await server.reply(LIST, { list: [order()] });
    const table = await screen.findByRole('table', { name: 'Deposits' });
    expect(table).toHaveTextContent('player01');
    expect(table).toHaveTextContent('$1,500.00');
    expect(table).toHaveTextContent('payer: Nguyen Van A');

    await userEvent.click(within(table).getByRole('button', { name: 'Approve order 12' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve order 12' });
    expect(dialog).toHaveTextContent('player01: $1,500.00 by BANK.');
    await userEvent.type(within(dialog).getByLabelText('Remark (optional)'), 'Seen on the statement');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(server.pending(APPROVE)).toHaveLength(1));
    expect(server.next(APPROVE).input).toEqual({
      params: { id: 12 },
      body: { remark: 'Seen on the statement' },
    });
    await server.reply(APPROVE, { order: order({ status: 'CREDITED', remark: 'Seen on the statement' }) });
    expect(await screen.findByRole('status')).toHaveTextContent('Order 12 is now Credited.');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The queue is read again.
    await answer(LIST, { list: [] });
    expect(await screen.findByText('No orders here.')).toBeInTheDocument();
  });

  it('keeps the dialog and the remark when a decision fails', async () => {
    await signedIn('ADMIN', '/ops?page=deposits');
    await answer(LIST, { list: [order()] });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject order 12' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject order 12' });
    await userEvent.type(within(dialog).getByLabelText('Remark (optional)'), 'No such transfer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(server.pending(REJECT)).toHaveLength(1));
    await server.fail(REJECT, new ApiError('CONFLICT', 'The order was already decided', {}, 409));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The order was already decided');
    expect(within(dialog).getByLabelText('Remark (optional)')).toHaveValue('No such transfer');
  });

  it('shows SUPPORT the queue without the buttons it may not use', async () => {
    await signedIn('SUPPORT', '/ops?page=deposits');
    await answer(LIST, { list: [order()] });
    const table = await screen.findByRole('table', { name: 'Deposits' });
    expect(within(table).queryByRole('button')).toBeNull();
  });
});

describe('Withdrawals', () => {
  it('offers approve and reject on a request, disburse and reject once approved', async () => {
    await signedIn('FINANCE', '/ops?page=withdrawals');
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input.query).toMatchObject({ kind: 'WITHDRAWAL', status: 'REQUESTED' });
    await server.reply(LIST, {
      list: [
        order({ id: 3, kind: 'WITHDRAWAL', status: 'REQUESTED' }),
        order({ id: 4, kind: 'WITHDRAWAL', status: 'APPROVED' }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    const buttons = within(table)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(buttons).toEqual([
      'Approve order 3',
      'Reject order 3',
      'Mark order 4 disbursed',
      'Reject order 4',
    ]);

    await userEvent.click(within(table).getByRole('button', { name: 'Mark order 4 disbursed' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Mark order 4 disbursed' })).getByRole('button', {
        name: 'Mark disbursed',
      }),
    );
    await waitFor(() => expect(server.pending('/ops/payments/:id/disburse')).toHaveLength(1));
    expect(server.next('/ops/payments/:id/disburse').input).toEqual({ params: { id: 4 }, body: {} });
  });
});
