import { BINGO_BALLS, BINGO_DRAWN } from '../../../contract/inhouse.ts';
import type { RandomInt } from './random.ts';

/**
 * Bingo Turbo: a card of 15 numbers, 3 rows × 5 columns, column c holding 3 of the numbers 15c+1 … 15c+15
 * (B-I-N-G-O); 30 of the 75 balls are drawn at once. A row is complete when its 5 numbers are drawn, a column when
 * its 3 are; the win is the bet × the pay for the number of lines (rows + columns) completed. Pure math: the card
 * and the balls come from the RandomInt it is given.
 */

export const ROWS = 3;
export const COLUMNS = 5;
const CELLS = ROWS * COLUMNS;
/** Pay in bets by lines completed (index). Seven lines cannot happen: three rows make the full card (8). */
export const BINGO_PAYTABLE: readonly number[] = [0, 2, 10, 30, 100, 400, 1000, 0, 5000];

export interface BingoResult {
  card: number[];
  balls: number[];
  rows: number[];
  columns: number[];
  multiplier: number;
  win: number;
}

/** k distinct values of 0 … n − 1, in draw order (a partial Fisher–Yates shuffle). */
function sample(n: number, k: number, random: RandomInt): number[] {
  const xs = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + random(n - i);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs.slice(0, k);
}

/** A card, row by row: each column's 3 numbers ascending from top to bottom. */
export function dealCard(random: RandomInt): number[] {
  const columns = Array.from({ length: COLUMNS }, (_, c) =>
    sample(15, ROWS, random)
      .sort((a, b) => a - b)
      .map((v) => 15 * c + v + 1),
  );
  return Array.from({ length: CELLS }, (_, i) => columns[i % COLUMNS]![Math.floor(i / COLUMNS)]!);
}

/** The complete rows and columns of a card whose cells `hit` (a bit per cell, row by row) were drawn. */
export function linesOf(hit: number) {
  const on = (i: number) => (hit >> i) & 1;
  const rows = [0, 1, 2].filter((r) => [0, 1, 2, 3, 4].every((c) => on(r * COLUMNS + c)));
  const columns = [0, 1, 2, 3, 4].filter((c) => [0, 1, 2].every((r) => on(r * COLUMNS + c)));
  return { rows, columns };
}

export function evaluate(card: readonly number[], balls: readonly number[], bet: number) {
  const drawn = new Set(balls);
  let hit = 0;
  card.forEach((n, i) => {
    if (drawn.has(n)) hit |= 1 << i;
  });
  const { rows, columns } = linesOf(hit);
  const multiplier = BINGO_PAYTABLE[rows.length + columns.length]!;
  return { rows, columns, multiplier, win: bet * multiplier };
}

export function play(bet: number, random: RandomInt): BingoResult {
  const card = dealCard(random);
  const balls = sample(BINGO_BALLS, BINGO_DRAWN, random).map((b) => b + 1);
  return { card, balls, ...evaluate(card, balls, bet) };
}

const logChoose = (n: number, k: number) => {
  let s = 0;
  for (let i = 0; i < k; i++) s += Math.log(n - i) - Math.log(i + 1);
  return s;
};

/**
 * The exact RTP. Which card cells are drawn is all that matters, and given how many are (hypergeometric: 30 balls
 * of 75, 15 on the card), every set of that size is equally likely. So the sum over all 2^15 sets of cells of
 * P(exactly that set) × its pay is the expectation.
 */
export function bingoRtp(): { rtp: number; hit: number } {
  const pSet = (s: number) =>
    Math.exp(logChoose(BINGO_BALLS - CELLS, BINGO_DRAWN - s) - logChoose(BINGO_BALLS, BINGO_DRAWN));
  let rtp = 0;
  let hit = 0;
  for (let set = 0; set < 1 << CELLS; set++) {
    let s = 0;
    for (let x = set; x; x >>= 1) s += x & 1;
    const { rows, columns } = linesOf(set);
    const pay = BINGO_PAYTABLE[rows.length + columns.length]!;
    rtp += pSet(s) * pay;
    if (pay > 0) hit += pSet(s);
  }
  return { rtp, hit };
}
