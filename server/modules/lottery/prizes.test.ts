import { describe, expect, it } from 'vitest';
import {
  commitDraw,
  commitmentOf,
  drawNumbers,
  formatNumbers,
  NORTH,
  numberCount,
  parseNumbers,
  SOUTH,
} from './prizes.ts';

/** A rigged source: counts up, so every number is predictable. */
const counting = () => {
  let n = 0;
  return (max: number) => n++ % max;
};

describe('prize structures', () => {
  it('North has 27 numbers: DB 5 digits, G1 5, G2 2×5, G3 6×5, G4 4×4, G5 6×4, G6 3×3, G7 4×2', () => {
    expect(numberCount(NORTH)).toBe(27);
    expect(NORTH.map((s) => `${s.label}:${s.count}x${s.digits}`)).toEqual([
      'DB:1x5',
      'G1:1x5',
      'G2:2x5',
      'G3:6x5',
      'G4:4x4',
      'G5:6x4',
      'G6:3x3',
      'G7:4x2',
    ]);
  });

  it('South/Central has 18 numbers with a 6-digit DB down to a 2-digit G8', () => {
    expect(numberCount(SOUTH)).toBe(18);
    expect(SOUTH[0]).toEqual({ label: 'DB', count: 1, digits: 6 });
    expect(SOUTH.at(-1)).toEqual({ label: 'G8', count: 1, digits: 2 });
  });

  it('keeps leading zeros and writes DB first, comma between prizes, tilde within one', () => {
    const numbers = drawNumbers(NORTH, counting());
    expect(numbers[0]).toEqual(['00000']);
    const text = formatNumbers(numbers);
    expect(text.split(',')).toHaveLength(8);
    expect(text.split(',')[2]).toBe('00002~00003');
    expect(parseNumbers(text, NORTH)).toEqual(numbers);
    expect(() => parseNumbers(text, SOUTH)).toThrow();
    expect(() => parseNumbers(text.replace('00000', '0000'), NORTH)).toThrow();
  });

  it('commits to the numbers before the draw: the hash checks out only with the same salt and numbers', () => {
    const d = commitDraw(SOUTH, counting());
    expect(d.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(commitmentOf(d.salt, d.numbers)).toBe(d.commitment);
    expect(
      commitmentOf(
        d.salt,
        d.numbers.replace(/^\d/, (c) => String((Number(c) + 1) % 10)),
      ),
    ).not.toBe(d.commitment);
    expect(commitDraw(SOUTH, counting()).salt).not.toBe(d.salt);
  });
});
