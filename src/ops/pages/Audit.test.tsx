import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const LOG = '/ops/audit';
const VERIFY = '/ops/audit/verify';

const ENTRY = {
  id: 90,
  merchantCode: 'LOTUS',
  actor: 'ops:finance1',
  action: 'payment.approve',
  subject: { orderId: 12, amount: 150_000 },
  at: '2030-01-02T03:04:05.000Z',
};

describe('Audit log', () => {
  it('filters by merchant, actor and action, and shows an entry’s subject', async () => {
    await signedIn('SUPPORT', '/ops?page=audit');
    await answer(LOG, { list: [ENTRY], totalPages: 3 });
    expect(server.sent(LOG)[0]!.input.query).toEqual({ pageNo: 1 });
    expect(await screen.findByRole('table', { name: 'Audit log' })).toHaveTextContent('payment.approve');
    expect(screen.getByText(/"orderId": 12/)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Merchant'), 'LOTUS');
    await userEvent.type(screen.getByLabelText('Actor'), 'ops:finance1');
    await userEvent.type(screen.getByLabelText('Action'), 'payment.approve');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(server.pending(LOG)).toHaveLength(1));
    expect(server.next(LOG).input.query).toEqual({
      pageNo: 1,
      merchant: 'LOTUS',
      actor: 'ops:finance1',
      action: 'payment.approve',
    });
    await server.reply(LOG, { list: [ENTRY], totalPages: 3 });
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.pending(LOG)).toHaveLength(1));
    expect(server.next(LOG).input.query).toMatchObject({ pageNo: 2, merchant: 'LOTUS' });
  });

  it('verifies the chain: intact with its rows', async () => {
    await signedIn('FINANCE', '/ops?page=audit');
    await answer(LOG, { list: [], totalPages: 0 });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify chain' }));
    await answer(VERIFY, { ok: true, rows: 42 });
    expect(await screen.findByText('The chain is intact: 42 rows checked.')).toBeInTheDocument();
  });

  it('verifies the chain: the first broken row and why', async () => {
    await signedIn('ADMIN', '/ops?page=audit');
    await answer(LOG, { list: [], totalPages: 0 });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify chain' }));
    await answer(VERIFY, { ok: false, rows: 42, brokenAt: 7, why: 'hash does not match' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The chain is broken at row 7: hash does not match',
    );
  });
});
