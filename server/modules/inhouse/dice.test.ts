import { describe, expect, it } from 'vitest';
import { DICE_ROLLS, diceMultiplier, diceTargetRange } from '../../../contract/inhouse.ts';
import { inRange, payout, roll, wins } from './dice.ts';

describe('dice', () => {
  it('pays bet × 0.97 × 100 / chance, rounded down', () => {
    expect(payout(1000, 5000, 'under')).toBe(1940); // 50 % → × 1.94
    expect(payout(1000, 5000, 'over')).toBe(1940);
    expect(payout(1000, 9600, 'under')).toBe(1010); // 96 % → × 1.0104…
    expect(payout(1000, 196, 'under')).toBe(49_489); // 1.96 % → × 49.489…
    expect(payout(333, 3000, 'under')).toBe(Math.floor((333 * 9700) / 3000));
  });

  it('wins under below the target and over at or above it', () => {
    expect([wins(4999, 5000, 'under'), wins(5000, 5000, 'under')]).toEqual([true, false]);
    expect([wins(5000, 5000, 'over'), wins(4999, 5000, 'over')]).toEqual([true, false]);
  });

  it('keeps targets where the multiplier stays within 1.0102–49.5', () => {
    for (const direction of ['under', 'over'] as const) {
      const { min, max } = diceTargetRange(direction);
      expect([inRange(min, direction), inRange(max, direction)]).toEqual([true, true]);
      expect([inRange(min - 1, direction), inRange(max + 1, direction)]).toEqual([false, false]);
      expect(inRange(min + 0.5, direction)).toBe(false);
      for (const t of [min, max]) {
        expect(diceMultiplier(t, direction)).toBeGreaterThanOrEqual(1.0102);
        expect(diceMultiplier(t, direction)).toBeLessThanOrEqual(49.5);
      }
    }
    expect(() => roll(100, 9700, 'under', () => 0)).toThrow(RangeError);
  });

  it('returns 97 % (less rounding) over every possible roll, whatever the target', () => {
    for (const [target, direction] of [
      [196, 'under'],
      [5000, 'over'],
      [7777, 'under'],
      [9804, 'over'],
    ] as const) {
      let paid = 0;
      for (let r = 0; r < DICE_ROLLS; r++) paid += roll(1000, target, direction, () => r).win;
      const rtp = paid / (1000 * DICE_ROLLS);
      expect(rtp).toBeLessThanOrEqual(0.97);
      expect(rtp).toBeGreaterThan(0.969);
    }
  });

  it('reports the roll it drew and the multiplier it paid', () => {
    const lost = roll(500, 2500, 'under', (max) => (max === DICE_ROLLS ? 2500 : -1));
    expect(lost).toEqual({ roll: 2500, target: 2500, direction: 'under', multiplier: 3.88, win: 0 });
    const won = roll(500, 2500, 'under', () => 2499);
    expect(won.win).toBe(1940);
  });
});
