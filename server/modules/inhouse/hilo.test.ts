import { describe, expect, it } from 'vitest';
import { HILO_MAX_STEPS, LADDER_RTP } from '../../../contract/inhouse.ts';
import {
  cardOf,
  fairMultiplier,
  guessWins,
  hiloCashout,
  hiloGuess,
  hiloRtp,
  hiloStart,
  hiloView,
  RANKS,
  winningRanks,
} from './hilo.ts';
import type { RandomInt } from './random.ts';

/** A source that deals these cards (0–51: rank = card % 13 + 1). */
const deals = (...cards: number[]): RandomInt => {
  let i = 0;
  return (max) => {
    expect(max).toBe(52);
    return cards[i++]!;
  };
};
const card = (rank: number, suit = 0) => suit * 13 + rank - 1;

describe('Hi-Lo rules', () => {
  it('wins higher on the same rank or above and lower on the same or below, never a sure guess', () => {
    expect([guessWins(7, 7, 'hi'), guessWins(7, 8, 'hi'), guessWins(7, 6, 'hi')]).toEqual([
      true,
      true,
      false,
    ]);
    expect([guessWins(7, 7, 'lo'), guessWins(7, 6, 'lo'), guessWins(7, 8, 'lo')]).toEqual([
      true,
      true,
      false,
    ]);
    // From an ace "higher" is strictly higher, from a king "lower" strictly lower.
    expect([guessWins(1, 1, 'hi'), guessWins(13, 13, 'lo')]).toEqual([false, false]);
    for (let rank = 1; rank <= RANKS; rank++)
      for (const g of ['hi', 'lo'] as const) {
        let wins = 0;
        for (let next = 1; next <= RANKS; next++) if (guessWins(rank, next, g)) wins++;
        expect(wins).toBe(winningRanks(rank, g));
        expect(wins).toBeGreaterThan(0);
        expect(wins).toBeLessThan(RANKS);
      }
  });

  it('deals cards as rank and suit', () => {
    expect(cardOf(0)).toEqual({ rank: 1, suit: 0 });
    expect(cardOf(51)).toEqual({ rank: 13, suit: 3 });
  });

  it('multiplies 13 / winning ranks per right guess and pays the bet × 0.97 × that, rounded down', () => {
    let s = hiloStart(1000, deals(card(5)));
    // From a 5: higher wins on 5–K (9 ranks), so 13/9; then from a 9, lower wins on A–9 (9 ranks): 13/9 again.
    s = hiloGuess(s, 'hi', deals(card(9, 2)));
    s = hiloGuess(s, 'lo', deals(card(2, 1)));
    expect(fairMultiplier(s)).toEqual({ num: 169n, den: 81n });
    expect(hiloView(s)).toMatchObject({ status: 'playing', multiplier: 2.02, win: 0 });
    expect(hiloView(s).next).toEqual({
      hi: { chance: 12 / 13, multiplier: Math.floor((97 * 169 * 13) / (81 * 12)) / 100 },
      lo: { chance: 2 / 13, multiplier: Math.floor((97 * 169 * 13) / (81 * 2)) / 100 },
    });
    const cashed = hiloCashout(s);
    expect(cashed).toMatchObject({ status: 'cashed', win: Math.floor((1000 * 97 * 169) / (100 * 81)) });
  });

  it('loses the bet on a wrong guess and refuses to go on', () => {
    const lost = hiloGuess(hiloStart(1000, deals(card(10))), 'hi', deals(card(3)));
    expect(lost).toMatchObject({ status: 'lost', win: 0 });
    expect(hiloView(lost).next).toBeNull();
    expect(() => hiloGuess(lost, 'hi', deals(card(3)))).toThrow(RangeError);
    expect(() => hiloCashout(lost)).toThrow(RangeError);
    expect(() => hiloCashout(hiloStart(1000, deals(card(3))))).toThrow(RangeError);
  });

  it('cashes out by itself after 20 right guesses, or once the multiplier reaches 1,000', () => {
    // From a 2, higher wins on 12 ranks: 20 guesses make 0.97 × (13/12)^20 ≈ 4.8, under the 1,000 limit.
    let s = hiloStart(1000, deals(card(2)));
    for (let i = 0; i < HILO_MAX_STEPS; i++) {
      expect(s.status).toBe('playing');
      s = hiloGuess(s, 'hi', deals(card(2)));
    }
    expect(s).toMatchObject({
      status: 'cashed',
      win: Number((1000n * 97n * 13n ** 20n) / (100n * 12n ** 20n)),
    });
    // From a king, higher wins on the king alone (13 ×): 0.97 × 13³ = 2,131.09 after the third.
    s = hiloStart(1000, deals(card(13)));
    for (let i = 0; i < 3; i++) s = hiloGuess(s, 'hi', deals(card(13)));
    expect(s).toMatchObject({ status: 'cashed', win: 2_131_090 });
  });
});

describe('Hi-Lo RTP', () => {
  it('is 97 % less the rounding, by enumeration of every rank sequence, however far the player goes', () => {
    for (const steps of [1, 2, 3, 5]) {
      const rtp = hiloRtp(1000, steps);
      expect(rtp).toBeLessThanOrEqual(LADDER_RTP);
      expect(rtp).toBeGreaterThan(LADDER_RTP - 0.001);
    }
    // One step, exactly: each first rank with the likelier guess pays floor(1000 × 0.97 × 13 / w) on w ranks of 13.
    let one = 0;
    for (let r = 1; r <= RANKS; r++) {
      const w = Math.max(winningRanks(r, 'hi'), winningRanks(r, 'lo'));
      one += (w / RANKS / RANKS) * Math.floor((1000 * 97 * 13) / (100 * w));
    }
    expect(hiloRtp(1000, 1)).toBeCloseTo(one / 1000, 12);
  });
});
