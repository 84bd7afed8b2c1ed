import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_MENU, SERVER_TIME, sampleLottery } from '../../../machines/lotteryRefresh.events.ts';
import { ApiError } from '../../api/client.ts';
import { server } from '../../test/authHarness.tsx';
import { answerData, MENU, menuData, POPULAR, RECENT_MENU } from '../../test/lotteryHarness.tsx';
import { show } from '../../test/memberHarness.tsx';
import { favouritesKey } from './favourites.ts';
import { LotteryWidget } from './LotteryWidget.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

afterEach(() => server.reset());

const MENU_DATA = menuData(SAMPLE_MENU, SERVER_TIME);
/** A Keno result: 20 of 01–80, ascending, tilde between them. */
const KENO_NUMBERS = [3, 7, 11, 14, 19, 22, 25, 31, 36, 40, 44, 47, 52, 58, 61, 66, 70, 73, 77, 80].map((n) =>
  String(n).padStart(2, '0'),
);
const KENO_GAME = sampleLottery(9, {
  code: 'KENO5',
  labelName: "Keno 5'",
  tag: 'KENO',
  gameType: 'ELOTT',
  vendor: 'GPI',
  remark: "5'",
  remainTime: 230_000,
  previousWinningNumber: KENO_NUMBERS.join('~'),
});
const rowNames = () =>
  within(screen.getByRole('list', { name: 'Lotteries' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));
const pressed = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .queryAllByRole('button', { pressed: true })
    .map((b) => b.textContent);

describe('Lottery widget', () => {
  it('lists the lotteries with their tag, previous numbers (DB first) and countdown', async () => {
    show(<LotteryWidget prizeMode="Lott" />, 'visitor');
    expect(screen.getAllByTestId('lottery-skeleton')).toHaveLength(3);
    await answerData(MENU, MENU_DATA);
    expect(server.sent(MENU)[0]!.input).toEqual({ query: { prizeMode: 'Lott' } });
    expect(rowNames()).toEqual(['Miền Bắc', 'TP. Hồ Chí Minh', 'Siêu tốc 1 phút']);
    const xsmb = screen.getByRole('listitem', { name: 'Miền Bắc' });
    expect(within(xsmb).getByRole('link', { name: 'Miền Bắc' })).toHaveAttribute(
      'href',
      '/lottery?gameCode=XSMB',
    );
    expect(xsmb).toHaveTextContent('MB');
    expect(within(xsmb).getByText('12345')).toHaveClass('bg-brand');
    expect(xsmb.textContent).toMatch(/DB12345G167890/);
    // Sale closes in 20 s (measured at the call's midpoint).
    expect(within(xsmb).getByTestId('countdown').textContent).toMatch(/^00:00:(19|20)$/);
    const hcm = screen.getByRole('listitem', { name: 'TP. Hồ Chí Minh' });
    expect(within(hcm).getByTestId('countdown').textContent).toMatch(/^(01:00:00|00:59:5\d)$/);
    // Never drawn (a fresh install's daily lottery): when it next draws, in the member's language.
    const next = new Date('2030-01-01T11:15:00.000Z').toLocaleString('en', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(within(hcm).getByText(`No result yet. Next draw: ${next}`)).toBeInTheDocument();
  });

  it('links to the lottery centre on its category, outside the centre', async () => {
    show(<LotteryWidget prizeMode="Elott" />, 'visitor');
    expect(screen.getByRole('link', { name: 'Lottery centre' })).toHaveAttribute(
      'href',
      '/lotteryCenter?prizeMode=Elott',
    );
  });

  it('shows the tabs as a tablist (arrow keys), without KENO when the menu has none', async () => {
    show(<LotteryWidget prizeMode="Lott" />, 'visitor');
    await answerData(MENU, MENU_DATA);
    const tabs = within(screen.getByRole('tablist', { name: 'Lottery regions' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['All', 'North', 'Central', 'South', 'Fast']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    tabs[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'North' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'North' })).toHaveFocus();
    await answerData(MENU, MENU_DATA);
    expect(rowNames()).toEqual(['Miền Bắc']);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Fast' })).toHaveAttribute('aria-selected', 'true');
  });

  it('filters daily lotteries by week day (Mon–Sun, All); a tab resets the week filter and the list type', async () => {
    show(<LotteryWidget prizeMode="Lott" />, 'member');
    await answerData(MENU, MENU_DATA);
    const days = within(screen.getByRole('group', { name: 'Draw day' })).getAllByRole('button');
    expect(days.map((d) => d.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'All']);
    expect(pressed('Draw day')).toEqual(['All']);
    await userEvent.click(screen.getByRole('button', { name: 'Tuesday' }));
    expect(rowNames()).toEqual(['Miền Bắc', 'Siêu tốc 1 phút']);
    await userEvent.click(screen.getByRole('button', { name: 'Monday' }));
    expect(rowNames()).toEqual(['Miền Bắc', 'TP. Hồ Chí Minh', 'Siêu tốc 1 phút']);
    // The week filter needs no call.
    expect(server.sent(MENU)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hot' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Hot' }));
    await answerData(POPULAR, { list: [SAMPLE_MENU[1]] });
    expect(server.sent(POPULAR)[0]!.input).toEqual({ query: { count: 20 } });
    expect(pressed('List type')).toEqual(['Hot']);
    await userEvent.click(screen.getByRole('tab', { name: 'South' }));
    expect(pressed('List type')).toEqual([]);
    expect(pressed('Draw day')).toEqual(['All']);
    await answerData(MENU, MENU_DATA);
    expect(rowNames()).toEqual(['TP. Hồ Chí Minh']);
    // No weekday menu on the fast lotteries' tab.
    await userEvent.click(screen.getByRole('tab', { name: 'Fast' }));
    expect(screen.queryByRole('group', { name: 'Draw day' })).toBeNull();
  });

  it('asks a visitor to log in for favourites and recent lotteries, and calls nothing', async () => {
    show(<LotteryWidget prizeMode="Lott" />, 'visitor');
    await answerData(MENU, MENU_DATA);
    await userEvent.click(screen.getByRole('button', { name: 'Favourites' }));
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
    await userEvent.click(screen.getByRole('button', { name: 'Favourite Miền Bắc' }));
    await userEvent.click(screen.getByRole('button', { name: 'Recent' }));
    expect(pressed('List type')).toEqual([]);
    expect(server.sent(MENU)).toHaveLength(1);
    expect(server.sent(RECENT_MENU)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Favourite Miền Bắc' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('keeps a member’s favourites in the browser per username and lists them in fav mode', async () => {
    localStorage.setItem(favouritesKey('someone-else'), '[2]');
    show(<LotteryWidget prizeMode="Lott" />, 'member');
    await answerData(MENU, MENU_DATA);
    const heart = screen.getByRole('button', { name: 'Favourite TP. Hồ Chí Minh' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(favouritesKey('player01'))).toBe('[2]');
    await userEvent.click(screen.getByRole('button', { name: 'Favourites' }));
    await answerData(MENU, MENU_DATA);
    expect(rowNames()).toEqual(['TP. Hồ Chí Minh']);
    await userEvent.click(screen.getByRole('button', { name: 'Favourite TP. Hồ Chí Minh' }));
    expect(localStorage.getItem(favouritesKey('player01'))).toBe('[]');
    expect(screen.getByText('No favourite lotteries yet: tap a heart to keep one here.')).toBeInTheDocument();
    expect(localStorage.getItem(favouritesKey('someone-else'))).toBe('[2]');
  });

  it('reads the member’s kept favourites; recent mode reads the recent menu', async () => {
    localStorage.setItem(favouritesKey('player01'), '[3]');
    show(<LotteryWidget prizeMode="Lott" />, 'member');
    await answerData(MENU, MENU_DATA);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favourite Siêu tốc 1 phút' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Recent' }));
    await answerData(RECENT_MENU, menuData([SAMPLE_MENU[0]!], SERVER_TIME));
    expect(rowNames()).toEqual(['Miền Bắc']);
  });

  it('shows a failed first load with Retry, and keeps the list when a refresh fails', async () => {
    show(<LotteryWidget prizeMode="Lott" />, 'visitor');
    await waitFor(() => expect(server.pending(MENU)).toHaveLength(1));
    await server.fail(MENU, new ApiError('NETWORK', 'offline'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Network abnormal, please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await answerData(MENU, MENU_DATA);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(server.pending(MENU)).toHaveLength(1));
    await server.fail(MENU, new ApiError('INTERNAL', 'Server busy', {}, 503));
    expect(screen.getByRole('alert')).toHaveTextContent('Server busy The list is refreshed again shortly.');
    expect(rowNames()).toHaveLength(3);
  });

  it('lobby variant: the category selector loads the e-lotteries', async () => {
    show(<LotteryWidget prizeMode="Lott" lobby />, 'visitor');
    await answerData(MENU, MENU_DATA);
    expect(pressed('Category')).toEqual(['Lottery']);
    await userEvent.click(screen.getByRole('button', { name: 'E-lottery' }));
    expect(screen.getAllByTestId('lottery-skeleton')).toHaveLength(3);
    await waitFor(() => expect(server.pending(MENU)).toHaveLength(1));
    expect(server.pending(MENU)[0]!.input).toEqual({ query: { prizeMode: 'Elott' } });
    await answerData(
      MENU,
      menuData([sampleLottery(5, { tag: 'FAST', labelName: 'Siêu tốc 5 phút' })], SERVER_TIME),
    );
    expect(rowNames()).toEqual(['Siêu tốc 5 phút']);
  });

  it('shows a KENO tab when the menu has a KENO group; its rows show the 20 numbers without prize labels', async () => {
    show(<LotteryWidget prizeMode="Elott" />, 'visitor');
    const fast = SAMPLE_MENU[2]!;
    await answerData(MENU, menuData([fast], SERVER_TIME));
    expect(server.sent(MENU)[0]!.input).toEqual({ query: { prizeMode: 'Elott' } });
    expect(screen.queryByRole('tab', { name: 'Keno' })).toBeNull();
    // The next load (a merchant's catalogue with GPI) has the group: the tab appears, last.
    await userEvent.click(screen.getByRole('tab', { name: 'Fast' }));
    await answerData(MENU, menuData([fast, KENO_GAME], SERVER_TIME));
    const tabs = within(screen.getByRole('tablist', { name: 'Lottery regions' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['All', 'North', 'Central', 'South', 'Fast', 'Keno']);
    await userEvent.click(screen.getByRole('tab', { name: 'Keno' }));
    expect(screen.getByRole('tab', { name: 'Keno' })).toHaveAttribute('aria-selected', 'true');
    await answerData(MENU, menuData([fast, KENO_GAME], SERVER_TIME));
    expect(rowNames()).toEqual(["Keno 5'"]);
    expect(screen.queryByRole('group', { name: 'Draw day' })).toBeNull();
    const row = screen.getByRole('listitem', { name: "Keno 5'" });
    expect(within(row).getByRole('link', { name: "Keno 5'" })).toHaveAttribute(
      'href',
      '/lottery?gameCode=KENO5',
    );
    const numbers = within(row).getByTestId('keno-numbers');
    expect([...numbers.children].map((n) => n.textContent)).toEqual(KENO_NUMBERS);
    expect(numbers.textContent).not.toMatch(/DB|G1/);
    expect(within(row).queryByText('DB')).toBeNull();
    expect(within(row).getByTestId('countdown').textContent).toMatch(/^00:0[34]:\d\d$/);
  });

  it('offers KENO when the menu has such a group', async () => {
    show(<LotteryWidget prizeMode="Lott" />, 'visitor');
    await act(async () => {});
    await answerData(MENU, {
      serverTime: SERVER_TIME,
      groups: [{ tag: 'MB', tagName: 'MB', gameMenus: [SAMPLE_MENU[0]] }],
    });
    expect(screen.queryByRole('tab', { name: 'Keno' })).toBeNull();
  });
});
