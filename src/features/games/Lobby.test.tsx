import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleGame } from '../../../machines/gameList.events.ts';
import { demoMember } from '../../../machines/session.events.ts';
import { ApiError } from '../../api/client.ts';
import { flush, server, useFakeClock, useRealClock, visitor } from '../../test/authHarness.tsx';
import {
  app,
  failRequest,
  latestListRequest,
  logIn,
  mountApp,
  replyList,
  scrolledIntoView,
} from '../../test/lobbyHarness.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const launch = vi.hoisted(() => vi.fn());
vi.mock('./useLaunchGame.ts', () => ({
  useLaunchGame: () => ({ launch, pending: null, trialError: null }),
}));

const TIGER = sampleGame('n1', { gameName: 'Fortune Tiger', displayName: 'PG Soft' });
const DRAGON = sampleGame('n2', { gameName: 'Dragon Hatch', displayName: 'PG Soft', supportPlay: false });
const TRIAL_MEMBER = { ...demoMember, account: 'guest01', agentType: 4 };

const loginDialog = () => screen.queryByRole('dialog', { name: 'Login' });
const heart = (name: string) => screen.getByRole('button', { name: `Favourite ${name}` });

/** Answers the lobby's pending list request with these games, on one page. */
async function showGames(...games: ReturnType<typeof sampleGame>[]) {
  await replyList(latestListRequest(), { games, totalPages: 1 });
  await flush();
}

