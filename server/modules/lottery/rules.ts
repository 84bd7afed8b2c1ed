import { z } from 'zod';
import { type PlayType, playType } from '../../../contract/lottery.ts';
import { defineRules } from '../rules/store.ts';

/** Minor units, bounded like the contract's amounts. */
const units = z.number().int().min(1).max(100_000_000_000);

const playSchema = z
  .object({
    /** × stake per win, in hundredths, for the North (27 numbers) and South/Central (18 numbers) structures. */
    oddsX100: z.object({ NORTH: z.number().int().min(1), SOUTH: z.number().int().min(1) }),
    minStake: units,
    maxStake: units,
  })
  .refine((p) => p.minStake <= p.maxStake, {
    message: 'minStake must not exceed maxStake',
    path: ['minStake'],
  });

const lotterySchema = z.object({
  plays: z.record(playType, playSchema),
  /** The most one member may stake on one draw, all slips together (minor units). */
  maxPerDraw: units,
});
export type LotteryRules = z.infer<typeof lotterySchema>;

const play = (north: number, south: number, maxStake: number) => ({
  oddsX100: { NORTH: north, SOUTH: south },
  minStake: 100,
  maxStake,
});

/**
 * The merchant's lottery odds and limits (rules topic `lottery`). Why these defaults: lô pays per hit and an ending
 * is drawn 0.27 (North, 27 prizes) or 0.18 (South, 18) times per draw on average, so 3.00 and 4.40 return ≈ 80 %;
 * đề (1 in 100) and 3 càng (1 in 1000) return 70–85 %; xiên needs every ending among the prizes (North ≈ 1 in 18,
 * 74, 310), the South's fewer prizes make it rarer, hence its lower odds.
 */
export const LOTTERY_RULES = defineRules<LotteryRules>('lottery', lotterySchema, {
  plays: {
    LO2: play(300, 440, 500_000),
    DE: play(8_500, 7_000, 500_000),
    BA_CANG: play(80_000, 60_000, 100_000),
    XIEN2: play(1_500, 1_000, 200_000),
    XIEN3: play(6_000, 4_000, 100_000),
    XIEN4: play(15_000, 10_000, 50_000),
  } satisfies Record<PlayType, unknown>,
  maxPerDraw: 2_000_000,
});
