import { createMemoryHistory } from '@tanstack/react-router';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FirstReplies, firstCalls, LOTTERY_CENTRE } from '../../contract/firstReplies.ts';
import { SAMPLE_MENU, SERVER_TIME } from '../../machines/lotteryRefresh.events.ts';
import { setApiLanguage } from '../api/client.ts';
import { pageReplies } from '../api/firstReplies.ts';
import { App, createQueryClient } from '../app/App.tsx';
import { loadFirstLocation, loadRouteCode, prefetchFirstPage } from '../app/firstPage.ts';
import { makeRouter } from '../app/router.tsx';
import { menuData } from '../test/lotteryHarness.tsx';
import { adoptDrawnScreen } from '../ui/Deferred.tsx';
import fixture from './firstScreen.fixture.json';
import renderer from './firstScreen.tsx';

const renderFirstScreen = renderer.render;

// The first calls' replies as the demo server gives them: PORTICO's domain in English, LOTUS's white-label link in
// Thai (its TY language).
const blocks = fixture as unknown as Record<'PORTICO' | 'LOTUS', FirstReplies>;

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // No network: a render has what it draws from its own block, or it draws nothing.
  fetchMock = vi.fn(() => Promise.reject(new TypeError('no network in a render')));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** What tells a page's merchant and language: the home link's name, the language chosen in the switch. */
const signs = (html: string | undefined) => ({
  home: /aria-label="([^"]*)" href="\/"/.exec(html ?? '')?.[1],
  language: /<option value="(\w+)" selected=""/.exec(html ?? '')?.[1],
});

/** A catalogue game as the server lists it. */
const game = (nodeId: string, displayName: string) => ({
  id: Number(nodeId.slice(1)),
  nodeId,
  vassalage: 'PG',
  gameType: 'RNG',
  gameName: displayName,
  displayName,
  gameClassify: 'SLOT',
  iconUrl: `/icons/${nodeId}.png`,
  isNew: 0,
  isHot: 1,
  supportPlay: true,
  minBet: 100,
  maintenanceUntil: null,
});

