import { i18n } from '@lingui/core';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic } from 'xstate';
import { PAGE_SIZE } from '../../../contract/games.ts';
import { sampleGame } from '../../../machines/gameList.events.ts';
import {
  type GameListContext,
  type GameListInput,
  gameListMachine,
  gameListRequest,
} from '../../../machines/gameList.machine.ts';
import { demoMember } from '../../../machines/session.events.ts';
import { doneEvent, errorEvent, withInput } from '../../../machines/test/machineGraph.ts';
import type { WalkPath } from '../../../machines/test/transitionPaths.ts';
import { ApiError } from '../../api/client.ts';
import {
  expectFullCoverage,
  flush,
  type InternalEvent,
  server,
  useFakeClock,
  useRealClock,
  viewPaths,
  visitor,
} from '../../test/authHarness.tsx';
import {
  expectedRequest,
  failRequest,
  latestListRequest,
  listRequests,
  logIn,
  logOut,
  mountApp,
  replyList,
  scrolledIntoView,
} from '../../test/lobbyHarness.tsx';
import { gameListCall } from './gameListCalls.ts';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

// Launching is useLaunchGame's (its own tests); here a play button only has to reach it.
const launch = vi.hoisted(() => vi.fn());
vi.mock('./useLaunchGame.ts', () => ({
  useLaunchGame: () => ({ launch, pending: null, trialError: null }),
}));

type M = typeof gameListMachine;
type Event = EventFromLogic<M> | InternalEvent;

const TIGER = sampleGame('n1', { gameName: 'Fortune Tiger', displayName: 'PG Soft' });
const DRAGON = sampleGame('n2', { gameName: 'Dragon Hatch', displayName: 'PG Soft' });
const PHOENIX = sampleGame('n3', { gameName: 'Phoenix Rises', displayName: 'PG Soft' });
const TRIAL_REFUSAL = { code: 'FORBIDDEN', message: 'Please Register An Account First' };

/**
 * What happens to the RNG lobby: the list's and favourites' calls answer or fail (a trial account's favourite is
 * refused with the server's 403 message), and the visitor uses every control the lobby has — the pager (game mode),
 * More (recent mode), Retry, a heart, the recent toggle, the FAV class, a vendor of the carousel, the search, the
 * header's link to another lobby, the language switch, logging in and out and closing an error. A visitor's heart,
 * recent toggle or FAV class opens the login popup (the machine's `auth.required`), which the walk closes again.
 */
const EVENTS: Event[] = [
  doneEvent<M>('loadGames', { games: [TIGER], totalPages: 2 }),
  errorEvent<M>('loadGames', { code: 'NETWORK' }),
  doneEvent<M>('loadMoreGames', { games: [DRAGON], totalPages: 2 }),
  errorEvent<M>('loadMoreGames', { code: 'NETWORK' }),
  doneEvent<M>('loadPage', { games: [PHOENIX], totalPages: 2 }),
  errorEvent<M>('loadPage', { code: 'NETWORK' }),
  doneEvent<M>('loadFavouriteIds', ['n1']),
  errorEvent<M>('loadFavouriteIds', { code: 'NETWORK' }),
  doneEvent<M>('toggleFavourite', undefined),
  errorEvent<M>('toggleFavourite', TRIAL_REFUSAL),
  { type: 'list.more' },
  { type: 'page.select', page: 2 },
  { type: 'list.retry' },
  { type: 'favourite.toggle', nodeId: 'n1', vendor: 'PG', gameType: 'RNG' },
  { type: 'mode.select', mode: 'recent' },
  { type: 'classify.select', classify: 'FAV' },
  { type: 'vendor.select', vendor: 'PG' },
  { type: 'search.submit', gameName: '  tiger ' },
  { type: 'minBet.select', minBet: 500 },
  { type: 'path.change', path: '/live', gameType: 'LIVE' },
  { type: 'language.change', language: 'vi' },
  { type: 'session.change', loggedIn: true },
  { type: 'session.change', loggedIn: false },
  { type: 'error.dismiss' },
];

