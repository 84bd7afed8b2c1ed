import type { ContractKind } from '../../../contract/agent.ts';
import { oneOf, searchOf } from '../../domain/search.ts';

/** Spec §2 agent centre page keys, in menu order, and the transfer to the direct downline (spec §6). */
export const AGENT_PAGE_KEYS = [
  'announcement',
  'teamOverview',
  'registerAccount',
  'teamManagement',
  'teamBetting',
  'userLoss',
  'myIncome',
  'accountDetails',
  'transferDownline',
  'bonus',
  'dailyWages',
  'hourlySalary',
  'realTimeSalary',
] as const;
export type AgentPage = (typeof AGENT_PAGE_KEYS)[number];

/** The last four pages are contract pages, each shown only while its kind's feature is on (spec §2). */
export const CONTRACT_PAGES = {
  bonus: 'DIVIDEND',
  dailyWages: 'DAILY_SALARY',
  hourlySalary: 'HOURLY_SALARY',
  realTimeSalary: 'REALTIME_SALARY',
} as const satisfies Partial<Record<AgentPage, ContractKind>>;

export const DEFAULT_AGENT_PAGE = 'teamOverview' satisfies AgentPage;

/** `/agent?page=…`: an unknown or missing page opens the team overview. */
export const agentSearch = searchOf({ page: oneOf(AGENT_PAGE_KEYS, DEFAULT_AGENT_PAGE) });