describe('the server’s render of a first screen', () => {
  it('draws two pages at once, each for its own merchant and language from its own replies', async () => {
    // Warm: the first render of a page waits for its lazy parts, which puts many awaits between the steps of each.
    const alone = {
      portico: await renderFirstScreen('/promotions', structuredClone(blocks.PORTICO)),
      lotus: await renderFirstScreen('/promotions?merchant=LOTUS', structuredClone(blocks.LOTUS)),
    };
    expect([signs(alone.portico), signs(alone.lotus)]).toEqual([
      { home: 'Portico home', language: 'en' },
      { home: 'หน้าแรก Lotus Play', language: 'th' },
    ]);
    // Started together, their awaits interleave: each render must still see only its own block and language.
    const [portico, lotus, again] = await Promise.all([
      renderFirstScreen('/promotions', structuredClone(blocks.PORTICO)),
      renderFirstScreen('/promotions?merchant=LOTUS', structuredClone(blocks.LOTUS)),
      renderFirstScreen('/promotions', structuredClone(blocks.PORTICO)),
    ]);
    expect([portico, lotus, again].map(signs)).toEqual(
      [alone.portico, alone.lotus, alone.portico].map(signs),
    );
    expect(portico === alone.portico && lotus === alone.lotus && again === alone.portico).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('draws home’s hot games from the replies it carries, as a list the app takes over, not a skeleton', async () => {
    const [hot, wins] = firstCalls('en', '/').slice(-2) as [string, string];
    const block = structuredClone(blocks.PORTICO);
    block.replies[hot] = {
      success: true,
      data: { games: [game('g1', 'Dragon Gold'), game('g2', 'Lucky Koi')] },
    };
    block.replies[wins] = { success: true, value: { list: [] } };
    // As the server's build draws it (import.meta.env.SSR): the page itself, not the frame's placeholder.
    adoptDrawnScreen();
    const html = await renderFirstScreen('/', block);
    const row = /<section aria-labelledby="home-hot".*?<\/section>/.exec(html ?? '')?.[0] ?? '';
    expect(row).toContain('Dragon Gold');
    expect(row).toContain('Lucky Koi');
    expect(row).not.toContain('aria-busy="true"');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('draws a list lobby’s first page of games from the replies it carries, not a skeleton', async () => {
    const page = firstCalls('en', '/rng').at(-1)!;
    const block = structuredClone(blocks.PORTICO);
    block.replies[page] = {
      success: true,
      data: { games: [game('g7', 'Fortune Ox'), game('g8', 'Mahjong Ways')], totalPages: 4, total: 80 },
    };
    adoptDrawnScreen();
    const html = (await renderFirstScreen('/rng', block)) ?? '';
    const main = html.slice(html.indexOf('<main'));
    expect(main).toContain('Fortune Ox');
    expect(main).toContain('Mahjong Ways');
    expect(main).not.toContain('aria-busy="true"');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('draws the lottery centre’s lotteries from the menu it carries, and the app takes them over as drawn', async () => {
    const menu = firstCalls('en', LOTTERY_CENTRE.path).at(-1)!;
    const block = structuredClone(blocks.PORTICO);
    block.replies[menu] = { success: true, data: menuData(SAMPLE_MENU, SERVER_TIME) };
    // The server draws the page as it answers the menu (the footer's year is the clock's: the same on both sides).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(SERVER_TIME) });
    adoptDrawnScreen();
    const html = (await renderFirstScreen(LOTTERY_CENTRE.path, structuredClone(block))) ?? '';
    const main = html.slice(html.indexOf('<main'));
    expect(main).not.toContain('lottery-skeleton');
    // Each row with its countdown as of the menu's time: the sale's remaining time as the reply gives it.
    const countdowns = [...main.matchAll(/<li aria-label="([^"]+)".*?data-testid="countdown">([^<]*)</g)];
    expect(countdowns.map(([, name, text]) => [name, text])).toEqual([
      ['Miền Bắc', '00:00:20'],
      ['TP. Hồ Chí Minh', '01:00:00'],
      ['Siêu tốc 1 phút', '00:00:40'],
    ]);
    // A lottery yet to draw says when it draws in the visitor's time zone, which the server does not know.
    expect(main).toContain('No result yet<');
    expect(main).not.toContain('Next draw');
    expect(fetchMock).not.toHaveBeenCalled();

    // The app's start on that page (src/main.tsx), some seconds of the server's clock later: it takes the page over.
    const root = document.createElement('div');
    // As the server puts it in the page (server/http/firstScreen.ts): no scripts, no leading picture hints.
    root.innerHTML = html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/^(?:<link [^>]*\/>)+/, '');
    document.body.append(root);
    const rows = [...root.querySelectorAll('main li[aria-label]')];
    expect(rows).toHaveLength(3);
    vi.setSystemTime(Date.parse(SERVER_TIME) + 5500);
    // The page was asked for 100 ms before the menu's time and came in 100 ms after it: the clocks agree.
    const since = (at: number) => Date.parse(SERVER_TIME) + at - performance.timeOrigin;
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { requestStart: since(-100), responseStart: since(100) } as PerformanceNavigationTiming,
    ]);
    pageReplies.adopt(block);
    setApiLanguage('en');
    const queryClient = createQueryClient();
    expect(await prefetchFirstPage(queryClient, 'en', LOTTERY_CENTRE.path)).toBe(true);
    const router = makeRouter(queryClient, createMemoryHistory({ initialEntries: [LOTTERY_CENTRE.path] }));
    await loadRouteCode(router);
    await loadFirstLocation(router);
    adoptDrawnScreen();
    // Not `router.ssr` as src/main.tsx sets it: here (jsdom) the router drew the server's render as a browser's.
    const mismatches: unknown[] = [];
    const app = hydrateRoot(
      root,
      <App queryClient={queryClient} router={router} session={{}} gated={false} />,
      {
        onRecoverableError: (error) => mismatches.push(error),
      },
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(mismatches).toEqual([]);
    // The very elements the server drew, now the app's: none removed or made anew.
    expect([...root.querySelectorAll('main li[aria-label]')]).toEqual(rows);
    for (const row of rows) expect(Object.keys(row).some((k) => k.startsWith('__reactFiber$'))).toBe(true);
    // Then the countdowns tick on the clock: 5.5 s after the menu's time.
    expect([...root.querySelectorAll('[data-testid="countdown"]')].map((c) => c.textContent)).toEqual([
      '00:00:14',
      '00:59:54',
      '00:00:34',
    ]);
    expect(root.querySelector('main li[aria-label="TP. Hồ Chí Minh"]')?.textContent).toContain('Next draw');
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => app.unmount());
    root.remove();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('draws the pages the router marks: a visitor’s portal pages, not a member’s, a game frame or the back office', () => {
    expect(renderer.paths).toEqual(
      expect.arrayContaining(['/', '/rng', '/promotions', '/help', '/lottery', '/lotteryCenter']),
    );
    for (const path of ['/member', '/agent', '/ops', '/play/slot', '/download', '/login', '/inhouse'])
      expect(renderer.paths, path).not.toContain(path);
    expect(renderer.paths).toHaveLength(20);
  });
});