const ctx = (s: AnyMachineSnapshot) => s.context as GameListContext;

/**
 * What the lobby lets happen in a state. A heart needs its game on screen, More its button (recent mode: more games, none on the way),
 * a page its button in the pager (game mode, that many pages), Retry a failed list, Dismiss an error beside the
 * list; the header's link leads elsewhere only from another lobby; a language switch, a login or a logout changes
 * something only when it is not so already.
 *
 * To keep the walk to what tells something, hearts, filters, pages, the language, the header's link and the
 * session change from the lobby at rest (a list shown, nothing on its way, no error); the vendor carousel stands for
 * every filter change from the list's other states (a change cancels the load under way and starts again).
 */
/** The lobby at rest: a list shown, nothing on its way, no error. */
const atRest = (s: AnyMachineSnapshot) =>
  s.matches({ list: { ready: 'idle' } }) && s.matches({ favourites: 'idle' }) && ctx(s).error === null;

function offered(s: AnyMachineSnapshot): Event[] {
  const c = ctx(s);
  const failed = s.matches({ list: 'failed' });
  const idle = s.matches({ list: { ready: 'idle' } });
  const rest = atRest(s);
  return EVENTS.filter((e) => {
    if (e.type.startsWith('xstate.')) return true;
    switch (e.type) {
      case 'favourite.toggle':
        return rest && c.games.some((g) => g.nodeId === e.nodeId);
      case 'list.more':
        // Game mode's More is a phone's (the desktop pager hides it by CSS, which jsdom does not apply).
        return c.moreGames && idle;
      case 'page.select':
        return rest && c.mode === 'game' && e.page <= c.totalPages;
      case 'list.retry':
        return failed;
      case 'error.dismiss':
        return c.error !== null && !failed;
      case 'vendor.select':
        return s.matches({ favourites: 'idle' }) && (c.error === null || failed);
      case 'minBet.select':
        // Choosing the option already chosen changes nothing in a select.
        return rest && c.minBet !== e.minBet;
      case 'path.change':
        return rest && c.path !== e.path;
      case 'language.change':
        return rest && c.language !== e.language;
      case 'session.change':
        return rest && c.loggedIn !== e.loggedIn;
      default:
        return rest;
    }
  });
}

/** States the lobby shows differently although the machine's value is the same. */
const serialize = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  const flags = [
    c.loggedIn && 'member',
    c.error && 'error',
    // A logout from a member-only list takes the list back to what visitors may see (told apart while the
    // favourites are quiet: enough to reach it).
    s.matches({ favourites: 'idle' }) &&
      c.error === null &&
      (c.mode === 'recent' || c.classify === 'FAV') &&
      'member-only list',
  ].filter(Boolean);
  return `${JSON.stringify(s.value)} ${flags.join(',')}`;
};

const input = (loggedIn: boolean): GameListInput => ({
  path: '/rng',
  gameType: 'RNG',
  loggedIn,
  language: 'en',
  pageSize: PAGE_SIZE.lobby,
});

/**
 * A returning member's RNG lobby. Its paths log out and back in, so they reach every visitor state as well (a walk
 * that starts as a visitor finds the same states again); Lobby.test.tsx starts as a visitor.
 */
const machine = withInput(gameListMachine, input(true));
const paths = viewPaths(machine, offered, serialize);

const FAVOURITE_PATHS = { on: '/wps/game/fav/add', off: '/wps/game/fav/remove' };
const toApiError = (e: { code: string; message?: string }) =>
  new ApiError(e.code as ApiError['code'], e.message ?? '', {}, e.code === 'FORBIDDEN' ? 403 : 0);

const loginDialog = () => screen.queryByRole('dialog', { name: 'Login' });
const tile = (name: string) => screen.getByRole('article', { name });

/** A visitor's request that only a member may make: the machine emits `auth.required`. */
const asksLogin = (event: Event, c: GameListContext) =>
  !c.loggedIn &&
  (event.type === 'favourite.toggle' ||
    (event.type === 'mode.select' && event.mode !== 'game' && event.mode !== 'hot') ||
    (event.type === 'classify.select' && event.classify === 'FAV'));