describe('game lobby', () => {
  beforeEach(() => {
    useFakeClock();
    server.reset();
    launch.mockReset();
  });
  afterEach(() => {
    useRealClock();
  });

  it('a visitor asking for favourites or recent games gets the login popup; closing it changes nothing', async () => {
    await mountApp('/rng');
    await showGames(TIGER);
    const user = visitor();
    for (const ask of [
      () => user.click(screen.getByRole('button', { name: 'Favourites' })),
      () => user.click(screen.getByRole('button', { name: 'Recent' })),
      () => user.click(heart('Fortune Tiger')),
    ]) {
      await ask();
      await flush();
      expect(loginDialog()).toBeInTheDocument();
      await user.click(within(loginDialog()!).getByRole('button', { name: 'Close' }));
      await flush();
      expect(loginDialog()).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Recent' })).toHaveAttribute('aria-pressed', 'false');
    // Nothing member-only was asked of the server (the login form asks for its captcha).
    expect(server.requests.map((r) => r.path).filter((p) => p !== '/wps/captcha')).toEqual([
      '/lgw/games/list',
    ]);
  });

  it('a visitor on /fav gets the login popup; after the login the page lists their favourites', async () => {
    await mountApp('/fav');
    expect(screen.getByRole('heading', { level: 1, name: 'Favourite games' })).toBeInTheDocument();
    expect(loginDialog()).toBeInTheDocument();
    // Meanwhile the slots are listed; the page has no switcher, vendor or class filter.
    expect(latestListRequest()).toMatchObject({
      path: '/lgw/games/list',
      input: { query: { gameType: 'RNG' } },
    });
    expect(screen.queryByRole('button', { name: 'Recent' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Game classes' })).toBeNull();
    await logIn(demoMember);
    await flush();
    expect(loginDialog()).toBeNull();
    expect(latestListRequest()).toMatchObject({
      path: '/wps/game/fav/list',
      input: { query: { pageNo: 1, pageSize: 999 } },
    });
    await server.reply('/wps/game/fav/ids', ['n1']);
    await showGames(TIGER);
    expect(heart('Fortune Tiger')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: /More games/ })).toBeNull();
  });

  it('a trial account’s heart is refused with the server’s message, and stays as it was', async () => {
    await mountApp('/rng', { member: TRIAL_MEMBER });
    await server.reply('/wps/game/fav/ids', []);
    await showGames(TIGER);
    await visitor().click(heart('Fortune Tiger'));
    await flush();
    expect(server.next('/wps/game/fav/add').input).toEqual({
      body: { nodeId: 'n1', vendor: 'PG', gameType: 'RNG' },
    });
    await server.fail(
      '/wps/game/fav/add',
      new ApiError('FORBIDDEN', 'Please Register An Account First', {}, 403),
    );
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Please Register An Account First');
    expect(heart('Fortune Tiger')).toHaveAttribute('aria-pressed', 'false');
  });

  it('play and free trial start the game through the launcher; a game without play support has no trial', async () => {
    await mountApp('/rng');
    await showGames(TIGER, DRAGON);
    const user = visitor();
    await user.click(screen.getByRole('button', { name: 'Play Fortune Tiger' }));
    await user.click(screen.getByRole('button', { name: 'Free trial Fortune Tiger' }));
    expect(launch.mock.calls).toEqual([
      [TIGER, 'play'],
      [TIGER, 'trial'],
    ]);
    expect(screen.queryByRole('button', { name: 'Free trial Dragon Hatch' })).toBeNull();
  });

  it('the merchant without FREE_PLAY offers no free trial', async () => {
    await mountApp('/rng', { freePlay: false });
    await showGames(TIGER);
    expect(screen.queryByRole('button', { name: /Free trial/ })).toBeNull();
  });

  it('opened with a vendor in the URL, the list is that vendor’s and the carousel marks it', async () => {
    await mountApp('/rng?vendor=JDB');
    expect(latestListRequest().input).toMatchObject({ query: { vassalage: 'JDB', pageNo: 1, pageSize: 20 } });
    const providers = within(screen.getByRole('navigation', { name: 'Providers' }));
    expect(providers.getByRole('link', { name: 'JDB Gaming' })).toHaveAttribute('aria-current', 'page');
    expect(providers.getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current');
    // Choosing the active vendor again clears the filter (spec §2).
    await visitor().click(providers.getByRole('link', { name: 'JDB Gaming' }));
    await flush();
    expect(app.router.state.location.search).toEqual({});
    expect(latestListRequest().input).toMatchObject({ query: { vassalage: undefined } });
  });

  it('slots: the filter toggle shows and hides the classes, NEW among them; other lobbies have no toggle', async () => {
    await mountApp('/rng');
    const toggle = screen.getByRole('button', { name: 'Filter' });
    const classes = screen.getByRole('group', { name: 'Game classes' });
    expect(
      within(classes)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'New', 'Favourites', 'Hot', 'Slots', 'Table games']);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await visitor().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).not.toBeVisible();
    await visitor().click(screen.getByRole('link', { name: 'Go to live casino' }));
    await flush();
    expect(screen.queryByRole('button', { name: 'Filter' })).toBeNull();
    expect(
      within(screen.getByRole('group', { name: 'Game classes' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Favourites', 'Hot', 'Baccarat']);
  });

  it('class HOT lists the lobby’s hot games; an empty list says so', async () => {
    await mountApp('/rng');
    await showGames(TIGER);
    await visitor().click(screen.getByRole('button', { name: 'Hot' }));
    await flush();
    const request = latestListRequest();
    expect(request.path).toBe('/lgw/games/hot');
    await replyList(request, {
      games: [sampleGame('l1', { gameType: 'LIVE', gameName: 'Speed Baccarat' })],
      totalPages: 1,
    });
    await flush();
    // The hot call has every type's hot games: only the slots are the lobby's.
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByText('No games here yet.')).toBeInTheDocument();
  });

  it('a failed first page says so in the spec’s words, and Retry loads it again', async () => {
    await mountApp('/rng');
    await failRequest(latestListRequest(), new ApiError('NETWORK', 'fetch failed'));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    await visitor().click(screen.getByRole('button', { name: 'Retry' }));
    await flush();
    await showGames(TIGER);
    expect(screen.getByRole('article', { name: 'Fortune Tiger' })).toBeInTheDocument();
  });

  it('the pager turns the lobby’s pages: that page replaces the list, filters kept, and the list scrolls into view when it comes', async () => {
    await mountApp('/rng?vendor=PG');
    const pageOf = (page: number) =>
      [1, 2].map((k) => sampleGame(`n${page}${k}`, { gameName: `Game ${page}.${k}` }));
    const shown = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    const pages = () => screen.getByRole('navigation', { name: 'Game pages' });
    const pageButtons = () =>
      within(pages())
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent);
    await replyList(latestListRequest(), { games: pageOf(1), totalPages: 12 });
    await flush();
    // 2 margin pages, a range of 5 (spec §2). More is the phone's (CSS hides it beside the pager from lg).
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '11', '12']);
    expect(within(pages()).getByRole('button', { current: 'page' })).toHaveAccessibleName('Page 1');
    expect(screen.getByRole('button', { name: 'More games' }).parentElement).toHaveClass('lg:hidden');
    expect(pages().parentElement).toHaveClass('max-lg:hidden');

    const user = visitor();
    await user.click(screen.getByRole('button', { name: 'New' }));
    await flush();
    await replyList(latestListRequest(), { games: pageOf(1), totalPages: 12 });
    await flush();
    await user.click(within(pages()).getByRole('button', { name: 'Page 5' }));
    await flush();
    expect(latestListRequest().input).toMatchObject({
      query: { vassalage: 'PG', isNew: '1', pageNo: 5, pageSize: 20 },
    });
    // The list shown stays, busy, until the page comes; then its top comes into view, its first game focused.
    expect(screen.getByRole('list', { name: 'Slots' })).toHaveAttribute('aria-busy', 'true');
    expect(shown()).toEqual(['Game 1.1', 'Game 1.2']);
    expect(scrolledIntoView).not.toHaveBeenCalled();
    await replyList(latestListRequest(), { games: pageOf(5), totalPages: 12 });
    await flush();
    expect(shown()).toEqual(['Game 5.1', 'Game 5.2']);
    expect(scrolledIntoView).toHaveBeenCalledTimes(1);
    expect(scrolledIntoView.mock.contexts[0]).toContainElement(screen.getByRole('list', { name: 'Slots' }));
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Game 5.1' }));
    expect(screen.getByRole('list', { name: 'Slots' })).toHaveAttribute('aria-busy', 'false');
    expect(within(pages()).getByRole('button', { current: 'page' })).toHaveAccessibleName('Page 5');
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6', '7', '11', '12']);
    expect(screen.getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');

    // The current page asks for nothing; next goes to page 6, which fails: page 5 stays, with the message.
    await user.click(within(pages()).getByRole('button', { name: 'Page 5' }));
    await user.click(within(pages()).getByRole('button', { name: 'Next page' }));
    await flush();
    expect(latestListRequest().input).toMatchObject({ query: { pageNo: 6 } });
    await failRequest(latestListRequest(), new ApiError('NETWORK', 'fetch failed'));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    expect(shown()).toEqual(['Game 5.1', 'Game 5.2']);
    expect(within(pages()).getByRole('button', { current: 'page' })).toHaveAccessibleName('Page 5');
    expect(scrolledIntoView).toHaveBeenCalledTimes(1);

    // Any filter change goes back to page 1.
    await user.click(screen.getByRole('button', { name: 'All' }));
    await flush();
    expect(latestListRequest().input).toMatchObject({ query: { pageNo: 1 } });
    await replyList(latestListRequest(), { games: pageOf(1), totalPages: 1 });
    await flush();
    expect(screen.queryByRole('navigation', { name: 'Game pages' })).toBeNull();
  });

  it('on a phone More appends the next page of game mode: the first new game comes into view, focused, and the count says how many', async () => {
    await mountApp('/rng');
    const pageOf = (page: number) =>
      [1, 2].map((k) => sampleGame(`n${page}${k}`, { gameName: `Game ${page}.${k}` }));
    await replyList(latestListRequest(), { games: pageOf(1), totalPages: 3, total: 1_206 });
    await flush();
    expect(screen.getByText('2 of 1,206 games')).toBeInTheDocument();
    await visitor().click(screen.getByRole('button', { name: 'More games' }));
    await flush();
    expect(latestListRequest().input).toMatchObject({ query: { pageNo: 2, pageSize: 20 } });
    expect(screen.getByRole('button', { name: 'Loading more games…' })).toHaveAttribute('aria-busy', 'true');
    await replyList(latestListRequest(), { games: pageOf(2), totalPages: 3, total: 1_206 });
    await flush();
    const first = screen.getByRole('article', { name: 'Game 2.1' });
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(scrolledIntoView).toHaveBeenCalledTimes(1);
    expect(scrolledIntoView.mock.contexts[0]).toBe(first);
    expect(document.activeElement).toBe(first);
    expect(screen.getByText('4 of 1,206 games')).toBeInTheDocument();
  });

  it('recent games append the next page with More instead of the pager', async () => {
    await mountApp('/rng', { member: demoMember });
    await server.reply('/wps/game/fav/ids', []);
    await replyList(latestListRequest(), { games: [TIGER], totalPages: 3 });
    await flush();
    expect(screen.getByRole('navigation', { name: 'Game pages' })).toBeInTheDocument();
    await visitor().click(screen.getByRole('button', { name: 'Recent' }));
    await flush();
    await replyList(latestListRequest(), { games: [TIGER], totalPages: 2 });
    await flush();
    expect(screen.queryByRole('navigation', { name: 'Game pages' })).toBeNull();
    await visitor().click(screen.getByRole('button', { name: 'More games' }));
    await flush();
    expect(latestListRequest()).toMatchObject({ path: '/wps/game/recent', input: { query: { pageNo: 2 } } });
    await replyList(latestListRequest(), { games: [DRAGON], totalPages: 2 });
    await flush();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Fortune Tiger',
      'Dragon Hatch',
    ]);
    expect(screen.queryByRole('button', { name: /More games/ })).toBeNull();
  });

  it('/hot lists every hot game, without list switcher or filters', async () => {
    await mountApp('/hot');
    expect(screen.getByRole('heading', { level: 1, name: 'Hot games' })).toBeInTheDocument();
    expect(latestListRequest()).toMatchObject({
      path: '/lgw/games/hot',
      input: { query: { isPlatform: 2 } },
    });
    await showGames(TIGER, sampleGame('l1', { gameType: 'LIVE', gameName: 'Speed Baccarat' }));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Fortune Tiger',
      'Speed Baccarat',
    ]);
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recent' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Providers' })).toBeNull();
  });

  it('lobby grids lead with large tiles: 10 in the slots lobby, 5 in the others, on the first page only', async () => {
    const many = (prefix: string) => Array.from({ length: 12 }, (_, i) => sampleGame(`${prefix}${i + 1}`));
    const sizes = () =>
      within(screen.getByRole('list', { name: 'Slots' }))
        .getAllByRole('listitem')
        .map((li) => li.dataset.size);
    await mountApp('/rng');
    await replyList(latestListRequest(), { games: many('r'), totalPages: 2 });
    await flush();
    expect(sizes()).toEqual([...Array(10).fill('large'), 'regular', 'regular']);
    await visitor().click(screen.getByRole('button', { name: 'Page 2' }));
    await flush();
    await replyList(latestListRequest(), { games: many('s'), totalPages: 2 });
    await flush();
    expect(sizes()).toHaveLength(12);
    expect(sizes()).not.toContain('large');
  });

  it('a live lobby leads with 5 large tiles', async () => {
    await mountApp('/live');
    await replyList(latestListRequest(), {
      games: Array.from({ length: 7 }, (_, i) => sampleGame(`l${i + 1}`)),
      totalPages: 1,
    });
    await flush();
    const items = within(screen.getByRole('list', { name: 'Live Casino' })).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.size)).toEqual([...Array(5).fill('large'), 'regular', 'regular']);
  });

  it('the minimum-bet filter asks the list for games one can join at that stake, page 1 again', async () => {
    await mountApp('/live');
    await showGames(TIGER);
    const user = visitor();
    const filter = screen.getByRole('combobox', { name: 'Minimum bet' });
    expect(filter).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Minimum bet up to $5.00' })).toBeInTheDocument();
    await user.selectOptions(filter, 'Minimum bet up to $5.00');
    await flush();
    expect(latestListRequest()).toMatchObject({
      path: '/lgw/games/list',
      input: { query: { gameType: 'LIVE', minBet: 500, pageNo: 1 } },
    });
    await showGames(TIGER);
    await user.selectOptions(filter, 'Any minimum bet');
    await flush();
    expect(latestListRequest().input).not.toHaveProperty('query.minBet');
  });

  it('the PvP lobby shows its tables to a member: stake, seats, Join launches; a full table waits', async () => {
    await mountApp('/pvp?vendor=KY', { member: demoMember });
    await flush();
    const user = visitor();
    await user.click(screen.getByRole('button', { name: 'Tables' }));
    await flush();
    expect(server.next('/wps/relay/GLS2_roomList').input).toMatchObject({ query: { vassalage: 'KY' } });
    const room = (i: number, players: number) => ({
      roomId: `ky-1-${i}`,
      nodeId: 'ky-1',
      vassalage: 'KY',
      gameName: 'Tien Len',
      minBet: 500 * i,
      players,
      maxPlayers: 4,
      supportPlay: true,
    });
    await server.reply('/wps/relay/GLS2_roomList', { list: [room(1, 4), room(2, 1)] });
    await flush();
    const tables = screen.getByRole('list', { name: 'Tables' });
    expect(within(tables).getAllByRole('listitem')).toHaveLength(2);
    expect(tables).toHaveTextContent('Table 1 · minimum bet $5.00');
    expect(tables).toHaveTextContent('4 of 4 seats taken');
    expect(tables).toHaveTextContent('1 of 4 seats taken');
    await user.click(screen.getByRole('button', { name: 'Table 1 of Tien Len is full' }));
    expect(launch).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Join table 2 of Tien Len' }));
    expect(launch).toHaveBeenCalledWith({
      nodeId: 'ky-1',
      vassalage: 'KY',
      gameType: 'PVP',
      gameName: 'Tien Len',
      supportPlay: true,
    });
    // Back to the games: the list of the lobby.
    await user.click(screen.getByRole('button', { name: 'Games' }));
    await flush();
    expect(latestListRequest()).toMatchObject({ input: { query: { gameType: 'PVP', vassalage: 'KY' } } });
  });

  it('a visitor asking for the PvP tables is asked to log in; nothing is asked of the server', async () => {
    await mountApp('/pvp');
    const user = visitor();
    await user.click(screen.getByRole('button', { name: 'Tables' }));
    await flush();
    expect(server.sent('/wps/relay/GLS2_roomList')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await flush();
    expect(loginDialog()).toBeInTheDocument();
  });

  it('sports shows vendor tiles, not games; a tile with one lobby entry launches it', async () => {
    await mountApp('/sports?vendor=SBO');
    // The header's vendor link marks its tile; nothing is asked until a tile is chosen.
    const tile = screen.getByRole('button', { name: /SBO Sports/ });
    expect(tile).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('list', { name: 'Sports' })).toBeNull();
    // Spec §9 Lobby grids: the sports lobby stands its vendors 2 to a row.
    expect(tile.closest('ul')).toHaveAttribute('data-columns', '2');
    expect(server.requests).toEqual([]);
    await visitor().click(tile);
    await flush();
    // Spec §7 Popup game list: the vendor's games of every platform, one page of 1000.
    expect(latestListRequest()).toMatchObject({
      path: '/lgw/games/list',
      input: {
        query: {
          clientType: 3,
          platform: 'flash,html5-desktop',
          gameType: 'SPORTS',
          vassalage: 'SBO',
          pageNo: 1,
          pageSize: 1000,
        },
      },
    });
    expect(tile).toHaveAttribute('aria-busy', 'true');
    const book = sampleGame('sbo-lobby', { vassalage: 'SBO', gameType: 'SPORTS', supportPlay: false });
    await replyList(latestListRequest(), { games: [book], totalPages: 1 });
    await flush();
    expect(launch).toHaveBeenCalledWith(book);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a sports vendor with several games offers them in the popup list; the chosen one launches', async () => {
    await mountApp('/sports');
    const user = visitor();
    await user.click(screen.getByRole('button', { name: /SBO Sports/ }));
    await flush();
    const games = [
      sampleGame('s1', { gameName: 'Football', vassalage: 'SBO', gameType: 'SPORTS' }),
      sampleGame('s2', { gameName: 'Virtual Racing', vassalage: 'SBO', gameType: 'SPORTS' }),
    ];
    await replyList(latestListRequest(), { games, totalPages: 1 });
    await flush();
    const popup = screen.getByRole('dialog', { name: 'SBO Sports' });
    expect(launch).not.toHaveBeenCalled();
    await user.click(within(popup).getByRole('button', { name: 'Play Virtual Racing' }));
    await flush();
    expect(launch).toHaveBeenCalledWith(games[1]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed popup list says so and loads again on retry', async () => {
    await mountApp('/sports');
    const user = visitor();
    await user.click(screen.getByRole('button', { name: /SBO Sports/ }));
    await flush();
    await failRequest(latestListRequest(), new ApiError('NETWORK', '', {}, 0));
    await flush();
    const popup = screen.getByRole('dialog', { name: 'SBO Sports' });
    expect(within(popup).getByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    await user.click(within(popup).getByRole('button', { name: 'Retry' }));
    await flush();
    const book = sampleGame('sbo-lobby', { vassalage: 'SBO', gameType: 'SPORTS' });
    await replyList(latestListRequest(), { games: [book], totalPages: 1 });
    await flush();
    expect(launch).toHaveBeenCalledWith(book);
  });
});
