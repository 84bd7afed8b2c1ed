import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FirstReplies, firstCalls } from '../../contract/firstReplies.ts';
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

  it('draws the pages the router marks: a visitor’s portal pages, not a member’s, a game frame or the back office', () => {
    expect(renderer.paths).toEqual(
      expect.arrayContaining(['/', '/rng', '/promotions', '/help', '/lottery', '/lotteryCenter']),
    );
    for (const path of ['/member', '/agent', '/ops', '/play/slot', '/download', '/login', '/inhouse'])
      expect(renderer.paths, path).not.toContain(path);
    expect(renderer.paths).toHaveLength(20);
  });
});
