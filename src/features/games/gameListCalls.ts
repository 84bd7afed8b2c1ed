import { fromPromise } from 'xstate';
import type { CallInput } from '../../../contract/call.ts';
import { gameListParams, hotGamesParams } from '../../../contract/firstReplies.ts';
import type { Game } from '../../../contract/games.ts';
import {
  addFavourite,
  type CallOf,
  favouriteIds,
  favouriteList,
  gameList,
  hotGames,
  recentGames,
  removeFavourite,
} from '../../../contract/routes.ts';
import {
  type FavouriteToggle,
  type GameListPage,
  type GameListRequest,
  gameListMachine,
} from '../../../machines/gameList.machine.ts';
import { call } from '../../api/client.ts';

/** Spec §7 game list and recent games: client type 3 (web); lists are asked for the HTML5 desktop platform. */
const CLIENT_TYPE = 3;

/**
 * The call a request of the game list machine maps onto (spec §7):
 *   - mode hot (the /hot page): every hot game (of the vendor); class HOT in a lobby: those of the lobby's type;
 *   - mode fav (the /fav page): every favourite; class FAV in a lobby: those of the lobby's type;
 *   - mode recent: the member's recent games of the lobby's type;
 *   - otherwise the game list, class NEW as `isNew`, a vendor-defined class as `gameClassify`, the minimum-bet
 *     filter as `minBet` (the lobby query's, spec §3; the other calls have none).
 * `onlyType` is a filter the hot call cannot do itself.
 */
export type GameListCall =
  | { kind: 'hot'; query: CallInput<CallOf<typeof hotGames>>['query']; onlyType?: Game['gameType'] }
  | { kind: 'fav'; query: CallInput<CallOf<typeof favouriteList>>['query'] }
  | { kind: 'recent'; query: CallInput<CallOf<typeof recentGames>>['query'] }
  | { kind: 'list'; query: CallInput<CallOf<typeof gameList>>['query'] };

/** The contract of each kind of call (tests and the fake server address requests by its path). */
export const GAME_LIST_CONTRACTS = {
  hot: hotGames,
  fav: favouriteList,
  recent: recentGames,
  list: gameList,
} as const;

export function gameListCall(r: GameListRequest): GameListCall {
  const vendor = r.vendor ?? undefined;
  const paging = { pageNo: r.page, pageSize: r.pageSize };
  const hot = hotGamesParams(r.language, vendor);
  // The modes first: a class only narrows game mode.
  if (r.mode === 'hot') return { kind: 'hot', query: hot };
  if (r.mode === 'fav') return { kind: 'fav', query: { vendor, language: r.language, ...paging } };
  if (r.mode === 'recent')
    return {
      kind: 'recent',
      query: {
        clientType: CLIENT_TYPE,
        vassalage: vendor,
        gameType: r.gameType,
        language: r.language,
        ...paging,
      },
    };
  if (r.classify === 'HOT') return { kind: 'hot', query: hot, onlyType: r.gameType };
  if (r.classify === 'FAV')
    return { kind: 'fav', query: { vendor, gameType: r.gameType, language: r.language, ...paging } };
  return {
    kind: 'list',
    query: gameListParams(
      { gameType: r.gameType, vassalage: vendor, language: r.language, pageNo: r.page, pageSize: r.pageSize },
      {
        ...(r.classify === 'NEW' ? { isNew: '1' as const } : {}),
        ...(r.classify !== 'ALL' && r.classify !== 'NEW' ? { gameClassify: r.classify } : {}),
        ...(r.gameName !== '' ? { gameName: r.gameName } : {}),
        ...(r.minBet !== null ? { minBet: r.minBet } : {}),
      },
    ),
  };
}

/** One page of the list the request asks for, as the machine keeps it. */
export async function loadGamePage(r: GameListRequest): Promise<GameListPage> {
  const c = gameListCall(r);
  switch (c.kind) {
    case 'hot': {
      const { games } = (await call(hotGames, { query: c.query })).data;
      // Hot games come all at once: one page.
      return { games: c.onlyType ? games.filter((g) => g.gameType === c.onlyType) : games, totalPages: 1 };
    }
    case 'fav': {
      const { content, totalPages } = (await call(favouriteList, { query: c.query })).value;
      return { games: content, totalPages };
    }
    case 'recent': {
      const { list, totalPages } = (await call(recentGames, { query: c.query })).value;
      return { games: list, totalPages };
    }
    case 'list': {
      const { games, totalPages, total } = (await call(gameList, { query: c.query })).data;
      return { games, totalPages, total };
    }
  }
}

/** The game list machine with the real API (spec §7 calls). */
export const liveGameList = gameListMachine.provide({
  actors: {
    loadGames: fromPromise<GameListPage, GameListRequest>(({ input }) => loadGamePage(input)),
    loadFavouriteIds: fromPromise<string[]>(async () => (await call(favouriteIds, { query: {} })).value),
    toggleFavourite: fromPromise<void, FavouriteToggle>(async ({ input }) => {
      const body = { nodeId: input.nodeId, vendor: input.vendor, gameType: input.gameType };
      await (input.on ? call(addFavourite, { body }) : call(removeFavourite, { body }));
    }),
  },
});
