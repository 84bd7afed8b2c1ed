import { oneOf, searchOf } from '../../domain/search.ts';

/** Spec §2 Personal Center page keys, in menu order. */
export const MEMBER_PAGE_KEYS = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;
export type MemberPage = (typeof MEMBER_PAGE_KEYS)[number];

/** `/member?page=…`: an unknown or missing page opens My Account. */
export const memberSearch = searchOf({ page: oneOf(MEMBER_PAGE_KEYS, 'securityCenter') });
