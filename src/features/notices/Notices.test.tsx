import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Notice } from '../../../contract/content.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import { AuthModalsProvider } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { server } from '../../test/authHarness.tsx';
import { member } from '../../test/memberHarness.tsx';
import { NoticeMarquee } from './NoticeMarquee.tsx';
import { NoticePopup } from './NoticePopup.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

declare global {
  interface Window {
    __xss?: number;
  }
}

const INDEX = '/wps/notice/index';

afterEach(() => {
  server.reset();
  delete window.__xss;
});

const notice = (id: number, type: Notice['type'], more: Partial<Notice> = {}): Notice => ({
  id,
  type,
  title: `Notice ${id}`,
  content: `<p>Content of notice ${id}</p>`,
  ...more,
});

const POPUPS = [
  notice(1, 'PU', { title: 'Weekend bonus', content: '<p>Deposit <b>today</b></p>' }),
  notice(2, 'PU', { title: 'New lottery', content: '<p>Keno every minute</p>' }),
];

/** The view in the app's providers, with a session of `who` and the router at `path`. */
function mountAt(ui: ReactNode, { path = '/', who = 'visitor' as 'visitor' | 'member' } = {}) {
  const logic = sessionMachine.provide({
    actors: {
      loadMemberInfo: fromPromise(async () => member),
      logOut: fromPromise(async () => {}),
    },
  });
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterContextProvider router={router}>
          <SessionContext.Provider
            logic={logic}
            options={{ input: { storedToken: who === 'visitor' ? null : 'token' } }}
          >
            <AuthModalsProvider>{ui}</AuthModalsProvider>
          </SessionContext.Provider>
        </RouterContextProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

async function answerIndex(value: { notices?: Notice[]; popup?: Notice[] }) {
  await waitFor(() => expect(server.pending(INDEX).length).toBeGreaterThan(0));
  await server.reply(INDEX, { notices: value.notices ?? [], banners: [], popup: value.popup ?? [] });
}

describe('public announcement popup', () => {
  it('shows the announcements on arrival, one at a time with previous and next', async () => {
    const user = userEvent.setup();
    mountAt(<NoticePopup />);
    await answerIndex({ popup: POPUPS });
    const dialog = await screen.findByRole('dialog', { name: 'Weekend bonus' });
    // The announcement's HTML cleaner loads with the first popup.
    expect((await within(dialog).findByText('today', {}, { timeout: 10_000 })).tagName).toBe('B');
    expect(within(dialog).getByText('1 of 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const second = screen.getByRole('dialog', { name: 'New lottery' });
    expect(within(second).getByText('Keno every minute')).toBeInTheDocument();
    expect(within(second).getByText('2 of 2')).toBeInTheDocument();
    // Round from the last to the first, and back.
    await user.click(within(second).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Weekend bonus' })).toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: 'New lottery' })).toBeInTheDocument();
  });

  it('is not shown on the register pages', async () => {
    for (const path of ['/register', '/register.html']) {
      const view = mountAt(<NoticePopup />, { path });
      await new Promise((r) => setTimeout(r, 50));
      expect(server.sent(INDEX)).toHaveLength(0);
      expect(screen.queryByRole('dialog')).toBeNull();
      view.unmount();
    }
  });

  it('once closed stays closed for the session; a login session shows it again, once', async () => {
    const user = userEvent.setup();
    const first = mountAt(<NoticePopup />);
    await answerIndex({ popup: POPUPS });
    const dialog = await screen.findByRole('dialog', { name: 'Weekend bonus' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    // The visitor comes back in the same tab: not again.
    const again = mountAt(<NoticePopup />);
    await answerIndex({ popup: POPUPS });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    again.unmount();

    // Logged in: shown to the member, and closed for the rest of the session.
    const loggedIn = mountAt(<NoticePopup />, { who: 'member' });
    await answerIndex({ popup: POPUPS });
    const forMember = await screen.findByRole('dialog', { name: 'Weekend bonus' });
    // By keyboard: the focus is in the dialog, Escape closes it.
    expect(forMember).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(forMember).not.toBeInTheDocument();
    loggedIn.unmount();

    mountAt(<NoticePopup />, { who: 'member' });
    await answerIndex({ popup: POPUPS });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never runs script or event handlers in an announcement', async () => {
    mountAt(<NoticePopup />);
    await answerIndex({
      popup: [
        notice(9, 'PU', {
          title: 'Hostile',
          content:
            '<p>Hello</p><script>window.__xss=1</script><img src="x" onerror="window.__xss=2"><a href="javascript:window.__xss=3">x</a>',
        }),
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Hostile' });
    await new Promise((r) => setTimeout(r, 50));
    expect(within(dialog).getByText('Hello')).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(dialog.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(window.__xss).toBeUndefined();
  });
});

describe('notice marquee and notice pages', () => {
  const NOTICES = Array.from({ length: 11 }, (_, i) => notice(i + 10, i % 2 ? 'PL' : 'B'));

  it('scrolls the titles and opens the notices nine to a page, each in full', async () => {
    const user = userEvent.setup();
    mountAt(<NoticeMarquee />);
    await answerIndex({ notices: NOTICES, popup: [POPUPS[0]!] });
    const region = await screen.findByRole('region', { name: 'Notices' });
    const open = within(region).getByRole('button', { name: /Open the notices: Notice 10 .* Notice 20/ });
    await user.click(open);

    const dialog = screen.getByRole('dialog', { name: 'Notices' });
    // The list loads when the modal first opens.
    const list = await within(dialog).findByRole('list', { name: 'Notices' }, { timeout: 10_000 });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(NOTICES.slice(0, 9).map((n) => n.title));
    await user.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Notice 19', 'Notice 20', 'Weekend bonus']);

    await user.click(within(list).getByRole('button', { name: 'Weekend bonus' }));
    expect(within(dialog).getByRole('heading', { name: 'Weekend bonus' })).toBeInTheDocument();
    expect(within(dialog).getByText('today').tagName).toBe('B');
    await user.click(within(dialog).getByRole('button', { name: 'Back to notices' }));
    expect(within(dialog).getByRole('list', { name: 'Notices' })).toBeInTheDocument();
  });

  it('shows nothing when there are no notices', async () => {
    const { container } = mountAt(<NoticeMarquee />);
    await answerIndex({ notices: [], popup: POPUPS });
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toBeEmptyDOMElement();
  });
});
