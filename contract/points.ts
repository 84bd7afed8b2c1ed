import { z } from 'zod';
import { defineCall, emptyQuery, paging, wpsReply } from './call.ts';
import { merchantCode } from './merchant.ts';
import { minorUnits } from './wallet.ts';

/**
 * The points mall (spec §2, §7 points calls; feature PTSYS3): settled bets earn points, points buy rewards or turn
 * into money. Points never expire (§9). A merchant with PTSYS3 off answers 403 "Function not enabled".
 */

export const pointsConfig = z.object({
  /** Points earned per 1.00 of settled bets (rounded down). */
  earnPerBet: z.number().int(),
  /** Minor units paid for 100 points on conversion. */
  convertRate: z.number().int(),
  /** The fewest points one conversion takes. */
  minConvert: z.number().int(),
});
export type PointsConfig = z.infer<typeof pointsConfig>;

/** Minor units for points at `convertRate` minor units per 100 points, rounded down (the server pays this). */
export const moneyFor = (points: number, convertRate: number): number =>
  Math.floor((points * convertRate) / 100);

export const pointsBalance = defineCall({
  method: 'GET',
  path: '/wps/points/balance',
  class: 'read',
  summary:
    'The member’s points (settled bets earned so far are added first) and the earning and conversion rules',
  auth: 'token',
  registeredOnly: true,
  query: emptyQuery,
  response: wpsReply(z.object({ points: z.number().int(), config: pointsConfig })),
});

export const pointsConfigCall = defineCall({
  method: 'GET',
  path: '/wps/points/config',
  class: 'read',
  summary: 'The merchant’s points rules: earning per 1.00 of bets, conversion rate and minimum',
  auth: 'token',
  registeredOnly: true,
  query: emptyQuery,
  response: wpsReply(pointsConfig),
});

export const rewardKind = z.enum(['CASH', 'GOODS']);
export type RewardKind = z.infer<typeof rewardKind>;

export const pointReward = z.object({
  id: z.number().int(),
  /** In the member’s language (English when it has none). */
  name: z.string(),
  points: z.number().int(),
  kind: rewardKind,
  /** CASH rewards: minor units credited to the main wallet on approval. */
  cashAmount: minorUnits.nullable(),
  /** Null: unlimited. */
  stockLeft: z.number().int().nullable(),
});
export type PointReward = z.infer<typeof pointReward>;

export const pointRewards = defineCall({
  method: 'GET',
  path: '/wps/points/rewards',
  class: 'read',
  summary: 'The rewards the member can redeem, in the mall’s order',
  auth: 'token',
  registeredOnly: true,
  query: z.object({ ...paging(42) }),
  response: wpsReply(z.object({ list: z.array(pointReward), totalPages: z.number().int() })),
});

/** Spec §4 redeem status: In Process, Rejected, Approved. */
export const redemptionStatus = z.enum(['IN_PROCESS', 'REJECTED', 'APPROVED']);
export type RedemptionStatus = z.infer<typeof redemptionStatus>;

export const redemption = z.object({
  id: z.number().int(),
  rewardId: z.number().int(),
  name: z.string(),
  kind: rewardKind,
  cashAmount: minorUnits.nullable(),
  points: z.number().int(),
  status: redemptionStatus,
  /** The operator’s remark (a rejection’s reason). */
  remark: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemption>;

export const redeemReward = defineCall({
  method: 'POST',
  path: '/wps/points/redeem',
  class: 'claim',
  summary:
    'Redeem a reward after checking the login password: the points are taken at once, the redemption waits for an operator (IN_PROCESS); a replayed request id answers the first redemption',
  auth: 'token',
  registeredOnly: true,
  body: z.object({
    rewardId: z.number().int().positive(),
    password: z.string().min(1, 'Please enter your password').max(128),
    requestId: z.uuid('Request id must be a UUID'),
  }),
  response: wpsReply(z.object({ redemption, points: z.number().int() })),
});

export const pointRedemptions = defineCall({
  method: 'GET',
  path: '/wps/points/redemptions',
  class: 'read',
  summary: 'The member’s redemptions, newest first, optionally of one status',
  auth: 'token',
  registeredOnly: true,
  query: z.object({ ...paging(), status: redemptionStatus.optional() }),
  response: wpsReply(z.object({ list: z.array(redemption), totalPages: z.number().int() })),
});

export const convertPoints = defineCall({
  method: 'POST',
  path: '/wps/points/convert',
  class: 'claim',
  summary:
    'Turn points into money on the main wallet (points and money move in one transaction); a replayed request id answers the first conversion',
  auth: 'token',
  registeredOnly: true,
  body: z.object({
    points: z.number().int('Points are a whole number').positive('Enter more than 0 points'),
    requestId: z.uuid('Request id must be a UUID'),
  }),
  response: wpsReply(
    z.object({
      points: z.number().int(),
      amount: minorUnits,
      pointsLeft: z.number().int(),
      balance: minorUnits,
    }),
  ),
});

/** EARN (settled bets), REDEEM, REFUND (a rejected redemption), CONVERT (points to money), OPS (an operator). */
export const pointEntryKind = z.enum(['EARN', 'REDEEM', 'REFUND', 'CONVERT', 'OPS']);
export type PointEntryKind = z.infer<typeof pointEntryKind>;

export const pointEntry = z.object({
  id: z.number().int(),
  /** + earned or given back, − spent. */
  amount: z.number().int(),
  kind: pointEntryKind,
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type PointEntry = z.infer<typeof pointEntry>;

export const pointEntries = defineCall({
  method: 'GET',
  path: '/wps/points/entries',
  class: 'read',
  summary: 'The member’s points history (transaction detail), newest first',
  auth: 'token',
  registeredOnly: true,
  query: z.object({ ...paging() }),
  response: wpsReply(z.object({ list: z.array(pointEntry), totalPages: z.number().int() })),
});

/** Operator calls (bearer PORTICO_OPS_TOKEN): the redemptions waiting for a decision, approve, reject. */
export const opsRedemption = redemption.extend({
  merchantCode,
  memberId: z.number().int(),
  account: z.string(),
});

export const opsRedemptions = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/redemptions',
  summary: 'Operator: a merchant’s points redemptions by status (oldest first, so the queue reads in order)',
  auth: 'ops',
  opsRoles: ['FINANCE', 'SUPPORT'],
  params: z.object({ code: merchantCode }),
  query: z.object({
    status: redemptionStatus.default('IN_PROCESS'),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: wpsReply(z.object({ list: z.array(opsRedemption) })),
});

const redemptionAction = (action: 'approve' | 'reject', summary: string) =>
  defineCall({
    method: 'POST',
    path: `/ops/redemptions/:id/${action}`,
    summary,
    auth: 'ops',
    opsRoles: ['FINANCE'],
    params: z.object({ id: z.coerce.number().int().positive() }),
    /** Optional: a bodiless POST is fine. */
    body: z.object({ remark: z.string().trim().max(140).optional() }).nullish(),
    response: wpsReply(opsRedemption),
  });

export const opsApproveRedemption = redemptionAction(
  'approve',
  'Operator: approve a redemption (a CASH reward credits the main wallet, once); idempotent',
);
export const opsRejectRedemption = redemptionAction(
  'reject',
  'Operator: reject a redemption in process (its points go back to the member); idempotent',
);