/**
 * Does in the lobby what the machine event stands for; a visitor's request for a member's list or heart must open
 * the login popup, which the visitor then closes (the lobby stays as it was: `expectScreen` checks).
 */
async function perform(event: Event, from: AnyMachineSnapshot) {
  await control(event, from);
  if (!asksLogin(event, ctx(from))) return;
  // The login form is a chunk of its own: on a busy machine it may take a few rounds to come in.
  for (let round = 0; round < 20 && !loginDialog(); round++) await flush();
  await visitor().click(within(loginDialog()!).getByRole('button', { name: 'Close' }));
}

/** Uses the lobby's control (or the fake server, or the session) for the machine event. */
async function control(event: Event, from: AnyMachineSnapshot) {
  const user = visitor();
  const c = ctx(from);
  const e = event as Event & Record<string, unknown>;
  switch (event.type) {
    case 'xstate.done.actor.loadGames':
    case 'xstate.done.actor.loadMoreGames':
    case 'xstate.done.actor.loadPage':
      return replyList(latestListRequest(), e.output as never);
    case 'xstate.error.actor.loadGames':
    case 'xstate.error.actor.loadMoreGames':
    case 'xstate.error.actor.loadPage':
      return failRequest(latestListRequest(), toApiError(e.error as never));
    case 'xstate.done.actor.loadFavouriteIds':
      return server.reply('/wps/game/fav/ids', e.output);
    case 'xstate.error.actor.loadFavouriteIds':
      return server.fail('/wps/game/fav/ids', toApiError(e.error as never));
    case 'xstate.done.actor.toggleFavourite':
      return server.reply(FAVOURITE_PATHS[c.pendingToggle!.on ? 'on' : 'off'], null);
    case 'xstate.error.actor.toggleFavourite':
      return server.fail(FAVOURITE_PATHS[c.pendingToggle!.on ? 'on' : 'off'], toApiError(e.error as never));
    case 'list.more':
      return user.click(screen.getByRole('button', { name: 'More games' }));
    case 'page.select':
      return user.click(
        within(screen.getByRole('navigation', { name: 'Game pages' })).getByRole('button', {
          name: `Page ${e.page}`,
        }),
      );
    case 'list.retry':
      return user.click(screen.getByRole('button', { name: 'Retry' }));
    case 'favourite.toggle':
      return user.click(
        within(tile('Fortune Tiger')).getByRole('button', { name: 'Favourite Fortune Tiger' }),
      );
    case 'mode.select':
      return user.click(screen.getByRole('button', { name: 'Recent' }));
    case 'classify.select':
      return user.click(
        within(screen.getByRole('group', { name: 'Game classes' })).getByRole('button', {
          name: 'Favourites',
        }),
      );
    case 'vendor.select':
      return user.click(
        within(screen.getByRole('navigation', { name: 'Providers' })).getByRole('link', { name: 'PG Soft' }),
      );
    case 'search.submit': {
      const box = screen.getByRole('searchbox', { name: 'Game name' });
      await user.clear(box);
      await user.type(box, e.gameName as string);
      return user.click(screen.getByRole('button', { name: 'Search' }));
    }
    case 'minBet.select':
      return user.selectOptions(
        screen.getByRole('combobox', { name: 'Minimum bet' }),
        'Minimum bet up to $5.00',
      );
    case 'path.change':
      return user.click(screen.getByRole('link', { name: 'Go to live casino' }));
    case 'language.change':
      // The header's language switch activates the chosen catalogue (an empty one here: English source texts).
      return act(() => i18n.loadAndActivate({ locale: e.language as string, messages: {} }));
    case 'session.change':
      return e.loggedIn ? logIn(demoMember) : logOut();
    case 'error.dismiss':
      return user.click(screen.getByRole('button', { name: 'Dismiss' }));
    default:
      throw new Error(`the lobby has no control for ${event.type}`);
  }
}

