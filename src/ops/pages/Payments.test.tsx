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
const DISBURSE = '/ops/payments/:id/disburse';
const RESOLVE = '/ops/payments/:id/resolve';
const QUEUES = '/ops/payments/queues';
const HISTORY = '/ops/payments/:id/history';

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
  next: ['approve', 'reject'] as ('approve' | 'reject' | 'disburse' | 'resolve')[],
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
    // Reading an order's history is open to support; deciding is not.
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['History']);
  });
});

describe('Withdrawals', () => {
  const requested = order({ id: 3, kind: 'WITHDRAWAL', status: 'REQUESTED' });
  const approved = order({ id: 4, kind: 'WITHDRAWAL', status: 'APPROVED', next: ['disburse', 'reject'] });
  const disputed = order({
    id: 5,
    kind: 'WITHDRAWAL',
    status: 'NOT_RECEIVED',
    proofs: 2,
    next: ['resolve'],
  });

  it('opens on everything that needs action, with the server’s next actions on each row', async () => {
    await signedIn('FINANCE', '/ops?page=withdrawals');
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input.query).toEqual({
      kind: 'WITHDRAWAL',
      merchant: 'PORTICO',
      queue: 'ACTION',
    });
    await server.reply(LIST, { list: [requested, approved, disputed] });
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    const buttons = within(table)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(buttons).toEqual([
      'Approve order 3',
      'Reject order 3',
      'History of order 3',
      'Mark order 4 disbursed',
      'Reject order 4',
      'History of order 4',
      'Resolve the dispute of order 5',
      'History of order 5',
    ]);

    await userEvent.click(within(table).getByRole('button', { name: 'Mark order 4 disbursed' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark order 4 disbursed' });
    await userEvent.type(within(dialog).getByLabelText('Transfer reference (optional)'), 'FT-778');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark disbursed' }));
    await waitFor(() => expect(server.pending(DISBURSE)).toHaveLength(1));
    expect(server.next(DISBURSE).input).toEqual({ params: { id: 4 }, body: { reference: 'FT-778' } });
  });

  it('counts the queues, disputes included, and filters to the one picked', async () => {
    await signedIn('FINANCE', '/ops?page=withdrawals');
    await waitFor(() => expect(server.pending(QUEUES)).toHaveLength(1));
    expect(server.next(QUEUES).input.query).toEqual({ merchant: 'PORTICO' });
    await server.reply(QUEUES, { deposits: 1, requested: 4, approved: 2, disputed: 1 });
    const queues = await screen.findByRole('navigation', { name: 'Withdrawal queues' });
    expect(within(queues).getByRole('button', { name: 'To pay out: 2' })).toBeInTheDocument();
    await userEvent.click(within(queues).getByRole('button', { name: 'Disputes: 1' }));
    await waitFor(() =>
      expect(server.pending(LIST).map((r) => r.input.query)).toContainEqual({
        kind: 'WITHDRAWAL',
        merchant: 'PORTICO',
        status: 'NOT_RECEIVED',
      }),
    );
    expect(screen.getByLabelText('Status')).toHaveValue('NOT_RECEIVED');
  });

  it('resolves a dispute: a resend needs a new reference and a reason; server field errors show', async () => {
    await signedIn('FINANCE', '/ops?page=withdrawals');
    await answer(LIST, { list: [disputed] });
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve the dispute of order 5' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve the dispute of order 5' });
    expect(within(dialog).getByRole('radio', { name: 'Resend with a new reference' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByLabelText('New transfer reference')).toHaveAccessibleDescription(
      'Enter the new transfer reference',
    );
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Give a reason');
    expect(server.pending(RESOLVE)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('New transfer reference'), 'FT-991');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The bank returned the first transfer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(server.pending(RESOLVE)).toHaveLength(1));
    expect(server.next(RESOLVE).input).toEqual({
      params: { id: 5 },
      body: { resolution: 'RESENT', remark: 'The bank returned the first transfer', reference: 'FT-991' },
    });
    await server.fail(
      RESOLVE,
      new ApiError('VALIDATION', 'Invalid body', { reference: 'Too long for the bank' }, 400),
    );
    expect(await within(dialog).findByText('Too long for the bank')).toBeInTheDocument();

    // A refund has no reference to give.
    await userEvent.click(within(dialog).getByRole('radio', { name: "Refund to the member's main wallet" }));
    expect(within(dialog).queryByLabelText('New transfer reference')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(server.pending(RESOLVE)).toHaveLength(1));
    expect(server.next(RESOLVE).input.body).toEqual({
      resolution: 'REFUNDED',
      remark: 'The bank returned the first transfer',
    });
    await server.reply(RESOLVE, { order: order({ ...disputed, status: 'REFUNDED', next: [] }) });
    expect(await screen.findByRole('status')).toHaveTextContent('Order 5 is now Refunded.');
  });

  it('shows an order’s history, and its proof pictures to finance only', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return { ok: true, status: 200, blob: async () => new Blob(['png'], { type: 'image/png' }) };
    });
    await signedIn('FINANCE', '/ops?page=withdrawals');
    await answer(LIST, { list: [disputed] });
    await userEvent.click(await screen.findByRole('button', { name: 'History of order 5' }));
    const dialog = screen.getByRole('dialog', { name: 'History of order 5' });
    await waitFor(() => expect(server.pending(HISTORY)).toHaveLength(1));
    expect(server.next(HISTORY).input.params).toEqual({ id: 5 });
    await server.reply(HISTORY, {
      list: [
        {
          at: '2030-01-02T03:04:05.000Z',
          actor: 'member:7',
          action: 'WITHDRAWAL_REQUESTED',
          remark: null,
          reference: null,
        },
        {
          at: '2030-01-02T04:00:00.000Z',
          actor: 'ops:finance',
          action: 'WITHDRAWAL_DISBURSED',
          remark: null,
          reference: 'FT-1',
        },
        {
          at: '2030-01-02T05:00:00.000Z',
          actor: 'member:7',
          action: 'WITHDRAWAL_NOT_RECEIVED',
          remark: 'Nothing came',
          reference: null,
        },
      ],
    });
    const steps = within(await within(dialog).findByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Withdrawal requested'),
        expect.stringMatching(/Disbursed.*ops:finance.*Reference: FT-1/),
        expect.stringMatching(/Member reported not received.*Nothing came/),
      ]),
    );
    expect(await within(dialog).findByRole('img', { name: 'Picture 2 of player01' })).toBeInTheDocument();
    expect(fetched).toEqual(['/ops/payments/5/proofs/1', '/ops/payments/5/proofs/2']);
    vi.unstubAllGlobals();
  });

  it('shows SUPPORT the history without the proof pictures or decisions', async () => {
    await signedIn('SUPPORT', '/ops?page=withdrawals');
    await answer(LIST, { list: [disputed] });
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['History of order 5']);
    await userEvent.click(within(table).getByRole('button', { name: 'History of order 5' }));
    const dialog = screen.getByRole('dialog', { name: 'History of order 5' });
    expect(within(dialog).queryByRole('region', { name: 'Proof pictures' })).toBeNull();
  });
});
