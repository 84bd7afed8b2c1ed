import { z } from 'zod';
import { type PlayType, playType } from '../../../contract/lottery.ts';
import { defineRules } from '../rules/store.ts';

/** Minor units, bounded like the contract's amounts. */
const units = z.number().int().min(1).max(100_000_000_000);
const points = z.number().int().min(1).max(1_000_000);
const perStructure = z.object({ NORTH: units, SOUTH: units });

const playSchema = z
  .object({
    /** What one point costs, in minor units, for the North (27 numbers) and South/Central (18 numbers) draws. */
    pointCost: perStructure,
    /** What one point wins per hit, in minor units (lô pays every prize ending in its number; the others once). */
    winPerPoint: perStructure,
    minPoints: points,
    maxPoints: points,
  })
  .refine((p) => p.minPoints <= p.maxPoints, {
    message: 'minPoints must not exceed maxPoints',
    path: ['minPoints'],
  });

const lotterySchema = z.object({
  plays: z.record(playType, playSchema),
  /** The most one member may stake on one draw, all slips together (minor units). */
  maxPerDraw: units,
});
export type LotteryRules = z.infer<typeof lotterySchema>;
export type PlayPrice = z.infer<typeof playSchema>;

/** One unit of the currency: amounts are 2-decimal minor units, so a point of lô in the North is 27.00. */
export const UNIT = 100;

const play = (
  cost: { NORTH: number; SOUTH: number },
  win: { NORTH: number; SOUTH: number },
  maxPoints: number,
): PlayPrice => ({
  pointCost: { NORTH: cost.NORTH * UNIT, SOUTH: cost.SOUTH * UNIT },
  winPerPoint: { NORTH: Math.round(win.NORTH * UNIT), SOUTH: Math.round(win.SOUTH * UNIT) },
  minPoints: 1,
  maxPoints,
});
const same = (n: number) => ({ NORTH: n, SOUTH: n });

/**
 * The merchant's lottery prices and limits (rules topic `lottery`), in points as Vietnamese players bet: a point of
 * lô costs one unit per number drawn (27 in the North, 18 in the South and Central), a point of đề, 3 càng and xiên
 * one unit. Every number's last two digits are uniform, so with p the chance of a hit the return to player (RTP) is
 * winPerPoint × E[hits] / pointCost, and the defaults sit at these house edges (exact figures; docs/lottery-odds.md derives
 * them, rtp.test.ts measures them over 20,000 draws of the real draw and settlement code):
 *
 * | play     | North: p, win per point, RTP        | South/Central: p, win per point, RTP  | edge  |
 * |----------|-------------------------------------|---------------------------------------|-------|
 * | lô 2 số  | 0.27 hits / 27, 95, 95.00 %         | 0.18 hits / 18, 95, 95.00 %           | 5 %   |
 * | đề       | 1 in 100, 92, 92.00 %               | 1 in 100, 92, 92.00 %                 | 8 %   |
 * | 3 càng   | 1 in 1,000, 900, 90.00 %            | 1 in 1,000, 900, 90.00 %              | 10 %  |
 * | xiên 2   | 1 in 18.22, 16.4, 90.01 %           | 1 in 38.30, 34.4, 89.81 %             | 10 %  |
 * | xiên 3   | 1 in 81.31, 69, 84.86 %             | 1 in 255.53, 217, 84.92 %             | 15 %  |
 * | xiên 4   | 1 in 374.54, 299, 79.83 %           | 1 in 1,801.07, 1,440, 79.95 %         | 20 %  |
 *
 * Xiên k wins when all k endings are among the n drawn: p = Σ_{j=0..k} (−1)^j C(k,j) (1 − j/100)^n. The South's
 * fewer prizes make xiên rarer there, so it pays more: the edge, not the odds, is what stays alike.
 */
export const LOTTERY_RULES = defineRules<LotteryRules>('lottery', lotterySchema, {
  plays: {
    LO2: play({ NORTH: 27, SOUTH: 18 }, same(95), 100),
    DE: play(same(1), same(92), 5_000),
    BA_CANG: play(same(1), same(900), 1_000),
    XIEN2: play(same(1), { NORTH: 16.4, SOUTH: 34.4 }, 2_000),
    XIEN3: play(same(1), { NORTH: 69, SOUTH: 217 }, 1_000),
    XIEN4: play(same(1), { NORTH: 299, SOUTH: 1_440 }, 500),
  } satisfies Record<PlayType, PlayPrice>,
  maxPerDraw: 2_000_000,
});
