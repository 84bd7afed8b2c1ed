import type { LotteryTag, PlayType } from '../../../contract/lottery.ts';

/** Spec §3: the first prize is labelled DB, the others G1 to G8. */
export const PRIZE_LABELS = ['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8'] as const;

export interface Prize {
  label: string;
  numbers: string[];
}

/** "12345,67890,11111~22222" → DB 12345, G1 67890, G2 11111 22222 (comma between prizes, tilde within one). */
export function parseWinningNumbers(text: string | null | undefined): Prize[] {
  if (!text) return [];
  return text
    .split(',')
    .slice(0, PRIZE_LABELS.length)
    .map((prize, i) => ({
      label: PRIZE_LABELS[i]!,
      numbers: prize
        .split('~')
        .map((n) => n.trim())
        .filter(Boolean),
    }));
}

/** Keno (tag KENO, GPI) draws 20 of 01–80 in one prize: no DB/G labels, and none of the play types below. */
export const isKeno = (tag: LotteryTag | string) => tag === 'KENO';

/** A Keno result "01~07~…~80" → its numbers in ascending order (the spec format, one prize, tilde between). */
export function parseKenoNumbers(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/[~,]/)
    .map((n) => n.trim())
    .filter(Boolean)
    .sort((a, b) => Number(a) - Number(b));
}

/** The play types in the betting page's order. */
export const PLAY_TYPES: PlayType[] = ['LO2', 'DE', 'BA_CANG', 'XIEN2', 'XIEN3', 'XIEN4'];

/** 00 … 99. */
export const GRID_NUMBERS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** The odds column of a lottery: North structure (MB, fast) or South structure (MT, MN); Keno takes no bets. */
export const structureOf = (tag: LotteryTag | string): 'NORTH' | 'SOUTH' =>
  tag === 'MT' || tag === 'MN' ? 'SOUTH' : 'NORTH';