/** The calls the path so far has started (each entry into a loading state starts a new actor). */
function started(path: WalkPath<M>, upTo: number, child: string): number {
  const sessions = new Set<string>();
  for (const step of path.steps.slice(0, upTo + 1)) {
    const ref = (step.state.children as Record<string, { sessionId: string } | undefined>)[child];
    if (ref) sessions.add(ref.sessionId);
  }
  return sessions.size;
}

/** What the visitor must see in each state, and what the lobby asked the server for to get there. */
function expectScreen(path: WalkPath<M>, i: number) {
  const state = path.steps[i]!.state;
  const c = ctx(state);
  const loading = state.matches({ list: 'loading' });
  const failed = state.matches({ list: 'failed' });
  const paging = state.matches({ list: { ready: 'paging' } });

  // The lobby of the path, with its vendor and class chosen.
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    c.gameType === 'LIVE' ? 'Live Casino' : 'Slots',
  );
  const providers = screen.getByRole('navigation', { name: 'Providers' });
  const activeVendor = within(providers).queryAllByRole('link', { current: 'page' });
  expect(activeVendor.map((l) => l.textContent)).toEqual([c.vendor === 'PG' ? 'PG Soft' : 'All']);
  const classes = within(screen.getByRole('group', { name: 'Game classes' }));
  expect(classes.getAllByRole('button', { pressed: true }).map((b) => b.textContent)).toEqual([
    c.classify === 'FAV' ? 'Favourites' : 'All',
  ]);
  expect(screen.getByRole('button', { name: 'Recent' })).toHaveAttribute(
    'aria-pressed',
    String(c.mode === 'recent'),
  );
  expect((screen.getByRole('searchbox', { name: 'Game name' }) as HTMLInputElement).value.trim()).toBe(
    c.gameName,
  );

  // The list: skeletons while the first page loads, the failure with Retry, or the games with their hearts (busy
  // while a page chosen in the pager loads).
  expect(screen.queryAllByTestId('game-skeleton').length > 0).toBe(loading);
  const status = screen.queryByRole('status');
  if (failed) expect(status).toBeNull();
  else
    expect(status).toHaveTextContent(
      loading || paging
        ? 'Loading games…'
        : `${c.games.length} ${c.games.length === 1 ? 'game' : 'games'} shown`,
    );
  if (c.games.length > 0)
    expect(screen.getByRole('list', { name: 'Slots' })).toHaveAttribute('aria-busy', String(paging));
  const retry = screen.queryByRole('button', { name: 'Retry' });
  if (failed) {
    expect(retry).toBeInTheDocument();
    expect(retry!.closest('[role="alert"]')).toHaveTextContent(
      c.error?.message ?? 'Network abnormal, please try again.',
    );
  } else expect(retry).toBeNull();
  const tiles = screen.queryAllByRole('article');
  expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(c.games.map((g) => g.gameName));
  for (const g of c.games) {
    const heart = within(tile(g.gameName)).getByRole('button', { name: `Favourite ${g.gameName}` });
    expect(heart).toHaveAttribute('aria-pressed', String(c.favouriteIds.includes(g.nodeId)));
    expect(heart).toHaveAttribute('aria-busy', String(!state.matches({ favourites: 'idle' })));
  }
  if (!loading && !failed && c.games.length === 0) expect(screen.getByText(/^No /)).toBeInTheDocument();

  // Game mode turns pages on a desktop: the pager, while there is more than one page, marks the page shown. A page
  // that came in (chosen, or appended with More) is brought into view — the list's top, or the first new game — and
  // its first game takes the focus.
  const pager = screen.queryByRole('navigation', { name: 'Game pages' });
  if (c.mode === 'game' && c.totalPages > 1)
    expect(within(pager!).getByRole('button', { current: 'page' })).toHaveAccessibleName(`Page ${c.page}`);
  else expect(pager).toBeNull();
  const arrivals: string[] = ['xstate.done.actor.loadPage', 'xstate.done.actor.loadMoreGames'];
  const arrived = path.steps.slice(1, i + 1).filter((s) => arrivals.includes(s.event.type)).length;
  expect(scrolledIntoView).toHaveBeenCalledTimes(arrived);
  const event: string = path.steps[i]!.event.type;
  if (event === 'xstate.done.actor.loadPage') {
    expect(scrolledIntoView.mock.contexts.at(-1)).toContainElement(
      screen.getByRole('list', { name: 'Slots' }),
    );
    expect(document.activeElement).toBe(screen.getAllByRole('article')[0]);
  }
  if (event === 'xstate.done.actor.loadMoreGames') {
    const first = screen.getAllByRole('article')[c.landing!.index];
    expect(scrolledIntoView.mock.contexts.at(-1)).toBe(first);
    expect(document.activeElement).toBe(first);
  }

  // More appends the next page (recent mode; game mode on a phone): while there are more games; busy while the
  // next page loads.
  const more = screen.queryByRole('button', { name: /More games|Loading more games/ });
  if (!c.moreGames) expect(more).toBeNull();
  else if (state.matches({ list: { ready: 'loadingMore' } })) {
    expect(more).toHaveTextContent('Loading more games…');
    expect(more).toHaveAttribute('aria-busy', 'true');
  } else expect(more).toHaveTextContent('More games');

  // A failure beside the list (a next page, the favourites): its message and a way to dismiss it.
  const dismiss = screen.queryByRole('button', { name: 'Dismiss' });
  if (c.error && !failed) {
    expect(dismiss!.closest('[role="alert"]')).toHaveTextContent(
      c.error.code === 'NETWORK' ? 'Network abnormal, please try again.' : c.error.message!,
    );
  } else expect(dismiss).toBeNull();

  // A login popup the lobby opened has been closed: nothing covers the lobby.
  expect(loginDialog()).toBeNull();

  // What went to the server: one list call per load the path started, the newest for this state's request.
  expect(listRequests()).toHaveLength(
    started(path, i, 'loadGames') + started(path, i, 'loadMoreGames') + started(path, i, 'loadPage'),
  );
  if (loading)
    expect(latestListRequest()).toMatchObject(expectedRequest(gameListCall(gameListRequest(c, 1))));
  if (state.matches({ list: { ready: 'loadingMore' } }))
    expect(latestListRequest()).toMatchObject(expectedRequest(gameListCall(gameListRequest(c, c.page + 1))));
  if (paging)
    expect(latestListRequest()).toMatchObject(
      expectedRequest(gameListCall(gameListRequest(c, c.requestedPage!))),
    );
  expect(server.sent('/wps/game/fav/ids')).toHaveLength(started(path, i, 'loadFavouriteIds'));
  if (state.matches({ favourites: 'toggling' })) {
    const t = c.pendingToggle!;
    expect(server.next(FAVOURITE_PATHS[t.on ? 'on' : 'off']).input).toEqual({
      body: { nodeId: t.nodeId, vendor: t.vendor, gameType: t.gameType },
    });
  }
}

describe('game lobby: paths generated from the gameList machine, walked against the RNG lobby', () => {
  beforeEach(() => {
    useFakeClock();
    server.reset();
  });
  afterEach(async () => {
    useRealClock();
    await act(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
  });

  it('cover every state and transition', () => {
    // `list.starting` only decides where the list begins (an eventless transition): no snapshot rests in it. A lobby
    // starts without a first page; home's hot row is the one given one (GameRow, machines/gameList.machine.test.ts).
    expectFullCoverage(gameListMachine, paths as never, { states: ['list.starting'] });
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    for (const [i, step] of path.steps.entries()) {
      const where = `step ${i} (${i === 0 ? 'start' : step.event.type} → ${serialize(step.state)})`;
      try {
        // The app mounts with the member's session; the list's first requests are out before the first check.
        if (i === 0) await mountApp('/rng', { member: demoMember });
        else {
          await perform(step.event, path.steps[i - 1]!.state);
          await flush();
        }
        expectScreen(path, i);
      } catch (e) {
        if (e instanceof Error) e.message = `${where}: ${e.message}`;
        throw e;
      }
    }
  });
});
