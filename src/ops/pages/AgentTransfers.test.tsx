import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const LIST = '/ops/merchants/:code/agent-transfers';

const TRANSFER = {
  id: 501,
  agent: { id: 10, account: 'agent01' },
  member: { id: 21, account: 'member21' },
  amount: 123_450,
  at: '2030-01-02T03:04:05.000Z',
};

describe('Agent transfers', () => {
  it('lists the merchant’s transfers with the total and filters by days, agent and member', async () => {
    await signedIn('SUPPORT', '/ops?page=agent-transfers');
    await answer(LIST, { list: [TRANSFER], totals: { amount: 123_450, count: 1 }, totalPages: 2 });
    const first = server.sent(LIST)[0]!.input;
    expect(first.query).toEqual({ pageNo: 1 });
    const table = await screen.findByRole('table', { name: 'Agent transfers' });
    expect(within(table).getByText('agent01')).toBeInTheDocument();
    expect(within(table).getByText('member21')).toBeInTheDocument();
    expect(screen.getByText('Total amount').nextSibling).toHaveTextContent('1,234.50');

    await userEvent.type(screen.getByLabelText('From'), '2030-01-01');
    await userEvent.type(screen.getByLabelText('To'), '2030-01-02');
    await userEvent.type(screen.getByLabelText('Agent'), ' agent01 ');
    await userEvent.type(screen.getByLabelText('Member'), 'member');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input).toMatchObject({
      params: first.params,
      query: { pageNo: 1, from: '2030-01-01', to: '2030-01-02', agent: 'agent01', member: 'member' },
    });
    await server.reply(LIST, { list: [TRANSFER], totals: { amount: 123_450, count: 1 }, totalPages: 2 });
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input.query).toMatchObject({ pageNo: 2, agent: 'agent01' });
  });

  it('puts the server’s date message under the field', async () => {
    await signedIn('FINANCE', '/ops?page=agent-transfers');
    await answer(LIST, { list: [], totals: { amount: 0, count: 0 }, totalPages: 0 });
    expect(await screen.findByText('No transfers here.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('From'), '2030-01-05');
    await userEvent.type(screen.getByLabelText('To'), '2030-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    await server.fail(
      LIST,
      new ApiError('VALIDATION', 'The end date is before the start', {
        to: 'The end date is before the start',
      }),
    );
    expect(await screen.findByLabelText('To')).toHaveAccessibleDescription(
      'The end date is before the start',
    );
  });

  it('is not offered to a content operator', async () => {
    await signedIn('CONTENT', '/ops?page=agent-transfers');
    expect(
      await screen.findByText('This page does not exist or your role may not open it.'),
    ).toBeInTheDocument();
    expect(server.sent(LIST)).toEqual([]);
  });
});
