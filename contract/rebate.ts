import { z } from 'zod';
import { defineCall, emptyQuery, paging, wpsReply } from './call.ts';
import { gameType } from './games.ts';
import { minorUnits } from './wallet.ts';

/** Manual rebate (spec §2 manualRebate): a share of the turnover since the last claim, claimed by the member. */
export const rebateRow = z.object({
  gameType,
  /** Settled bets in the window, minor units. */
  turnover: minorUnits,
  /** Basis points: 80 = 0.80 %. */
  rateBp: z.number().int(),
  rebate: minorUnits,
});
export type RebateRow = z.infer<typeof rebateRow>;

export const rebateClaimable = defineCall({
  method: 'GET',
  path: '/wps/rebate/claimable',
  class: 'read',
  summary: 'The rebate the member can claim now: turnover per game type since the last claim, rate, amount',
  auth: 'token',
  registeredOnly: true,
  query: emptyQuery,
  response: wpsReply(
    z.object({
      from: z.string(),
      until: z.string(),
      rows: z.array(rebateRow),
      total: minorUnits,
      /** The least total that can be claimed. */
      minClaim: minorUnits,
    }),
  ),
});

export const claimRebate = defineCall({
  method: 'POST',
  path: '/wps/rebate/claim',
  class: 'claim',
  summary: 'Claim the rebate into the main wallet; a replayed request id answers the first claim',
  auth: 'token',
  registeredOnly: true,
  body: z.object({ requestId: z.uuid('Request id must be a UUID') }),
  response: wpsReply(z.object({ amount: minorUnits, balance: minorUnits })),
});

export const rebateClaim = z.object({
  id: z.number().int(),
  from: z.string(),
  until: z.string(),
  amount: minorUnits,
  rows: z.array(rebateRow),
  createdAt: z.string(),
});
export type RebateClaim = z.infer<typeof rebateClaim>;

export const rebateHistory = defineCall({
  method: 'GET',
  path: '/wps/rebate/history',
  class: 'read',
  summary: 'The member’s past rebate claims, newest first',
  auth: 'token',
  registeredOnly: true,
  query: z.object({
    ...paging(),
  }),
  response: wpsReply(z.object({ list: z.array(rebateClaim), totalPages: z.number().int() })),
});
