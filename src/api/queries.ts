import { type DataTag, QueryClient, type QueryClientConfig, queryOptions } from '@tanstack/react-query';
import {
  hotGamesParams,
  type ListLobbyType,
  lobbyPageParams,
  WINNER_BOARD_SIZE,
} from '../../contract/firstReplies.ts';
import type { GameCategory } from '../../contract/games.ts';
import {
  balance,
  gameList,
  gameMenus,
  gameVendor,
  hotGames,
  noticeIndex,
  whitelabel,
  winnerBoard,
} from '../../contract/routes.ts';
import { type Api, call } from './client.ts';

/**
 * The query client of one server render (src/ssr/firstScreen.tsx), with its own calls: its language, merchant and
 * first replies, which another render at the same time does not see. The tab's is a plain QueryClient.
 */
export class RenderQueryClient extends QueryClient {
  constructor(
    readonly api: Api,
    config?: QueryClientConfig,
  ) {
    super(config);
  }
}

/** The calls a query makes: its render's, else the tab's. */
const callOf = (client: QueryClient): Api['call'] =>
  client instanceof RenderQueryClient ? client.api.call : call;

/** Site-wide server data every feature may read (feature-specific queries live in their feature). */
export const whitelabelQuery = () =>
  queryOptions({
    queryKey: ['whitelabel'],
    queryFn: async ({ client }) => (await callOf(client)(whitelabel, { query: {} })).value,
    staleTime: 5 * 60_000,
  });

export const gameMenusQuery = (language: string) =>
  queryOptions({
    queryKey: ['gameMenus', language],
    queryFn: async ({ client }) => (await callOf(client)(gameMenus, { query: { language } })).data.menus,
    staleTime: 5 * 60_000,
  });

export const vendorLanesQuery = () =>
  queryOptions({
    queryKey: ['gameVendor'],
    queryFn: async ({ client }) =>
      (await callOf(client)(gameVendor, { query: { platform: 'html5-desktop' } })).data.lanes,
    staleTime: 5 * 60_000,
  });

export const noticeIndexQuery = (language: string) =>
  queryOptions({
    queryKey: ['noticeIndex', language],
    queryFn: async ({ client }) => (await callOf(client)(noticeIndex, { query: { language } })).value,
    staleTime: 60_000,
  });

/** The home winner board (spec §7): latest wins of a category, or of all (`ALL`), newest first. */
export const winnerBoardQuery = (gameCategory: GameCategory | 'ALL', language: string) =>
  queryOptions({
    queryKey: ['winnerBoard', gameCategory, language],
    queryFn: async ({ client }) =>
      (await callOf(client)(winnerBoard, { query: { gameCategory, limitNum: WINNER_BOARD_SIZE, language } }))
        .value.list,
    staleTime: 60_000,
  });

/** Every vendor's hot games (spec §7): home's hot row starts with them, drawn on its first screen (src/app/firstPage.ts). */
export const hotGamesQuery = (language: string) =>
  queryOptions({
    queryKey: ['hotGames', language],
    queryFn: async ({ client }) =>
      (await callOf(client)(hotGames, { query: hotGamesParams(language) })).data.games,
    staleTime: 60_000,
  });

/** A list lobby's first page (no filter): the lobby starts with it, drawn on its first screen (src/app/firstPage.ts). */
export const lobbyPageQuery = (gameType: ListLobbyType, language: string) =>
  queryOptions({
    queryKey: ['lobbyPage', gameType, language],
    queryFn: async ({ client }) => {
      const { games, totalPages, total } = (
        await callOf(client)(gameList, { query: lobbyPageParams(gameType, language) })
      ).data;
      return { games, totalPages, total };
    },
    staleTime: 60_000,
  });

/**
 * A query's data while it is fresh (within its stale time), without asking: what a view may start with. Older data,
 * or none, is for the view to load itself.
 */
export function freshQueryData<T, E>(
  client: QueryClient,
  options: { queryKey: DataTag<readonly unknown[], T, E>; staleTime?: unknown },
): T | undefined {
  const state = client.getQueryState(options.queryKey);
  const staleTime = typeof options.staleTime === 'number' ? options.staleTime : 0;
  return state && !state.isInvalidated && Date.now() - state.dataUpdatedAt < staleTime
    ? state.data
    : undefined;
}

/** The member's balance (the header's chip, the member centre, game pages); money actions invalidate ['balance']. */
export const balanceQuery = () =>
  queryOptions({
    queryKey: ['balance'],
    queryFn: async ({ client }) => (await callOf(client)(balance, { query: {} })).value,
    staleTime: 30_000,
  });
