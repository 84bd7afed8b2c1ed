import {
  DICE_ROLLS,
  DICE_RTP,
  type DiceDirection,
  diceMultiplier,
  diceTargetRange,
  diceWinningRolls,
} from '../../../contract/inhouse.ts';
import type { RandomInt } from './random.ts';

/**
 * The in-house dice game: a roll of 0–9999 (shown 00.00–99.99); "under" wins below the target, "over" at or
 * above it. Payout = bet × 0.97 × 100 / chance %, i.e. bet × 9700 / winning rolls, rounded down to a minor unit,
 * so the RTP is 97 % less that rounding. Pure math: the roll comes from the RandomInt it is given.
 */

const EDGE_NUMERATOR = Math.round(DICE_RTP * DICE_ROLLS);

export interface DiceResult {
  roll: number;
  target: number;
  direction: DiceDirection;
  /** Payout multiplier, 4 decimals (display). */
  multiplier: number;
  win: number;
}

export const inRange = (target: number, direction: DiceDirection) => {
  const { min, max } = diceTargetRange(direction);
  return Number.isInteger(target) && target >= min && target <= max;
};

export const wins = (roll: number, target: number, direction: DiceDirection) =>
  direction === 'under' ? roll < target : roll >= target;

/** What a winning bet pays (minor units). */
export const payout = (bet: number, target: number, direction: DiceDirection) =>
  Math.floor((bet * EDGE_NUMERATOR) / diceWinningRolls(target, direction));

export function roll(bet: number, target: number, direction: DiceDirection, random: RandomInt): DiceResult {
  if (!inRange(target, direction)) throw new RangeError(`target ${target} is outside the ${direction} range`);
  const r = random(DICE_ROLLS);
  return {
    roll: r,
    target,
    direction,
    multiplier: Math.round(diceMultiplier(target, direction) * 10_000) / 10_000,
    win: wins(r, target, direction) ? payout(bet, target, direction) : 0,
  };
}
