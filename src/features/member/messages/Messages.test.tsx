import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageView } from '../../../../contract/messages.ts';
import { ApiError } from '../../../api/client.ts';
import { server } from '../../../test/authHarness.tsx';
import { answer, show } from '../../../test/memberHarness.tsx';
import { Messages } from './Messages.tsx';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

const LIST = '/wps/relay/messageList';
const READ = '/wps/relay/readMessages';
const DELETE = '/wps/relay/deleteMessages';

afterEach(() => server.reset());

const message = (m: Partial<MessageView> & { id: number }): MessageView => ({
  category: 'ACCOUNT',
  template: null,
  params: {},
  title: `Title ${m.id}`,
  body: `Body ${m.id}`,
  createdAt: '2030-01-02T03:04:05.000Z',
  read: false,
  ...m,
});

const INBOX = {
  list: [
    message({
      id: 3,
      category: 'SYSTEM',
      template: 'DEPOSIT_CREDITED',
      params: { amount: '12345' },
      title: 'Deposit credited (English)',
      body: 'fallback',
    }),
    message({ id: 2, template: 'SOMETHING_NEW', title: 'Operator words', body: 'Line one\n<b>not bold</b>' }),
    message({ id: 1, title: 'Old news', read: true }),
  ],
  totalPages: 1,
  unread: 2,
};

const REFUNDED = message({
  id: 9,
  category: 'SYSTEM',
  template: 'LOTTERY_REFUNDED',
  params: { amount: '5000', lottery: 'Huế', issue: '20300107', bet: '41' },
  title: 'English fallback',
  body: 'fallback',
});

const items = async () =>
  within(await screen.findByRole('list', { name: 'Messages' })).getAllByRole('listitem');

