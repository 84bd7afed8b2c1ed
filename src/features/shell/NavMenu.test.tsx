import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GameMenu } from '../../../contract/games.ts';
import { mount } from '../../test/authHarness.tsx';
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
    mount(<NavMenu menus={menus} />, { router: true });
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['Home', 'Live Casino', 'Slots', 'Promotions', 'App Download']);
  });

  it('builds a dropdown’s vendor links only while it is open: up to 15 and More; Escape closes it', async () => {
    mount(<NavMenu menus={menus} />, { router: true });
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
    mount(<NavMenu menus={menus} />, { router: true });
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
    mount(<NavMenu menus={menus} onChoose={chosen} />, { router: true });
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
