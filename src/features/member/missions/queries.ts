import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type MissionPeriod, missionLeaderboard, missionSummary } from '../../../../contract/missions.ts';
import { rebateClaimable, rebateHistory } from '../../../../contract/rebate.ts';
import { selectIsLoggedIn, selectIsTrial } from '../../../../machines/session.connect.ts';
import { call } from '../../../api/client.ts';
import { SessionContext } from '../../../session/sessionContext.ts';
import { MONEY_KEYS } from '../queries.ts';

/** Missions and manual rebate (spec §2 missionLeaderboard, manualRebate). */

export const missionSummaryQuery = () =>
  queryOptions({
    queryKey: ['member', 'missions'],
    queryFn: async () => (await call(missionSummary, { query: {} })).value,
    staleTime: 30_000,
  });

export const leaderboardQuery = (period: MissionPeriod) =>
  queryOptions({
    queryKey: ['member', 'leaderboard', period],
    queryFn: async () => (await call(missionLeaderboard, { query: { period } })).value,
    placeholderData: keepPreviousData,
  });

/** Missions not yet claimed this period (the menu's badge); asked only for a logged-in real member. */
export function useOpenMissionCount(): number {
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const trial = SessionContext.useSelector(selectIsTrial);
  const summary = useQuery({ ...missionSummaryQuery(), enabled: loggedIn && !trial });
  return summary.data?.openCount ?? 0;
}

export const rebateClaimableQuery = () =>
  queryOptions({
    queryKey: ['member', 'rebate', 'claimable'],
    queryFn: async () => (await call(rebateClaimable, { query: {} })).value,
  });

export const REBATE_PAGE_SIZE = 10;

export const rebateHistoryQuery = (pageNo: number) =>
  queryOptions({
    queryKey: ['member', 'rebate', 'history', pageNo],
    queryFn: async () => (await call(rebateHistory, { query: { pageNo, pageSize: REBATE_PAGE_SIZE } })).value,
    placeholderData: keepPreviousData,
  });

/** After a reward is paid: the balance, the money lists, and the page's own data (`own`) are stale. */
export function invalidateAfterReward(queryClient: QueryClient, own: readonly unknown[]): void {
  for (const queryKey of [...MONEY_KEYS, own]) void queryClient.invalidateQueries({ queryKey });
}
