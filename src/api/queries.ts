import { type DataTag, QueryClient, type QueryClientConfig, queryOptions } from '@tanstack/react-query';
import {
  hotGamesParams,
  type ListLobbyType,
  LOTTERY_CENTRE,
  lobbyPageParams,
  lotteryMenuParams,
  WINNER_BOARD_SIZE,
} from '../../contract/firstReplies.ts';
import type { GameCategory } from '../../contract/games.ts';
import type { LotteryGame } from '../../contract/lottery.ts';
import {
  balance,
  gameList,
  gameMenus,
  gameVendor,
  hotGames,
  lotteryMenu,
  noticeIndex,
  whitelabel,
  winnerBoard,
} from '../../contract/routes.ts';
import type { MenuLoad } from '../../machines/lotteryRefresh.machine.ts';
import { type Api, call, pageApi } from './client.ts';
import { pageRequestTimes } from './firstReplies.ts';

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
const apiOf = (client: QueryClient): Api => (client instanceof RenderQueryClient ? client.api : pageApi);

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

/** The games of lottery menus (their groups), each once, in the menus' order. */
export function menuGames(groups: { gameMenus: LotteryGame[] }[]): LotteryGame[] {
  const games = new Map<number, LotteryGame>();
  for (const g of groups) for (const game of g.gameMenus) games.set(game.gameId, game);
  return [...games.values()];
}

/**
 * The lottery centre's menu (spec §4), as its list's first load gives it (src/features/lottery/queries.ts): the list
 * starts with it, drawn on its first screen (src/app/firstPage.ts). A reply the page carried was timed by the page's
 * request, which the list's clock is measured by. Fresh for the shortest refresh (spec §9: 7 s): a list older than
 * that is loaded afresh.
 */
export const lotteryMenuQuery = (language: string) =>
  queryOptions({
    queryKey: ['lotteryMenu', LOTTERY_CENTRE.prizeMode, language],
    queryFn: async ({ client }): Promise<MenuLoad> => {
      const input = { query: lotteryMenuParams(LOTTERY_CENTRE.prizeMode) };
      const page = apiOf(client).carries(lotteryMenu, input) ? pageRequestTimes() : undefined;
      const sentAt = Date.now();
      const { data } = await callOf(client)(lotteryMenu, input);
      const times = page ?? { sentAt, receivedAt: Date.now() };
      return { games: menuGames(data.groups), serverTime: data.serverTime, ...times };
    },
    staleTime: 7000,
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
