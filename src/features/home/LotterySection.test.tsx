import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Vendor, VendorLane } from '../../../contract/games.ts';
import { show } from '../../test/memberHarness.tsx';
import { LotterySection } from './LotterySection.tsx';

const vendor = (vassalage: string, displayName: string, gameType: Vendor['gameType']): Vendor => ({
  vassalage,
  gameType,
  gameCategory: gameType === 'RNG' ? 'RNG' : 'LOTTERY',
  displayName,
  logoUrl: `/logos/${vassalage}.png`,
  gameCount: 8,
});
const LANES: VendorLane[] = [
  { title: 'RNG', cards: [vendor('PG', 'PG Soft', 'RNG')], gameClassify: [] },
  // The server lists e-lotteries first (spec's nav order): More still opens the daily lotteries.
  {
    title: 'ELOTT',
    cards: [vendor('TCG_SEA', 'TCG SEA Lottery', 'ELOTT'), vendor('GPI', 'GPI Keno', 'ELOTT')],
    gameClassify: [],
  },
  { title: 'LOTT', cards: [vendor('TCG_LOTTO_VN', 'TCG Lotto VN', 'LOTT')], gameClassify: [] },
];
const row = () => screen.getByRole('region', { name: 'Lottery' });

describe('home lottery row', () => {
  it('leads More and each lottery vendor to the lottery centre on its category; TCG_SEA starts its game', () => {
    show(<LotterySection lanes={LANES} />, 'visitor');
    expect(within(row()).getByRole('link', { name: 'More Lottery' })).toHaveAttribute(
      'href',
      '/lotteryCenter?prizeMode=Lott',
    );
    const links = within(row())
      .getAllByRole('link')
      .filter((a) => a.textContent !== 'More')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['TCG SEA LotteryE-Lottery', '/lottery?vendor=TCG_SEA'],
      ['GPI KenoE-Lottery', '/lotteryCenter?prizeMode=Elott&tag=KENO'],
      ['TCG Lotto VNLottery', '/lotteryCenter?prizeMode=Lott'],
    ]);
  });

  it('asks a visitor to log in before TCG_SEA’s game starts', async () => {
    show(<LotterySection lanes={LANES} />, 'visitor');
    await act(() => new Promise((r) => setTimeout(r, 0)));
    await userEvent.click(within(row()).getByRole('link', { name: /TCG SEA Lottery/ }));
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
  });

  it('opens the e-lotteries from More when the merchant sells only those', () => {
    show(<LotterySection lanes={LANES.slice(0, 2)} />, 'visitor');
    expect(within(row()).getByRole('link', { name: 'More Lottery' })).toHaveAttribute(
      'href',
      '/lotteryCenter?prizeMode=Elott',
    );
  });

  it('is left out when the merchant sells no lottery', () => {
    show(<LotterySection lanes={LANES.slice(0, 1)} />, 'visitor');
    expect(screen.queryByRole('region', { name: 'Lottery' })).toBeNull();
  });
});
