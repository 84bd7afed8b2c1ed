import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advance, flush, server, useFakeClock, useRealClock } from '../../../test/authHarness.tsx';
import { show } from '../../../test/memberHarness.tsx';
import { MessageBadge } from './MessageBadge.tsx';
import { UNREAD_POLL_MS } from './queries.ts';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

const UNREAD = '/wps/relay/unreadCount';

afterEach(() => {
  server.reset();
  useRealClock();
});

describe('Messages badge', () => {
  it('links to the inbox with the unread count, and asks again every minute', async () => {
    useFakeClock();
    show(<MessageBadge />);
    await flush();
    expect(server.pending(UNREAD)).toHaveLength(1);
    await server.reply(UNREAD, { count: 3 });
    await flush();
    const link = screen.getByRole('link', { name: 'Messages, 3 unread' });
    expect(link).toHaveAttribute('href', '/member?page=messageV2');
    expect(link).toHaveTextContent('3');

    await advance(UNREAD_POLL_MS - 1_000);
    expect(server.pending(UNREAD)).toHaveLength(0);
    await advance(1_000);
    expect(server.pending(UNREAD)).toHaveLength(1);
    await server.reply(UNREAD, { count: 0 });
    await flush();
    expect(screen.getByRole('link', { name: 'Messages' })).not.toHaveTextContent(/\d/);
  });

  it('caps the badge at 99+ but names the real count', async () => {
    useFakeClock();
    show(<MessageBadge />);
    await flush();
    await server.reply(UNREAD, { count: 150 });
    await flush();
    expect(screen.getByRole('link', { name: 'Messages, 150 unread' })).toHaveTextContent('99+');
  });

  it('asks nothing for a visitor or a trial account', async () => {
    useFakeClock();
    show(<MessageBadge />, 'trial');
    await flush();
    await advance(UNREAD_POLL_MS);
    show(<MessageBadge />, 'visitor');
    await flush();
    expect(server.sent(UNREAD)).toHaveLength(0);
  });
});
