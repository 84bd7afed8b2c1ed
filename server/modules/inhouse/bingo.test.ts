import { describe, expect, it } from 'vitest';
import { BINGO_BALLS, BINGO_DRAWN } from '../../../contract/inhouse.ts';
import { BINGO_PAYTABLE, bingoRtp, dealCard, evaluate, linesOf, play } from './bingo.ts';
import { cryptoRandom } from './random.ts';

describe('Bingo Turbo', () => {
  it('deals 15 distinct numbers, column c from 15c+1 to 15c+15, ascending down each column', () => {
    const card = dealCard(cryptoRandom);
    expect(new Set(card).size).toBe(15);
    card.forEach((n, i) => {
      const c = i % 5;
      expect(n).toBeGreaterThan(15 * c);
      expect(n).toBeLessThanOrEqual(15 * c + 15);
      if (i >= 5) expect(n).toBeGreaterThan(card[i - 5]!);
    });
  });

  it('draws 30 distinct balls of 75', () => {
    const r = play(100, cryptoRandom);
    expect(r.balls).toHaveLength(BINGO_DRAWN);
    expect(new Set(r.balls).size).toBe(BINGO_DRAWN);
    expect(r.balls.every((b) => b >= 1 && b <= BINGO_BALLS)).toBe(true);
  });

  it('counts complete rows and columns and pays the bet × the pay for their number', () => {
    const card = [1, 16, 31, 46, 61, 2, 17, 32, 47, 62, 3, 18, 33, 48, 63];
    // Row 0 complete, and column 0 (1, 2, 3): 2 lines.
    expect(evaluate(card, [1, 16, 31, 46, 61, 2, 3, 70], 100)).toEqual({
      rows: [0],
      columns: [0],
      multiplier: 10,
      win: 1000,
    });
    expect(evaluate(card, [4, 5, 6], 100).win).toBe(0);
    expect(evaluate(card, card, 100)).toMatchObject({ rows: [0, 1, 2], multiplier: 5000 });
    expect(linesOf(0b111)).toEqual({ rows: [], columns: [] });
  });

  it('returns 96.69 % by exact enumeration of the drawn cells, with a line in 28.5 % of rounds', () => {
    const { rtp, hit } = bingoRtp();
    expect(rtp).toBeCloseTo(0.96692, 5);
    expect(hit).toBeCloseTo(0.28473, 5);
    // Seven lines cannot happen: the table's 0 there pays nothing it could.
    expect(BINGO_PAYTABLE[7]).toBe(0);
  });
});
