import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  agentDownline,
  agentIncome,
  teamBets,
  teamOverview,
  teamTransactions,
  userLoss,
} from '../../../contract/agent.ts';
import type { CallInput, CallOutput } from '../../../contract/call.ts';
import { call } from '../../api/client.ts';

/** Server data of the agent centre (spec §2); registering a downline makes `['agent', 'team']` stale. */

export const AGENT_PAGE_SIZE = 20;

type ListCall = typeof agentDownline | typeof teamBets | typeof userLoss | typeof teamTransactions;

/** A list page's filters: the call's query without the page size, which the centre sets. */
export type Filters<C extends ListCall | typeof agentIncome> = Omit<z.input<C['query']>, 'pageSize'>;

/** The query of one page of a list call under `key`; the previous page stays on screen while the next loads. */
const listQuery =
  <C extends ListCall | typeof agentIncome>(key: readonly string[], contract: C) =>
  (f: Filters<C>) =>
    queryOptions({
      queryKey: [...key, f],
      queryFn: async () =>
        (
          (await call(contract, {
            query: { ...f, pageSize: AGENT_PAGE_SIZE },
          } as CallInput<C>)) as CallOutput<C>
        ).value as CallOutput<C>['value'],
      placeholderData: keepPreviousData,
    });

export const teamOverviewQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['agent', 'team', 'overview', from, to],
    queryFn: async () => (await call(teamOverview, { query: { from, to } })).value,
    placeholderData: keepPreviousData,
  });

export const downlineQuery = listQuery(['agent', 'team', 'downline'], agentDownline);
export const teamBetsQuery = listQuery(['agent', 'team', 'bets'], teamBets);
export const userLossQuery = listQuery(['agent', 'team', 'loss'], userLoss);
export const teamTransactionsQuery = listQuery(['agent', 'team', 'transactions'], teamTransactions);
export const agentIncomeQuery = listQuery(['agent', 'income'], agentIncome);
