import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import {
  pointEntries,
  pointRedemptions,
  pointRewards,
  pointsBalance,
  type RedemptionStatus,
} from '../../../contract/points.ts';
import { call } from '../../api/client.ts';
import { formatNumber } from '../../i18n/format.ts';

/** Server data of the points mall (spec §2 /pointMall); every points change invalidates ['points']. */

export const POINTS_PAGE_SIZE = 10;
/** Spec §9: a list holds 42 items unless it says otherwise. */
export const REWARDS_PAGE_SIZE = 42;

export const pointsBalanceQuery = () =>
  queryOptions({
    queryKey: ['points', 'balance'],
    queryFn: async () => (await call(pointsBalance, { query: {} })).value,
  });

export const rewardsQuery = (pageNo: number) =>
  queryOptions({
    queryKey: ['points', 'rewards', pageNo],
    queryFn: async () => (await call(pointRewards, { query: { pageNo, pageSize: REWARDS_PAGE_SIZE } })).value,
    placeholderData: keepPreviousData,
  });

export const redemptionsQuery = (pageNo: number, status: RedemptionStatus | '') =>
  queryOptions({
    queryKey: ['points', 'redemptions', pageNo, status],
    queryFn: async () =>
      (
        await call(pointRedemptions, {
          query: { pageNo, pageSize: POINTS_PAGE_SIZE, ...(status ? { status } : {}) },
        })
      ).value,
    placeholderData: keepPreviousData,
  });

export const entriesQuery = (pageNo: number) =>
  queryOptions({
    queryKey: ['points', 'entries', pageNo],
    queryFn: async () => (await call(pointEntries, { query: { pageNo, pageSize: POINTS_PAGE_SIZE } })).value,
    placeholderData: keepPreviousData,
  });

/** After points moved: the mall's data; with money (`paid`), the balance and the member centre's lists too. */
export function invalidateAfterPoints(queryClient: QueryClient, paid = false): void {
  void queryClient.invalidateQueries({ queryKey: ['points'] });
  if (!paid) return;
  void queryClient.invalidateQueries({ queryKey: ['balance'] });
  void queryClient.invalidateQueries({ queryKey: ['member'] });
}

/** Points in the reader's number format. */
export const formatPoints = (points: number, locale: string) => formatNumber(points, locale);
