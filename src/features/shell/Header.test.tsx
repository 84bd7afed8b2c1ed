import { Link } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { GameMenu } from '../../../contract/games.ts';
import type { MemberInfo } from '../../../contract/member.ts';
import { demoMember } from '../../../machines/session.events.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import { AuthModalsProvider } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { mount } from '../../test/authHarness.tsx';
import { Header } from './Header.tsx';

const menus = [
  { gameType: 'RNG', vendors: [{ vassalage: 'PG', displayName: 'PG Soft' }] },
  { gameType: 'LIVE', vendors: [{ vassalage: 'EVO', displayName: 'Evolution' }] },
] as unknown as GameMenu[];
const whitelabel = {
  brand: { name: 'Portico', logoUrl: '/logo.png' },
  customerService: [{ csType: 'LIVECHAT', path: 'https://chat.example' }],
  social: { facebook: 'https://facebook.example', telegram: 'https://t.example' },
  tyLanguage: 'vi',
  features: {},
};

/** The header of a visitor's page, with a link elsewhere on the page (not in the header). */
function show() {
  const logic = sessionMachine.provide({
    actors: {
      loadMemberInfo: fromPromise<MemberInfo, { token: string }>(async () => demoMember),
      logOut: fromPromise(async () => {}),
    },
  });
  mount(
    <SessionContext.Provider logic={logic} options={{ input: { storedToken: null } }}>
      <AuthModalsProvider>
        <Header account={<button type="button">Login</button>} />
        <Link to="/help">Help in the page</Link>
      </AuthModalsProvider>
    </SessionContext.Provider>,
    {
      router: true,
      queryData: [
        [['whitelabel'], whitelabel],
        [['gameMenus', 'en'], menus],
      ],
    },
  );
  const toggle = screen.getByRole('button', { name: 'Menu' });
  const drawer = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  return { toggle, drawer };
}

describe('header', () => {
  it('keeps the phone row to logo, account and menu; the drawer holds the nav, theme, language and support', async () => {
    const { toggle, drawer } = show();
    const row = toggle.parentElement!;
    expect(row).toHaveClass('h-14');
    expect(within(drawer).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Switch to/ })).toBeInTheDocument();
    // Closed: hidden below lg (its contents sit in the row from lg), and the support entries are not built.
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(drawer).toHaveClass('hidden', 'lg:contents');
    expect(within(drawer).queryByRole('region', { name: 'Support' })).toBeNull();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(drawer).not.toHaveClass('hidden');
    const support = within(drawer).getByRole('region', { name: 'Support' });
    // The support entries' code comes when the menu first opens.
    expect(await within(support).findByRole('link', { name: 'Telegram support' })).toHaveAttribute(
      'href',
      'https://t.example',
    );
    expect(within(support).getByRole('button', { name: 'Live chat' })).toBeInTheDocument();
    // Opening takes the focus into the drawer.
    expect(document.activeElement).toBe(within(drawer).getByRole('link', { name: 'Home' }));
  });

  it('closes when a category is chosen in it, and when the current page is chosen again', async () => {
    const { toggle, drawer } = show();
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(within(drawer).getByRole('link', { name: 'Slots' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(drawer).toHaveClass('hidden');
    expect(within(drawer).getByRole('link', { name: 'Slots' })).toHaveAttribute('aria-current', 'page');

    await user.click(toggle);
    await user.click(within(drawer).getByRole('link', { name: 'Slots' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on any navigation, and on Escape with the focus back on its button', async () => {
    const { toggle } = show();
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Help in the page' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(toggle);
  });
});
