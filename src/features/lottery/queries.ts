import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { lotteryMenuParams } from '../../../contract/firstReplies.ts';
import {
  lotteryMenu,
  lotteryRecent,
  lotteryRules,
  myLotteryBets,
  nextDrawCall,
  openedNumbers,
  popularLotteries,
  recentLotteryMenu,
} from '../../../contract/lottery.ts';
import type {
  LotteryScope,
  MenuLoad,
  MenuRequest,
  ResultsLoad,
} from '../../../machines/lotteryRefresh.machine.ts';
import { call } from '../../api/client.ts';
import { menuGames } from '../../api/queries.ts';

/** Spec §9: popular 20; results 100 (the page shows the newest). */
export const POPULAR_COUNT = 20;
export const RESULTS_COUNT = 100;
export const MY_BETS_PAGE_SIZE = 20;

/**
 * The `loadMenu` actor of lotteryRefresh: the menu of a prize mode (both for `ANY`), the member's recent menu, or the
 * popular list (filtered to the prize mode's game type), timed on the local clock for the machine's round trip.
 */
export async function loadLotteryMenu({ scope, source }: MenuRequest): Promise<MenuLoad> {
  const sentAt = Date.now();
  if (source === 'popular') {
    const reply = await call(popularLotteries, { query: { count: POPULAR_COUNT } });
    const gameType = scope === 'Elott' ? 'ELOTT' : scope === 'ANY' ? null : 'LOTT';
    return {
      games: reply.data.list.filter((g) => gameType === null || g.gameType === gameType),
      serverTime: null,
      sentAt,
      receivedAt: Date.now(),
    };
  }
  const menu = source === 'recent' ? recentLotteryMenu : lotteryMenu;
  const modes = scope === 'ANY' ? (['Lott', 'Elott'] as const) : ([scope] as const);
  const replies = await Promise.all(
    modes.map((prizeMode) => call(menu, { query: lotteryMenuParams(prizeMode) })),
  );
  const receivedAt = Date.now();
  return {
    games: menuGames(replies.flatMap((r) => r.data.groups)),
    serverTime: replies[0]!.data.serverTime,
    sentAt,
    receivedAt,
  };
}

/** The `loadResults` actor of lotteryRefresh: the latest result of every lottery of the scope (both for `ANY`). */
export async function loadLotteryResults({ scope }: { scope: LotteryScope }): Promise<ResultsLoad> {
  const modes = scope === 'ANY' ? (['Lott', 'Elott'] as const) : ([scope] as const);
  const replies = await Promise.all(
    modes.map((prizeMode) => call(lotteryRecent, { query: { prizeMode, recentCount: 1 } })),
  );
  return {
    results: replies.flatMap((r) => Object.values(r.data.results).flatMap((list) => list.slice(0, 1))),
    receivedAt: Date.now(),
  };
}

export const lotteryRulesQuery = () =>
  queryOptions({
    queryKey: ['lottery', 'rules'],
    queryFn: async () => (await call(lotteryRules, { query: {} })).data.rules,
    staleTime: 5 * 60_000,
  });

/** The next draw's commitment; keyed by the issue on sale, so a new issue reads its own. */
export const nextDrawQuery = (gameCode: string, issue: string) =>
  queryOptions({
    queryKey: ['lottery', 'nextDraw', gameCode, issue],
    queryFn: async () => (await call(nextDrawCall, { query: { gameCode } })).data,
    staleTime: 60_000,
  });

/**
 * Past results, newest first; keyed by the time of the newest result the lottery list knows (lotteryRefresh reads
 * the results right after each draw), so the new result comes with it rather than with the next issue.
 */
export const resultsQuery = (gameCode: string, latestDrawTime: string | null) =>
  queryOptions({
    queryKey: ['lottery', 'results', gameCode, latestDrawTime],
    queryFn: async () => (await call(openedNumbers, { query: { gameCode, count: RESULTS_COUNT } })).data.list,
    placeholderData: keepPreviousData,
  });

/** How often a list with open bets is read again (a fast lottery draws every minute). */
export const OPEN_BETS_POLL_MS = 10_000;

export const myBetsQuery = (gameCode: string, pageNo: number) =>
  queryOptions({
    queryKey: ['lottery', 'myBets', gameCode, pageNo],
    queryFn: async () =>
      (await call(myLotteryBets, { query: { gameCode, pageNo, pageSize: MY_BETS_PAGE_SIZE } })).value,
    placeholderData: keepPreviousData,
    // Open bets settle right after their draw: look again until none is open.
    refetchInterval: (q) => (q.state.data?.list.some((b) => b.status === 'OPEN') ? OPEN_BETS_POLL_MS : false),
  });

/** After a slip is placed: the balance and the member's bets. */
export function invalidateAfterBet(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['balance'] });
  void queryClient.invalidateQueries({ queryKey: ['lottery', 'myBets'] });
}
