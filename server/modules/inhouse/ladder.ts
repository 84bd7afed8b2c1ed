import { LADDER_AUTO_CASHOUT, LADDER_RTP } from '../../../contract/inhouse.ts';

/**
 * The pay rule Hi-Lo and Mines share. A round's fair multiplier is 1 / P(the path the player took), the product of
 * each step's 1 / chance; the cash-out pays bet × RTP × that, rounded down to a minor unit. Taken once, the edge
 * does not depend on how far the player goes: for any strategy of stopping, E[fair multiplier × survived] = 1
 * (each step is a fair bet), so the RTP is LADDER_RTP less the rounding.
 *
 * A multiplier is kept as an exact fraction (numerator / denominator as bigints): 13^20 overflows a double.
 */
export interface Fraction {
  num: bigint;
  den: bigint;
}

const RTP_PERCENT = BigInt(Math.round(LADDER_RTP * 100));

export const ONE: Fraction = { num: 1n, den: 1n };
export const times = (f: Fraction, num: number, den: number): Fraction => ({
  num: f.num * BigInt(num),
  den: f.den * BigInt(den),
});

/** What a cash-out at the fair multiplier f pays (minor units). */
export const ladderPay = (bet: number, f: Fraction) =>
  Number((BigInt(bet) * RTP_PERCENT * f.num) / (100n * f.den));

/** The multiplier the player sees (RTP included), rounded down to 2 decimals. */
export const shownMultiplier = (f: Fraction) => Number((RTP_PERCENT * f.num) / f.den) / 100;

/** Whether a round at fair multiplier f cashes out by itself. */
export const autoCashout = (f: Fraction) => RTP_PERCENT * f.num >= BigInt(LADDER_AUTO_CASHOUT) * 100n * f.den;
