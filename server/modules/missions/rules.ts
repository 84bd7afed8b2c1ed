import { z } from 'zod';
import { missionMetric, missionPeriod } from '../../../contract/missions.ts';
import { defineRules } from '../rules/store.ts';

const missionRule = z.object({
  code: z.string().regex(/^[A-Z0-9_]{2,40}$/),
  period: missionPeriod,
  metric: missionMetric,
  /** BET_AMOUNT in minor units; ROUNDS and WINS a count. */
  target: z.number().int().positive(),
  /** Minor units, paid from the house's promotion wallet. */
  reward: z.number().int().positive(),
});
export type MissionRule = z.infer<typeof missionRule>;

const catalogue = z.object({
  missions: z
    .array(missionRule)
    .max(50)
    .refine((ms) => new Set(ms.map((m) => m.code)).size === ms.length, 'Mission codes must be unique'),
});

/** The merchant's mission catalogue (rules topic `missions`); codes are unique, so a claim names one mission. */
export const MISSION_RULES = defineRules<z.infer<typeof catalogue>>('missions', catalogue, {
  missions: [
    { code: 'DAILY_BET_100', period: 'DAILY', metric: 'BET_AMOUNT', target: 10_000, reward: 200 },
    { code: 'DAILY_ROUNDS_20', period: 'DAILY', metric: 'ROUNDS', target: 20, reward: 100 },
    { code: 'DAILY_WIN_1', period: 'DAILY', metric: 'WINS', target: 1, reward: 50 },
    { code: 'WEEKLY_BET_2000', period: 'WEEKLY', metric: 'BET_AMOUNT', target: 200_000, reward: 3_000 },
  ],
});
