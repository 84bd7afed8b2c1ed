import { z } from 'zod';
import { defineRules } from '../rules/store.ts';

const pointsSchema = z.object({
  /** Points per 1.00 of settled bets (rounded down). */
  earnPerBet: z.number().int().min(0).max(10_000),
  /** Minor units paid for 100 points. */
  convertRate: z.number().int().min(1).max(1_000_000),
  /** The fewest points one conversion takes. */
  minConvert: z.number().int().min(1),
});

/**
 * The merchant's points rules (rules topic `points`): by default 1.00 of settled bets earns 1 point and 100 points
 * convert to 1.00, from 100 points.
 */
export const POINTS_RULES = defineRules<z.infer<typeof pointsSchema>>('points', pointsSchema, {
  earnPerBet: 1,
  convertRate: 100,
  minConvert: 100,
});
