import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsHelpItem } from '../../../contract/help.ts';
import { ApiError } from '../../api/client.ts';
import { answer, refuse, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const LIST = '/ops/merchants/:code/help-items';
const ONE = '/ops/merchants/:code/help-items/:id';
const ORDER = '/ops/merchants/:code/help-items/order';

const item = (i: Partial<OpsHelpItem>): OpsHelpItem => ({
  id: 1,
  titles: { en: 'Deposits', vi: 'Nạp tiền' },
  contents: { en: '<p>Pay in</p>', vi: '<p>Nạp</p>' },
  anchor: null,
  sort: 0,
  ...i,
});
const DEPOSITS = item({});
const TERMS = item({
  id: 2,
  titles: { en: 'Terms' },
  contents: { en: '<p>Rules</p>' },
  anchor: 'term',
  sort: 1,
});

async function opened() {
  await signedIn('CONTENT', '/ops?page=help-items');
  await answer(LIST, { list: [DEPOSITS, TERMS] });
  return screen.findByRole('table', { name: 'Help items' });
}

describe('Help centre', () => {
  it('adds an item in every language, keeping what was typed when the server refuses', async () => {
    await opened();
    await userEvent.click(screen.getByRole('button', { name: 'Add help item' }));
    await userEvent.type(screen.getByLabelText('Title (English)'), 'Withdrawals');
    await userEvent.type(screen.getByLabelText('Content, HTML (English)'), '<p>Cash out</p>');
    await userEvent.type(screen.getByLabelText('Title (Thai)'), 'การถอนเงิน');
    await userEvent.type(screen.getByLabelText(/^Anchor/), 'term');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input.body).toEqual({
      titles: { en: 'Withdrawals', th: 'การถอนเงิน' },
      contents: { en: '<p>Cash out</p>' },
      anchor: 'term',
    });
    await refuse(
      LIST,
      new ApiError(
        'CONFLICT',
        'Another item has this anchor',
        { anchor: 'Another item has this anchor' },
        409,
      ),
    );
    expect(await screen.findAllByText('Another item has this anchor')).not.toHaveLength(0);
    expect(screen.getByLabelText('Title (English)')).toHaveValue('Withdrawals');
  });

  it('moves an item down by sending the whole new order', async () => {
    const table = await opened();
    expect(within(table).getByRole('button', { name: 'Move up: Deposits' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Move down: Terms' })).toBeDisabled();
    await userEvent.click(within(table).getByRole('button', { name: 'Move down: Deposits' }));
    await waitFor(() => expect(server.pending(ORDER)).toHaveLength(1));
    expect(server.next(ORDER).input.body).toEqual({ ids: [2, 1] });
    await server.reply(ORDER, { list: [item({ ...TERMS, sort: 0 }), item({ sort: 1 })] });
    expect(await screen.findByText('Order saved.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Help items' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Terms');
  });

  it('edits an item with its stored texts filled in', async () => {
    const table = await opened();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit: Deposits' }));
    const title = screen.getByLabelText('Title (Vietnamese)');
    expect(title).toHaveValue('Nạp tiền');
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.pending(ONE)).toHaveLength(1));
    expect(server.next(ONE).input).toEqual({
      params: { code: 'PORTICO', id: 1 },
      body: { titles: { en: 'Deposits' }, contents: { en: '<p>Pay in</p>', vi: '<p>Nạp</p>' }, anchor: null },
    });
    await server.reply(ONE, { item: item({ titles: { en: 'Deposits' } }) });
    expect(await screen.findByText('Help item "Deposits" saved.')).toBeInTheDocument();
  });
});
