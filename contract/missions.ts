import { z } from 'zod';
import { defineCall, emptyQuery, wpsReply } from './call.ts';
import { minorUnits } from './wallet.ts';

/** Missions (spec §2 missionLeaderboard, §7 "Missions: summary and leaderboard"). Amounts in minor units. */
export const missionPeriod = z.enum(['DAILY', 'WEEKLY']);
export type MissionPeriod = z.infer<typeof missionPeriod>;

/** What a mission counts over the period's settled rounds: bet total (minor units), rounds, or rounds that paid out. */
export const missionMetric = z.enum(['BET_AMOUNT', 'ROUNDS', 'WINS']);
export type MissionMetric = z.infer<typeof missionMetric>;

export const missionStatus = z.enum(['IN_PROGRESS', 'CLAIMABLE', 'CLAIMED']);
export type MissionStatus = z.infer<typeof missionStatus>;

export const missionCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{2,40}$/, 'Unknown mission');

export const mission = z.object({
  code: z.string(),
  period: missionPeriod,
  metric: missionMetric,
  /** BET_AMOUNT: minor units; ROUNDS and WINS: a count. */
  target: z.number().int(),
  progress: z.number().int(),
  reward: minorUnits,
  status: missionStatus,
  /** When the period ends (ISO time): the merchant's next midnight, or next Monday's for weekly missions. */
  periodEnd: z.string(),
});
export type Mission = z.infer<typeof mission>;

export const missionSummary = defineCall({
  method: 'GET',
  path: '/wps/mission/summary',
  class: 'read',
  summary: 'The member’s missions of the current day and week: progress, reward, status; how many are open',
  auth: 'token',
  registeredOnly: true,
  query: emptyQuery,
  response: wpsReply(z.object({ openCount: z.number().int(), missions: z.array(mission) })),
});

export const leaderboardEntry = z.object({
  rank: z.number().int(),
  /** Masked ("pl***01"): other members' names are not shown whole. */
  account: z.string(),
  betAmount: minorUnits,
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

export const LEADERBOARD_SIZE = 20;

export const missionLeaderboard = defineCall({
  method: 'GET',
  path: '/wps/mission/leaderboard',
  class: 'read',
  summary:
    'The merchant’s top members by settled bets in the current day or week, and the caller’s own place',
  auth: 'token',
  registeredOnly: true,
  query: z.object({ period: missionPeriod.default('DAILY') }),
  response: wpsReply(
    z.object({
      period: missionPeriod,
      periodEnd: z.string(),
      list: z.array(leaderboardEntry),
      /** The caller: rank null when it has no settled bet in the period. */
      me: z.object({ rank: z.number().int().nullable(), betAmount: minorUnits }),
    }),
  ),
});

export const claimMission = defineCall({
  method: 'POST',
  path: '/wps/mission/claim',
  class: 'claim',
  summary: 'Claim a completed mission’s reward into the main wallet (once per mission and period)',
  auth: 'token',
  registeredOnly: true,
  body: z.object({ code: missionCode }),
  response: wpsReply(z.object({ reward: minorUnits, balance: minorUnits })),
});
