import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BonusKind,
  bonusDetails,
  openTicket,
  rewardPrizes,
  rewardTickets,
  type TicketStatus,
} from '../../../../contract/rewards.ts';
import { call } from '../../../api/client.ts';
import { MONEY_KEYS, PAGE_SIZE } from '../queries.ts';

/** Reward Center and Bonus Details data; opening a ticket makes tickets, bonuses and money stale. */

export const rewardTicketsQuery = (status: TicketStatus, pageNo: number) =>
  queryOptions({
    queryKey: ['member', 'rewardTickets', status, pageNo],
    queryFn: async () =>
      (await call(rewardTickets, { query: { status, pageNo, pageSize: PAGE_SIZE } })).value,
    placeholderData: keepPreviousData,
  });

export const rewardPrizesQuery = () =>
  queryOptions({
    queryKey: ['member', 'rewardPrizes'],
    queryFn: async () => (await call(rewardPrizes, { query: {} })).value,
    staleTime: 5 * 60_000,
  });

export interface BonusFilters {
  from: string;
  to: string;
  type?: BonusKind;
  pageNo: number;
}

export const bonusDetailsQuery = (f: BonusFilters) =>
  queryOptions({
    queryKey: ['member', 'bonusDetails', f],
    queryFn: async () => (await call(bonusDetails, { query: { ...f, pageSize: PAGE_SIZE } })).value,
    placeholderData: keepPreviousData,
  });

const OPENED_KEYS = [...MONEY_KEYS, ['member', 'rewardTickets'], ['member', 'bonusDetails']];

/** Opens a ticket; on success the balance, the money lists, the tickets and the bonuses are read again. */
export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { ticketId: number; choice?: number }) =>
      (await call(openTicket, { body })).value,
    onSuccess: () => {
      for (const queryKey of OPENED_KEYS) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** How many tickets wait to be opened (a menu badge); shares the Available tab's first page. */
export function useAvailableTicketCount(enabled = true): number | undefined {
  return useQuery({ ...rewardTicketsQuery('AVAILABLE', 1), enabled, select: (d) => d.counts.AVAILABLE }).data;
}
