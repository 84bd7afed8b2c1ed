import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { lotteryRules, myLotteryBets, nextDrawCall, openedNumbers } from '../../../contract/lottery.ts';
import { call } from '../../api/client.ts';

/** Spec §9: results 100 (the page shows the newest). */
export const RESULTS_COUNT = 100;
export const MY_BETS_PAGE_SIZE = 20;

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
