import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { Game } from '../contract/games.ts';
import type { Classify, GameListMode, gameListMachine } from './gameList.machine.ts';

type Snapshot = SnapshotFrom<typeof gameListMachine>;
type Send = (event: EventFromLogic<typeof gameListMachine>) => void;

/** The games shown, pages appended in order. */
export const selectGames = (s: Snapshot) => s.context.games;
/**
 * The More button shows: fav mode never has more, the others while page < totalPages. In a lobby's game mode it is
 * a phone's way to the next page (the desktop has the pager); elsewhere the only one.
 */
export const selectMoreGames = (s: Snapshot) => s.context.moreGames;
/** How many games are shown, and of how many (null when the call does not tell): "40 of 1,200". */
export const selectGameCount = (s: Snapshot) => ({ shown: s.context.games.length, total: s.context.total });
/** The game to bring into view and focus after a page came in (More or the pager), or null. */
export const selectLanding = (s: Snapshot) => s.context.landing;
/** More can be asked for now (more games, and no page on its way). */
export const selectCanLoadMore = (s: Snapshot) => s.can({ type: 'list.more' });
export const selectMode = (s: Snapshot) => s.context.mode;
export const selectClassify = (s: Snapshot) => s.context.classify;
export const selectVendor = (s: Snapshot) => s.context.vendor;
export const selectGameName = (s: Snapshot) => s.context.gameName;
/** The page shown: the last appended one, or the one the pager chose. */
export const selectPage = (s: Snapshot) => s.context.page;
export const selectTotalPages = (s: Snapshot) => s.context.totalPages;
/**
 * The list turns pages (a lobby's pager, spec §2) rather than appending them with More: game mode. Recent mode
 * appends (spec §4: more games while page < totalPages); hot and fav have a single page.
 */
export const selectTurnsPages = (s: Snapshot) => s.context.mode === 'game';
/** That page can be asked for now (another existing page, and no page on its way). */
export const selectCanSelectPage = (s: Snapshot, page: number) => s.can({ type: 'page.select', page });
/** A page chosen with the pager is loading (the list shown stays, busy); its number, or null. */
export const selectRequestedPage = (s: Snapshot) =>
  s.matches({ list: { ready: 'paging' } }) ? s.context.requestedPage : null;
/** Game mode on the in-house lobby (spec §4). */
export const selectInhouse = (s: Snapshot) => s.context.inhouse;
/** The favourite heart of a game is filled. */
export const selectIsFavourite = (s: Snapshot, nodeId: string) => s.context.favouriteIds.includes(nodeId);
/** The first page is loading (the list is empty and shows a loader). */
export const selectListLoading = (s: Snapshot) => s.matches({ list: 'loading' });
/** The next page is loading (the More button is busy). */
export const selectLoadingMore = (s: Snapshot) => s.matches({ list: { ready: 'loadingMore' } });
/** The first page could not be loaded: the view offers `list.retry`. */
export const selectListFailed = (s: Snapshot) => s.matches({ list: 'failed' });
/** A favourite call or the favourite ids are on their way: hearts are disabled. */
export const selectFavouriteBusy = (s: Snapshot) => !s.matches({ favourites: 'idle' });
export const selectGameListError = (s: Snapshot) => s.context.error;

/**
 * A game list's props and commands (a lobby, the /hot and /fav pages, a home row): what to show and what the
 * controls do. `empty` says which empty list it is (the view words it); `selectPage` and `more` ask only when the
 * machine can take them (another page, none on its way).
 */
export function connectGameList(s: Snapshot, send: Send) {
  const c = s.context;
  return {
    games: c.games,
    count: selectGameCount(s),
    landing: c.landing,
    loading: selectListLoading(s),
    failed: selectListFailed(s),
    loadingMore: selectLoadingMore(s),
    moreGames: c.moreGames,
    error: c.error,
    mode: c.mode,
    classify: c.classify,
    gameName: c.gameName,
    minBet: c.minBet,
    page: c.page,
    totalPages: c.totalPages,
    requestedPage: selectRequestedPage(s),
    turnsPages: selectTurnsPages(s),
    favouriteBusy: selectFavouriteBusy(s),
    isFavourite: (nodeId: string) => selectIsFavourite(s, nodeId),
    /** Which empty list: favourites, recent games, a search with no match, or none at all. */
    empty: (c.mode === 'fav' || c.classify === 'FAV'
      ? 'fav'
      : c.mode === 'recent'
        ? 'recent'
        : c.gameName !== ''
          ? 'search'
          : 'none') as 'fav' | 'recent' | 'search' | 'none',
    selectMode: (mode: GameListMode) => send({ type: 'mode.select', mode }),
    search: (gameName: string) => send({ type: 'search.submit', gameName }),
    selectClassify: (classify: Classify) => send({ type: 'classify.select', classify }),
    selectMinBet: (minBet: number | null) => send({ type: 'minBet.select', minBet }),
    dismissError: () => send({ type: 'error.dismiss' }),
    retry: () => send({ type: 'list.retry' }),
    selectPage: (page: number) => {
      if (selectCanSelectPage(s, page)) send({ type: 'page.select', page });
    },
    more: () => {
      if (selectCanLoadMore(s)) send({ type: 'list.more' });
    },
    /** A visitor's toggle asks for a login (`auth.required`). */
    toggleFavourite: (game: Pick<Game, 'nodeId' | 'vassalage' | 'gameType'>) =>
      send({
        type: 'favourite.toggle',
        nodeId: game.nodeId,
        vendor: game.vassalage,
        gameType: game.gameType,
      }),
  };
}

export type GameListView = ReturnType<typeof connectGameList>;
