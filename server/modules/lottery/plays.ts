import type { PlayType } from '../../../contract/lottery.ts';
import type { DrawNumbers } from './prizes.ts';

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

/** The last two digits of every number drawn (27 in the North, 18 in the South), repeats kept. */
const endings = (draw: DrawNumbers) => draw.flat().map((n) => n.slice(-2));

/** How many times a well-formed bet wins in this draw (0 when it loses). */
export function winUnits(playType: PlayType, numbers: readonly string[], draw: DrawNumbers): number {
  const special = draw[0]![0]!;
  switch (playType) {
    case 'LO2':
      return endings(draw).filter((e) => e === numbers[0]).length;
    case 'DE':
      return special.slice(-2) === numbers[0] ? 1 : 0;
    case 'BA_CANG':
      return special.slice(-3) === numbers[0] ? 1 : 0;
    default: {
      const drawn = new Set(endings(draw));
      return numbers.every((n) => drawn.has(n)) ? 1 : 0;
    }
  }
}

/** Payout in minor units: stake × odds (in hundredths) × wins, rounded down to the minor unit. */
export const payout = (stake: bigint, oddsX100: number, units: number): bigint =>
  (stake * BigInt(oddsX100) * BigInt(units)) / 100n;
