import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Vendor, VendorLane } from '../../../contract/games.ts';
import { vendorLanesQuery } from '../../api/queries.ts';
import { show } from '../../test/memberHarness.tsx';
import { LotteryLobby } from './LotteryLobby.tsx';

const vendor = (vassalage: string, displayName: string, gameType: Vendor['gameType']): Vendor => ({
  vassalage,
  gameType,
  gameCategory: 'LOTTERY',
  displayName,
  logoUrl: `/logos/${vassalage}.png`,
  gameCount: 8,
});
const LANES: VendorLane[] = [
  { title: 'LOTT', cards: [vendor('TCG_LOTTO_VN', 'TCG Lotto VN', 'LOTT')], gameClassify: [] },
  {
    title: 'ELOTT',
    cards: [vendor('TCG_SEA', 'TCG SEA Lottery', 'ELOTT'), vendor('GPI', 'GPI Keno', 'ELOTT')],
    gameClassify: [],
  },
];
const lanes: [readonly unknown[], unknown][] = [[vendorLanesQuery().queryKey, LANES]];
const tile = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: 'Providers' })).getByRole('link', { name });
/** The session's start (the member info) answered. */
const settled = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('lottery lobbies /lott and /elott', () => {
  it('leads each lottery tile to the lottery centre on its category; TCG_SEA starts its game', () => {
    show(<LotteryLobby gameType="ELOTT" vendor="GPI" />, 'visitor', {}, lanes);
    expect(screen.getByRole('heading', { name: 'E-Lottery' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the lottery centre' })).toHaveAttribute(
      'href',
      '/lotteryCenter?prizeMode=Elott',
    );
    expect(tile(/GPI Keno/)).toHaveAttribute('href', '/lotteryCenter?prizeMode=Elott&tag=KENO');
    expect(tile(/GPI Keno/)).toHaveAttribute('aria-current', 'true');
    expect(tile(/TCG SEA Lottery/)).toHaveAttribute('href', '/lottery?vendor=TCG_SEA');
    expect(tile(/TCG SEA Lottery/)).toHaveTextContent('Play now');
    expect(tile(/TCG SEA Lottery/)).not.toHaveAttribute('aria-current');
  });

  it('shows the daily lotteries’ vendor on /lott', () => {
    show(<LotteryLobby gameType="LOTT" />, 'visitor', {}, lanes);
    expect(tile(/TCG Lotto VN/)).toHaveAttribute('href', '/lotteryCenter?prizeMode=Lott');
    expect(within(screen.getByRole('navigation', { name: 'Providers' })).getAllByRole('link')).toHaveLength(
      1,
    );
  });

  it('asks a visitor to log in before TCG_SEA’s game starts (spec §4)', async () => {
    show(<LotteryLobby gameType="ELOTT" />, 'visitor', {}, lanes);
    await settled();
    await userEvent.click(tile(/TCG SEA Lottery/));
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
  });

  it('says so when the merchant sells no lottery of the category', () => {
    show(<LotteryLobby gameType="LOTT" />, 'visitor', {}, [[vendorLanesQuery().queryKey, LANES.slice(1)]]);
    expect(screen.getByText('No providers offer Lottery here yet.')).toBeInTheDocument();
  });
});
