import type { PlayType, PriceStructure } from '../../../contract/lottery.ts';
import type { DrawNumbers } from './prizes.ts';
import type { PlayPrice } from './rules.ts';

/**
 * The common Vietnamese play types: lô 2 số (a two-digit ending, paid per prize that ends in it), đề (the special
 * prize's last two digits), 3 càng (its last three), xiên 2/3/4 (that many distinct endings, all drawn; paid once).
 */

const SHAPE: Record<PlayType, { count: number; digits: number }> = {
  LO2: { count: 1, digits: 2 },
  DE: { count: 1, digits: 2 },
  BA_CANG: { count: 1, digits: 3 },
  XIEN2: { count: 2, digits: 2 },
  XIEN3: { count: 3, digits: 2 },
  XIEN4: { count: 4, digits: 2 },
};

/** What is wrong with a bet's numbers for its play type, or null when they are well-formed. */
export function numbersProblem(playType: PlayType, numbers: readonly string[]): string | null {
  const { count, digits } = SHAPE[playType];
  if (numbers.length !== count) return `${playType} takes ${count} number${count > 1 ? 's' : ''}`;
  if (!numbers.every((n) => new RegExp(`^\\d{${digits}}$`).test(n)))
    return `Each number has exactly ${digits} digits (00–${'9'.repeat(digits)})`;
  if (new Set(numbers).size !== numbers.length) return 'The numbers must be different';
  return null;
}

/**
 * What a draw pays on: how many numbers end in each of 00–99 (27 in the North, 18 in the South, repeats counted) and
 * the special prize. Made once per draw, so settling its bets reads a table.
 */
export interface DrawTally {
  endings: Uint8Array;
  special: string;
}

export function tally(draw: DrawNumbers): DrawTally {
  const endings = new Uint8Array(100);
  for (const prize of draw) for (const n of prize) endings[Number(n.slice(-2))]! += 1;
  return { endings, special: draw[0]![0]! };
}

/** How many times a well-formed bet wins on a draw's tally (0 when it loses). */
export function hitsOn(playType: PlayType, numbers: readonly string[], t: DrawTally): number {
  switch (playType) {
    case 'LO2':
      return t.endings[Number(numbers[0])]!;
    case 'DE':
    case 'BA_CANG':
      return t.special.endsWith(numbers[0]!) ? 1 : 0;
    default:
      return numbers.every((n) => t.endings[Number(n)]! > 0) ? 1 : 0;
  }
}

/** How many times a well-formed bet wins in this draw (0 when it loses). */
export const winUnits = (playType: PlayType, numbers: readonly string[], draw: DrawNumbers): number =>
  hitsOn(playType, numbers, tally(draw));

/** Payout in minor units: what the bet wins per hit × its hits. */
export const payout = (winPerHit: bigint, units: number): bigint => winPerHit * BigInt(units);

/** A line's price, by the server only: its cost (points × point cost) and what each hit pays (points × win). */
export const priceLine = (price: PlayPrice, structure: PriceStructure, points: number) => ({
  stake: BigInt(points) * BigInt(price.pointCost[structure]),
  winPerHit: BigInt(points) * BigInt(price.winPerPoint[structure]),
});

/** How a placed bet ends on its draw's tally: its hits (0: lost) and its payout. */
export function settleLine(
  bet: { playType: PlayType; numbers: readonly string[]; winPerHit: bigint },
  draw: DrawTally,
): { units: number; win: bigint } {
  const units = hitsOn(bet.playType, bet.numbers, draw);
  return { units, win: payout(bet.winPerHit, units) };
}
