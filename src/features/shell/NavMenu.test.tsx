import { useRouterState } from '@tanstack/react-router';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GameMenu } from '../../../contract/games.ts';
import { show } from '../../test/memberHarness.tsx';
import { NavMenu } from './NavMenu.tsx';

const vendors = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ vassalage: `V${i + 1}`, displayName: `Vendor ${i + 1}` }));
const menus = [
  { gameType: 'RNG', vendors: vendors(18) },
  { gameType: 'LIVE', vendors: vendors(2) },
  { gameType: 'FISH', vendors: [] },
] as unknown as GameMenu[];

const providersOf = (label: string) => screen.getByRole('button', { name: `${label} providers` });
const listOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

describe('header nav', () => {
  it('lists the categories that have vendors, in the spec’s order, between Home and Promotions / App Download', () => {
    show(<NavMenu menus={menus} />, 'visitor');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['Home', 'Live Casino', 'Slots', 'Promotions', 'App Download']);
  });

  it('builds a dropdown’s vendor links only while it is open: up to 15 and More; Escape closes it', async () => {
    show(<NavMenu menus={menus} />, 'visitor');
    const slots = providersOf('Slots');
    const list = listOf(slots);
    expect(list).not.toBeVisible();
    expect(within(list).queryAllByRole('link')).toHaveLength(0);

    await userEvent.click(slots);
    expect(slots).toHaveAttribute('aria-expanded', 'true');
    const names = within(list)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toHaveLength(16);
    expect(names.at(-1)).toBe('More');
    expect(within(list).getByRole('link', { name: 'Vendor 1' })).toHaveAttribute('href', '/rng?vendor=V1');

    await userEvent.keyboard('{Escape}');
    expect(slots).toHaveAttribute('aria-expanded', 'false');
    expect(within(list).queryAllByRole('link')).toHaveLength(0);
  });

  it('opens on a mouse hover and closes when the mouse leaves; a touch does not open it before its tap', () => {
    show(<NavMenu menus={menus} />, 'visitor');
    const live = providersOf('Live Casino');
    const item = live.closest('li')!;
    fireEvent.pointerEnter(item, { pointerType: 'touch' });
    expect(live).toHaveAttribute('aria-expanded', 'false');
    fireEvent.pointerEnter(item, { pointerType: 'mouse' });
    expect(
      within(listOf(live))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Vendor 1', 'Vendor 2', 'More']);
    fireEvent.pointerLeave(item, { pointerType: 'mouse' });
    expect(live).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes a dropdown opened by a tap once its category or a vendor is chosen, and tells the drawer', async () => {
    const chosen = vi.fn();
    show(<NavMenu menus={menus} onChoose={chosen} />, 'visitor');
    // A tap: no hover before it (a touch enters without a mouse's pointer type).
    const user = userEvent.setup({ skipHover: true });
    const slots = providersOf('Slots');
    await user.click(slots);
    expect(slots).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Slots' }));
    expect(slots).toHaveAttribute('aria-expanded', 'false');
    expect(within(listOf(slots)).queryAllByRole('link')).toHaveLength(0);
    expect(chosen).toHaveBeenCalledTimes(1);

    await user.click(slots);
    expect(slots).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(listOf(slots)).getByRole('link', { name: 'Vendor 2' }));
    expect(slots).toHaveAttribute('aria-expanded', 'false');
    expect(chosen).toHaveBeenCalledTimes(2);
  });
});

describe('header nav: lotteries (spec §2 path map, lottery → /lotteryCenter)', () => {
  const lotteryMenus = [
    {
      gameType: 'ELOTT',
      vendors: [lotteryVendor('TCG_SEA', 'TCG SEA Lottery'), lotteryVendor('GPI', 'GPI Keno')],
    },
    { gameType: 'LOTT', vendors: [lotteryVendor('TCG_LOTTO_VN', 'TCG Lotto VN')] },
  ] as unknown as GameMenu[];

  it('leads the Lottery and E-Lottery entries, their vendors and More to the centre on their category', async () => {
    show(<NavMenu menus={lotteryMenus} />, 'visitor');
    expect(screen.getByRole('link', { name: 'E-Lottery' })).toHaveAttribute(
      'href',
      '/lotteryCenter?prizeMode=Elott',
    );
    expect(screen.getByRole('link', { name: 'Lottery' })).toHaveAttribute(
      'href',
      '/lotteryCenter?prizeMode=Lott',
    );

    await userEvent.click(providersOf('Lottery'));
    const lott = within(listOf(providersOf('Lottery')));
    expect(lott.getByRole('link', { name: 'TCG Lotto VN' })).toHaveAttribute(
      'href',
      '/lotteryCenter?prizeMode=Lott',
    );
    expect(lott.getByRole('link', { name: 'More' })).toHaveAttribute('href', '/lotteryCenter?prizeMode=Lott');

    await userEvent.click(providersOf('E-Lottery'));
    const elott = within(listOf(providersOf('E-Lottery')));
    // The Keno vendor opens the centre on its own tab.
    expect(elott.getByRole('link', { name: 'GPI Keno' })).toHaveAttribute(
      'href',
      '/lotteryCenter?prizeMode=Elott&tag=KENO',
    );
    // TCG_SEA starts its game: its first lottery's betting page.
    expect(elott.getByRole('link', { name: 'TCG SEA Lottery' })).toHaveAttribute(
      'href',
      '/lottery?vendor=TCG_SEA',
    );
    expect(elott.getByRole('link', { name: 'More' })).toHaveAttribute(
      'href',
      '/lotteryCenter?prizeMode=Elott',
    );
  });

  it('asks a visitor to log in before TCG_SEA’s game starts; a member’s click goes straight there', async () => {
    const seaLink = async () => {
      await userEvent.click(providersOf('E-Lottery'));
      return within(listOf(providersOf('E-Lottery'))).getByRole('link', { name: 'TCG SEA Lottery' });
    };
    show(
      <>
        <NavMenu menus={lotteryMenus} />
        <At />
      </>,
      'visitor',
    );
    await settled();
    await userEvent.click(await seaLink());
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
    expect(screen.getByTestId('at')).toHaveTextContent(/^\/$/);
    cleanup();

    show(
      <>
        <NavMenu menus={lotteryMenus} />
        <At />
      </>,
      'member',
    );
    await settled();
    await userEvent.click(await seaLink());
    await waitFor(() => expect(screen.getByTestId('at')).toHaveTextContent('/lottery?vendor=TCG_SEA'));
    expect(screen.getByTestId('modal')).toHaveTextContent('none');
  });
});

/** The session's start (the member info) answered. */
const settled = () => act(() => new Promise((r) => setTimeout(r, 0)));

/** Where the router is. */
function At() {
  return <p data-testid="at">{useRouterState({ select: (s) => s.location.href })}</p>;
}

function lotteryVendor(vassalage: string, displayName: string) {
  return { vassalage, displayName };
}
