import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_MENU, SERVER_TIME } from '../../../machines/lotteryRefresh.events.ts';
import { server } from '../../test/authHarness.tsx';
import { answerData, MENU, menuData, NEXT_DRAW, RESULTS, RULES } from '../../test/lotteryHarness.tsx';
import { show } from '../../test/memberHarness.tsx';
import { LotteryPage } from './LotteryPage.tsx';
import { LotteryWidget } from './LotteryWidget.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

afterEach(() => server.reset());

// XSMB's draw of 2030-01-01 has no confirmed official results yet; the fast lottery is the house's own draw.
const MENU_AWAITING = SAMPLE_MENU.map((g) =>
  g.code === 'XSMB'
    ? { ...g, results: 'OFFICIAL' as const, awaitingIssue: '20300101' }
    : { ...g, results: g.tag === 'FAST' ? ('HOUSE' as const) : ('OFFICIAL' as const), awaitingIssue: null },
);

describe('awaiting official results', () => {
  it('the lottery centre shows it on the lottery whose past draw has no confirmed results, only there', async () => {
    show(<LotteryWidget prizeMode="Lott" lobby />, 'visitor');
    await answerData(MENU, menuData(MENU_AWAITING, SERVER_TIME));
    const xsmb = screen.getByRole('listitem', { name: 'Miền Bắc' });
    expect(xsmb).toHaveTextContent('Issue 20300101: awaiting official results');
    for (const name of ['TP. Hồ Chí Minh', 'Siêu tốc 1 phút'])
      expect(screen.getByRole('listitem', { name })).not.toHaveTextContent('awaiting official results');
  });

  it('the bet page shows it, and no house commitment for an official lottery', async () => {
    show(<LotteryPage gameCode="XSMB" />, 'visitor');
    await answerData(MENU, menuData(MENU_AWAITING, SERVER_TIME));
    await answerData(MENU, menuData([], SERVER_TIME));
    await answerData(NEXT_DRAW, {
      gameCode: 'XSMB',
      issue: '20300102',
      drawTime: '',
      lockTime: '',
      commitment: '',
    });
    await answerData(RULES, { rules: [] });
    await answerData(RESULTS, { list: [] });
    const header = screen.getByRole('heading', { level: 1, name: 'Miền Bắc' }).closest('header')!;
    expect(header).toHaveTextContent('Issue 20300101: awaiting official results');
    expect(
      within(header).getByText('Settled on the official results of the state lottery company.'),
    ).toBeVisible();
    expect(within(header).queryByText('Commitment (published before the draw)')).toBeNull();
  });
});