describe('Internal Message', () => {
  it('lists messages newest first, unread ones marked, templates in the member’s words', async () => {
    show(<Messages />);
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input.query).toEqual({ pageNo: 1, pageSize: 10 });
    await server.reply(LIST, INBOX);
    const rows = await items();
    expect(rows).toHaveLength(3);
    const [deposit, unknown, old] = rows.map((r) => within(r).getAllByRole('button')[0]!);
    expect(deposit).toHaveAccessibleName(
      /^Unread: Deposit credited Your deposit of \$123\.45 has been credited/,
    );
    expect(unknown).toHaveAccessibleName(/^Unread: Operator words Line one/);
    expect(old).toHaveAccessibleName(/^Old news Body 1/);
    expect(within(rows[0]!).getByText('Deposit credited').parentElement).toHaveClass('font-bold');
    expect(within(rows[2]!).getByText('Old news').parentElement).not.toHaveClass('font-bold');
    expect(screen.getByText('2 unread messages')).toBeInTheDocument();
  });

  it('words a refunded lottery stake from its template', async () => {
    show(<Messages />);
    await answer(LIST, { list: [REFUNDED], totalPages: 1, unread: 1 });
    const [row] = await items();
    expect(within(row!).getAllByRole('button')[0]).toHaveAccessibleName(
      /^Unread: Lottery draw cancelled, stake refunded The official results of draw 20300107 of Huế were not confirmed in time, so the draw is cancelled\. Your stake of \$50\.00 on bet #41 is back in your main wallet\./,
    );
  });

  it('words a transfer from the upline from its template', async () => {
    show(<Messages />);
    const params = { amount: '12345', upline: 'agent01' };
    await answer(LIST, {
      list: [
        message({
          id: 31,
          category: 'ACCOUNT',
          template: 'TRANSFER_FROM_UPLINE',
          params,
          title: 'T',
          body: 'B',
        }),
        // Without the upline's name: the server's own words.
        message({
          id: 30,
          template: 'TRANSFER_FROM_UPLINE',
          params: { amount: '1' },
          title: 'Own',
          body: 'words',
        }),
      ],
      totalPages: 1,
      unread: 2,
    });
    const [worded, fallback] = await items();
    expect(within(worded!).getAllByRole('button')[0]).toHaveAccessibleName(
      /^Unread: Transfer from upline Your upline agent01 transferred \$123\.45 to your main wallet\./,
    );
    expect(within(fallback!).getAllByRole('button')[0]).toHaveAccessibleName(/^Unread: Own words/);
  });

  it('words the end of a withdrawal dispute from its templates', async () => {
    show(<Messages />);
    const ended = (id: number, template: string, params: Record<string, string>) =>
      message({ id, category: 'ACCOUNT', template, params, title: 'English fallback', body: 'fallback' });
    await answer(LIST, {
      list: [
        ended(23, 'WITHDRAWAL_RESENT', { amount: '20000', reference: 'FT-991' }),
        ended(22, 'WITHDRAWAL_CONFIRMED', { amount: '20000' }),
        ended(21, 'WITHDRAWAL_REFUNDED', { amount: '20000' }),
        // No reference: the server's own words.
        ended(20, 'WITHDRAWAL_RESENT', { amount: '20000' }),
      ],
      totalPages: 1,
      unread: 4,
    });
    const [resent, confirmed, refunded, fallback] = (await items()).map(
      (r) => within(r).getAllByRole('button')[0]!,
    );
    expect(resent).toHaveAccessibleName(/^Unread: Withdrawal paid out again .*\$200\.00.*FT-991/);
    expect(confirmed).toHaveAccessibleName(/^Unread: Withdrawal received .*\$200\.00 reached your account/);
    expect(refunded).toHaveAccessibleName(/^Unread: Withdrawal refunded .*\$200\.00 has been refunded/);
    expect(fallback).toHaveAccessibleName(/^Unread: English fallback/);
  });

  it('opens a message as plain text and marks it read', async () => {
    show(<Messages />);
    await answer(LIST, INBOX);
    await userEvent.click(await screen.findByRole('button', { name: /^Unread: Operator words/ }));
    const dialog = screen.getByRole('dialog', { name: 'Operator words' });
    // Shown as typed, markup and line break included.
    expect(within(dialog).getByText(/<b>not bold<\/b>/).textContent).toBe('Line one\n<b>not bold</b>');
    expect(dialog.querySelector('b')).toBeNull();
    await waitFor(() => expect(server.pending(READ)).toHaveLength(1));
    expect(server.next(READ).input.body).toEqual({ ids: [2] });
    await server.reply(READ, { unread: 1 });
    // The list reloads with the new state.
    await answer(LIST, {
      ...INBOX,
      list: INBOX.list.map((m) => (m.id === 2 ? { ...m, read: true } : m)),
      unread: 1,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: /^Operator words/ })).toBeInTheDocument();
    expect(screen.getByText('1 unread message')).toBeInTheDocument();

    // A message already read is opened without another call.
    await userEvent.click(screen.getByRole('button', { name: /^Old news/ }));
    expect(screen.getByRole('dialog', { name: 'Old news' })).toBeInTheDocument();
    expect(server.sent(READ)).toHaveLength(1);
  });

  it('marks all as read', async () => {
    show(<Messages />);
    await answer(LIST, INBOX);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(server.pending(READ)).toHaveLength(1));
    expect(server.next(READ).input.body).toEqual({ all: true });
    await server.reply(READ, { unread: 0 });
    await answer(LIST, { ...INBOX, list: INBOX.list.map((m) => ({ ...m, read: true })), unread: 0 });
    expect(await screen.findByText('No unread messages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.queryByText('Unread:')).toBeNull();
  });

  it('deletes a message after confirming, and keeps it when cancelled', async () => {
    show(<Messages />);
    await answer(LIST, INBOX);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete message: Old news' }));
    let confirm = screen.getByRole('dialog', { name: 'Delete message' });
    expect(confirm).toHaveTextContent('Delete “Old news”? This cannot be undone.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sent(DELETE)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete message: Old news' }));
    confirm = screen.getByRole('dialog', { name: 'Delete message' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.pending(DELETE)).toHaveLength(1));
    expect(server.next(DELETE).input.body).toEqual({ ids: [1] });
    await server.reply(DELETE, { unread: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await answer(LIST, { ...INBOX, list: INBOX.list.slice(0, 2) });
    await waitFor(async () => expect(await items()).toHaveLength(2));
  });

  it('keeps the confirm open with the reason when a delete fails', async () => {
    show(<Messages />);
    await answer(LIST, INBOX);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete message: Old news' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete message' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.pending(DELETE)).toHaveLength(1));
    await server.fail(DELETE, new ApiError('NOT_FOUND', 'No such message', {}, 404));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('No such message');
  });

  it('shows a failure with a retry, then the list', async () => {
    show(<Messages />);
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    await server.fail(LIST, new ApiError('NETWORK', 'offline'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network abnormal, please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await answer(LIST, INBOX);
    expect(await items()).toHaveLength(3);
  });

  it('says when the inbox is empty', async () => {
    show(<Messages />);
    await answer(LIST, { list: [], totalPages: 0, unread: 0 });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('pages through older messages', async () => {
    show(<Messages />);
    await answer(LIST, { ...INBOX, totalPages: 2 });
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input.query).toEqual({ pageNo: 2, pageSize: 10 });
    await server.reply(LIST, {
      list: [message({ id: 0, title: 'Oldest', read: true })],
      totalPages: 2,
      unread: 2,
    });
    expect(await screen.findByRole('button', { name: /^Oldest/ })).toBeInTheDocument();
    expect(await items()).toHaveLength(1);
  });
});
