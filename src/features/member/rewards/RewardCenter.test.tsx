import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RewardTicket } from '../../../../contract/rewards.ts';
import { ApiError } from '../../../api/client.ts';
import { server } from '../../../test/authHarness.tsx';
import { answer, show } from '../../../test/memberHarness.tsx';
import { useAvailableTicketCount } from './queries.ts';
import { RewardCenter } from './RewardCenter.tsx';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

const TICKETS = '/wps/reward/tickets';
const OPEN = '/wps/reward/openTicket';
const PRIZES = '/wps/reward/prizes';
const BALANCE = '/wps/v2/wallets/balance';
const NOW = new Date('2030-03-03T05:00:00Z');

const ticket = (t: Partial<RewardTicket> & Pick<RewardTicket, 'id' | 'type'>): RewardTicket => ({
  source: 'DEPOSIT',
  status: 'AVAILABLE',
  prize: null,
  prizeIndex: null,
  expiresAt: '2030-03-06T05:00:00.000Z',
  openedAt: null,
  createdAt: '2030-03-02T05:00:00.000Z',
  ...t,
});
const COUNTS = { AVAILABLE: 3, OPENED: 1, EXPIRED: 1 };
const AVAILABLE = [
  ticket({ id: 3, type: 'RED_ENVELOPE' }),
  ticket({ id: 2, type: 'PRIZE_WHEEL', expiresAt: '2030-03-03T09:00:00.000Z' }),
  ticket({ id: 1, type: 'GOLDEN_EGG' }),
];
const TABLES = {
  RED_ENVELOPE: { min: 100, max: 888 },
  PRIZE_WHEEL: { segments: [100, 5_000, 200, 1_000, 300, 8_800, 500, 2_000] },
  GOLDEN_EGG: { prizes: [200, 800, 3_000] },
};
const opened = (t: RewardTicket, prize: number, prizeIndex: number | null) => ({
  ticket: { ...t, status: 'OPENED', prize, prizeIndex, openedAt: NOW.toISOString() },
  prize,
  prizeIndex,
  balance: 100_000 + prize,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  server.reset();
});

async function showAvailable() {
  show(<RewardCenter />);
  await answer(TICKETS, { list: AVAILABLE, totalPages: 1, counts: COUNTS });
  return screen.findByRole('list', { name: 'Available tickets' });
}

const openDialog = async (name: string) => {
  await userEvent.click(screen.getByRole('button', { name: `Open ${name}` }));
  return screen.findByRole('dialog', { name });
};

