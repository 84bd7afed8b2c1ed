import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLotteryRefresh } from '../../../machines/lotteryRefresh.connect.ts';
import { menuLoad, SAMPLE_MENU, SERVER_TIME } from '../../../machines/lotteryRefresh.events.ts';
import { lotteryMenuQuery } from '../../api/queries.ts';
import { advance, server, useFakeClock, useRealClock } from '../../test/authHarness.tsx';
import { MENU, menuData, replyData } from '../../test/lotteryHarness.tsx';
import { show } from '../../test/memberHarness.tsx';
import { LotteryWidget } from './LotteryWidget.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

// Counted: the widget connects the machine's snapshot once a render.
vi.mock('../../../machines/lotteryRefresh.connect.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../machines/lotteryRefresh.connect.ts')>();
  return { ...actual, connectLotteryRefresh: vi.fn(actual.connectLotteryRefresh) };
});

const countdownOf = (name: string) =>
  within(screen.getByRole('listitem', { name })).getByTestId('countdown').textContent;

beforeEach(() => {
  useFakeClock();
  // The local clock on the server's: the countdowns count from the list's time.
  vi.setSystemTime(new Date(SERVER_TIME));
  server.reset();
});
afterEach(() => {
  useRealClock();
});

describe('the countdowns', () => {
  it('tick every second alone: the list around them does not render again', async () => {
    show(<LotteryWidget prizeMode="Lott" lobby />, 'visitor');
    await advance(0);
    await replyData(MENU, menuData(SAMPLE_MENU, SERVER_TIME));
    expect(countdownOf('Miền Bắc')).toBe('00:00:20');
    expect(countdownOf('TP. Hồ Chí Minh')).toBe('01:00:00');
    const row = screen.getByRole('listitem', { name: 'Miền Bắc' });
    const renders = vi.mocked(connectLotteryRefresh).mock.calls.length;
    await advance(3000);
    expect(countdownOf('Miền Bắc')).toBe('00:00:17');
    expect(countdownOf('TP. Hồ Chí Minh')).toBe('00:59:57');
    expect(vi.mocked(connectLotteryRefresh).mock.calls.length).toBe(renders);
    expect(screen.getByRole('listitem', { name: 'Miền Bắc' })).toBe(row);
    // The list's own changes still render it: the refresh before XSMB's sale closes.
    await advance(17_000);
    expect(server.pending(MENU)).toHaveLength(1);
    expect(vi.mocked(connectLotteryRefresh).mock.calls.length).toBeGreaterThan(renders);
  });

  it('start from the first list the page carried, with no call, and tick on the server’s whole seconds', async () => {
    // The page came in at the server's time; the app shows it 200 ms later.
    const server0 = Date.parse(SERVER_TIME);
    const firstList = { ...menuLoad(SAMPLE_MENU), sentAt: server0, receivedAt: server0 };
    vi.setSystemTime(server0 + 200);
    show(<LotteryWidget prizeMode="Lott" lobby />, 'visitor', {}, [
      [lotteryMenuQuery('en').queryKey, firstList],
    ]);
    expect(screen.queryAllByTestId('lottery-skeleton')).toHaveLength(0);
    expect(countdownOf('Miền Bắc')).toBe('00:00:19');
    await advance(799);
    expect(countdownOf('Miền Bắc')).toBe('00:00:19');
    // Just past the server's next second (a few ms, so that the render reads it).
    await advance(10);
    expect(countdownOf('Miền Bắc')).toBe('00:00:18');
    expect(server.sent(MENU)).toHaveLength(0);
  });
});
