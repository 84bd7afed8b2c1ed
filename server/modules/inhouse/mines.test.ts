import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LADDER_RTP, MINES_TILES } from '../../../contract/inhouse.ts';
import { minesCashout, minesFair, minesPick, minesRtp, minesStart, minesView, placeMines } from './mines.ts';
import { cryptoRandom } from './random.ts';

const choose = (n: number, k: number) => {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
};

describe('Mines rules', () => {
  it('places the asked number of distinct mines on the field', () => {
    for (const m of [1, 3, 24]) {
      const layout = placeMines(m, cryptoRandom);
      expect(new Set(layout).size).toBe(m);
      expect(layout.every((t) => t >= 0 && t < MINES_TILES)).toBe(true);
    }
  });

  it('pays bet × 0.97 × C(25, k) / C(25 − m, k) after k safe tiles, and hides the mines until the end', () => {
    let s = { ...minesStart(1000, 3, cryptoRandom), layout: [0, 1, 2] };
    expect(minesView(s).mineTiles).toBeNull();
    s = minesPick(s, 10);
    s = minesPick(s, 11);
    expect(minesPick(s, 11)).toBe(s); // a tile already open changes nothing
    const fair = minesFair(3, 2);
    expect(Number(fair.num) / Number(fair.den)).toBeCloseTo(choose(25, 2) / choose(22, 2), 12);
    expect(minesView(s)).toMatchObject({ multiplier: 1.25, nextMultiplier: 1.44, mineTiles: null });
    const cashed = minesCashout(s);
    expect(cashed).toMatchObject({ status: 'cashed', win: Math.floor((1000 * 97 * 300) / (100 * 231)) });
    expect(minesView(cashed).mineTiles).toEqual([0, 1, 2]);
  });

  it('loses on a mine, then refuses further tiles and the cash-out', () => {
    const s = minesPick({ ...minesStart(1000, 3, cryptoRandom), layout: [4, 5, 6] }, 5);
    expect(s).toMatchObject({ status: 'lost', win: 0, picks: [5] });
    expect(minesView(s)).toMatchObject({ mineTiles: [4, 5, 6], nextMultiplier: null });
    expect(() => minesPick(s, 7)).toThrow(RangeError);
    expect(() => minesCashout(s)).toThrow(RangeError);
  });

  it('cashes out by itself when every safe tile is open or the multiplier reaches 1,000', () => {
    let s = { ...minesStart(1000, 24, cryptoRandom), layout: Array.from({ length: 24 }, (_, i) => i + 1) };
    s = minesPick(s, 0);
    expect(s).toMatchObject({ status: 'cashed', win: Math.floor(1000 * 0.97 * 25) });
    let t = { ...minesStart(100, 20, cryptoRandom), layout: Array.from({ length: 20 }, (_, i) => i + 5) };
    for (const tile of [0, 1, 2, 3]) t = minesPick(t, tile);
    // 0.97 × C(25,4)/C(5,4) = 0.97 × 2530 = 2454.1 ≥ 1,000 after the fourth tile.
    expect(t).toMatchObject({ status: 'cashed', win: 245_410 });
  });
});

describe('Mines fairness', () => {
  it('seals the mines at the start and reveals the salt that opens the seal at the end', () => {
    const start = minesStart(1000, 3, cryptoRandom);
    const sealed = minesView(start);
    expect(sealed).toMatchObject({ mineTiles: null, salt: null });
    expect(sealed.seal).toMatch(/^[0-9a-f]{64}$/);
    const over = minesView(minesPick(start, start.layout[0]!));
    expect(over.seal).toBe(sealed.seal);
    const check = createHash('sha256')
      .update(`${over.mineTiles!.join(',')}:${over.salt}`)
      .digest('hex');
    expect(check).toBe(sealed.seal);
    // Another round has another salt: the seal of the same mines says nothing before the end.
    expect(minesStart(1000, 3, cryptoRandom).salt).not.toBe(start.salt);
  });
});

describe('Mines RTP', () => {
  it('is 97 % less the rounding for every mine count and every stopping point, by exact enumeration', () => {
    for (let m = 1; m <= 24; m++)
      for (let k = 1; k <= MINES_TILES - m; k++) {
        const rtp = minesRtp(1000, m, k);
        expect(rtp).toBeLessThanOrEqual(LADDER_RTP + 1e-12);
        expect(rtp).toBeGreaterThan(LADDER_RTP - 0.0011);
      }
  });
});