describe('Reward Center', () => {
  it('lists tickets by state with their counts, expiry, prizes and the expired mark', async () => {
    const list = await showAvailable();
    expect(server.sent(TICKETS)[0]!.input.query).toMatchObject({ status: 'AVAILABLE', pageNo: 1 });
    expect(screen.getByRole('button', { name: 'Available (3)' })).toHaveAttribute('aria-pressed', 'true');
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('p')!.textContent)).toEqual([
      'Red envelope (Available)',
      'Prize wheel (Available)',
      'Golden egg (Available)',
    ]);
    expect(cards[0]).toHaveTextContent('Expires in 3 days');
    expect(cards[1]).toHaveTextContent('Expires in 4 hours');
    expect(within(cards[1]!).getByRole('button', { name: 'Open Prize wheel' })).toHaveAccessibleDescription(
      /Expires in 4 hours/,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Opened (1)' }));
    await waitFor(() => expect(server.pending(TICKETS)).toHaveLength(1));
    expect(server.next(TICKETS).input.query).toMatchObject({ status: 'OPENED', pageNo: 1 });
    await server.reply(TICKETS, {
      list: [
        ticket({
          id: 9,
          type: 'PRIZE_WHEEL',
          status: 'OPENED',
          prize: 1_000,
          prizeIndex: 3,
          openedAt: '2030-03-01T00:00:00.000Z',
        }),
      ],
      totalPages: 1,
      counts: COUNTS,
    });
    const openedList = await screen.findByRole('list', { name: 'Opened tickets' });
    expect(openedList).toHaveTextContent('+$10.00');
    expect(within(openedList).queryByRole('button')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Expired (1)' }));
    await answer(TICKETS, {
      list: [
        ticket({ id: 8, type: 'RED_ENVELOPE', status: 'EXPIRED', expiresAt: '2030-03-01T00:00:00.000Z' }),
      ],
      totalPages: 1,
      counts: COUNTS,
    });
    const expiredList = await screen.findByRole('list', { name: 'Expired tickets' });
    expect(expiredList).toHaveTextContent('Expired on');
    expect(within(expiredList).queryByRole('button')).toBeNull();
  });

  it('says so when a state has no tickets, and offers a retry when the list fails', async () => {
    show(<RewardCenter />);
    await waitFor(() => expect(server.pending(TICKETS)).toHaveLength(1));
    await server.fail(TICKETS, new ApiError('NETWORK', 'offline'));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await answer(TICKETS, { list: [], totalPages: 0, counts: { AVAILABLE: 0, OPENED: 0, EXPIRED: 0 } });
    expect(
      await screen.findByText('No tickets to open. Deposits and missions bring new ones.'),
    ).toBeInTheDocument();
  });

  it('opens a red envelope by keyboard, reveals the amount and reads the balance and lists again', async () => {
    await showAvailable();
    await answer(BALANCE, { sumBalance: 100_000, currency: 'USD', currencySign: '$' });
    const balanceReads = server.sent(BALANCE).length;
    const dialog = await openDialog('Red envelope');
    const envelope = within(dialog).getByRole('button', { name: 'Tap to open the red envelope' });
    expect(envelope).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(server.pending(OPEN)).toHaveLength(1));
    expect(server.next(OPEN).input.body).toEqual({ ticketId: 3 });
    await server.reply(OPEN, opened(AVAILABLE[0]!, 555, null));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'You won $5.55. It is in your main wallet.',
    );
    await waitFor(() => expect(server.sent(BALANCE).length).toBeGreaterThan(balanceReads));
    await waitFor(() => expect(server.pending(TICKETS).length).toBeGreaterThan(0));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to my tickets' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows reduced-motion members the wheel stopped on the drawn segment at once', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q }));
    await showAvailable();
    const dialog = await openDialog('Prize wheel');
    await answer(PRIZES, TABLES);
    const wheel = await within(dialog).findByRole('img', { name: /^Prize wheel with \$1\.00, \$50\.00/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spin the wheel' }));
    expect(server.next(OPEN).input.body).toEqual({ ticketId: 2 });
    await server.reply(OPEN, opened(AVAILABLE[1]!, 1_000, 3));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('You won $10.00');
    // Segment 3 of 8 sits at 135°: a 225° turn brings it under the pointer, without a transition.
    const turning = wheel.querySelector('g') as SVGGElement;
    expect(turning.style.transform).toBe('rotate(225deg)');
    expect(turning.style.transition).toBe('none');
  });

  it('spins the wheel to the drawn segment and reveals the prize when it stops', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: false, media: q }));
    await showAvailable();
    const dialog = await openDialog('Prize wheel');
    await answer(PRIZES, TABLES);
    const wheel = await within(dialog).findByRole('img', { name: /^Prize wheel/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Spin the wheel' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
    await server.reply(OPEN, opened(AVAILABLE[1]!, 8_800, 5));
    const turning = wheel.querySelector('g') as SVGGElement;
    // Five whole turns, then segment 5 (225°) under the pointer.
    expect(turning.style.transform).toBe(`rotate(${5 * 360 + 135}deg)`);
    expect(within(dialog).getByRole('button', { name: 'Spinning…' })).toBeDisabled();
    expect(within(dialog).queryByText(/You won/)).toBeNull();
    await act(async () => vi.advanceTimersByTime(4_000));
    expect(within(dialog).getByRole('status')).toHaveTextContent('You won $88.00');
  });

  it('breaks the chosen golden egg', async () => {
    await showAvailable();
    const dialog = await openDialog('Golden egg');
    const eggs = within(dialog).getAllByRole('button', { name: /^Break egg/ });
    expect(eggs.map((e) => e.getAttribute('aria-label'))).toEqual([
      'Break egg 1',
      'Break egg 2',
      'Break egg 3',
    ]);
    await userEvent.click(eggs[1]!);
    expect(server.next(OPEN).input.body).toEqual({ ticketId: 1, choice: 1 });
    expect(eggs[1]).toHaveAttribute('aria-pressed', 'true');
    await server.reply(OPEN, opened(AVAILABLE[2]!, 3_000, 1));
    expect(await within(dialog).findByText(/You won/)).toHaveTextContent('You won $30.00');
    for (const egg of eggs) expect(egg).toBeDisabled();
  });

  it('shows why a ticket could not be opened', async () => {
    await showAvailable();
    const dialog = await openDialog('Red envelope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tap to open the red envelope' }));
    await server.fail(
      OPEN,
      new ApiError('CONFLICT', 'This ticket has expired and can no longer be opened', {}, 409),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This ticket has expired and can no longer be opened',
    );
    expect(within(dialog).queryByText(/You won/)).toBeNull();
  });

  it('counts the available tickets for a badge', async () => {
    function Badge() {
      return <p data-testid="badge">{useAvailableTicketCount() ?? 'none'}</p>;
    }
    show(<Badge />);
    expect(screen.getByTestId('badge')).toHaveTextContent('none');
    await answer(TICKETS, { list: AVAILABLE, totalPages: 1, counts: COUNTS });
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('3'));
    expect(server.sent(TICKETS)[0]!.input.query).toMatchObject({ status: 'AVAILABLE', pageNo: 1 });
  });
});
