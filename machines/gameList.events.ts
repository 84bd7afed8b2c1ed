import type { EventFromLogic } from 'xstate';
import type { Game } from '../contract/games.ts';
import { gameListMachine } from './gameList.machine.ts';
import { doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof gameListMachine;

/** A catalogue game as the fakes and generated paths use it. */
export const sampleGame = (nodeId: string, overrides: Partial<Game> = {}): Game => ({
  id: Number(nodeId.replace(/\D/g, '')) || 1,
  nodeId,
  vassalage: 'PG',
  gameType: 'RNG',
  gameName: `game ${nodeId}`,
  displayName: `Game ${nodeId}`,
  gameClassify: 'SLOT',
  iconUrl: `/icons/${nodeId}.png`,
  isNew: 0,
  isHot: 0,
  supportPlay: true,
  minBet: 100,
  maintenanceUntil: null,
  ...overrides,
});

const events = [
  doneEvent<M>('loadGames', { games: [sampleGame('n1')], totalPages: 2 }),
  errorEvent<M>('loadGames', { code: 'NETWORK' }),
  doneEvent<M>('loadMoreGames', { games: [sampleGame('n2')], totalPages: 2 }),
  errorEvent<M>('loadMoreGames', { code: 'NETWORK' }),
  doneEvent<M>('loadPage', { games: [sampleGame('n3')], totalPages: 2 }),
  errorEvent<M>('loadPage', { code: 'NETWORK' }),
  doneEvent<M>('loadFavouriteIds', ['n1']),
  errorEvent<M>('loadFavouriteIds', { code: 'NETWORK' }),
  doneEvent<M>('toggleFavourite', undefined),
  errorEvent<M>('toggleFavourite', { code: 'NETWORK' }),
  { type: 'list.more' },
  { type: 'page.select', page: 2 },
  { type: 'list.retry' },
  { type: 'favourite.toggle', nodeId: 'n1', vendor: 'PG', gameType: 'RNG' },
  { type: 'mode.select', mode: 'fav' },
  { type: 'classify.select', classify: 'NEW' },
  { type: 'classify.select', classify: 'FAV' },
  { type: 'vendor.select', vendor: 'PG' },
  { type: 'search.submit', gameName: '  fortune ' },
  { type: 'minBet.select', minBet: 500 },
  { type: 'path.change', path: '/inhouse', gameType: 'RNG' },
  { type: 'language.change', language: 'TY' },
  { type: 'session.change', loggedIn: true },
  { type: 'session.change', loggedIn: false },
  { type: 'error.dismiss' },
] satisfies EventFromLogic<M>[];

/**
 * The game list and representative events for its generated paths (tests and `npm run paths`): a member, so
 * favourite toggles reach `toggling`; the actors' answers come first so that each state is first reached with a
 * member's context (paths tell states apart by value only). The RNG lobby in game mode has more pages
 * (`loadingMore`, and page 2 for `paging`); the /fav page starts in fav mode, where a logout takes the list back to
 * game mode; home's hot row starts ready with the page it is given.
 */
export const gameListWalks = [
  {
    name: 'gameList (RNG lobby)',
    machine: withInput(gameListMachine, { path: '/rng', gameType: 'RNG', loggedIn: true }),
    events,
  },
  {
    name: 'gameList (home’s hot row, its first page given)',
    machine: withInput(gameListMachine, {
      path: '/',
      gameType: 'RNG',
      loggedIn: true,
      mode: 'hot',
      firstPage: { games: [sampleGame('h1')], totalPages: 1 },
    }),
    events,
  },
  {
    name: 'gameList (favourites page)',
    machine: withInput(gameListMachine, { path: '/fav', gameType: 'RNG', loggedIn: true, mode: 'fav' }),
    events,
  },
];
