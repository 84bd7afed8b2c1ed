import { describe, expect, it } from 'vitest';
import { SLOT_SYMBOLS, type SlotSymbol } from '../../../contract/inhouse.ts';
import { evaluate, linePay, PAYLINES, REEL_STRIPS, slotRtp, spin, windowAt } from './slot.ts';

const code = (s: SlotSymbol) => SLOT_SYMBOLS.indexOf(s);
/** A window written as it shows: three rows (top, middle, bottom) of five reels. */
const shown = (rows: SlotSymbol[][]) => [0, 1, 2, 3, 4].map((reel) => rows.map((row) => code(row[reel]!)));
const pay = (...line: SlotSymbol[]) => {
  const r = linePay(line.map(code));
  return { symbol: SLOT_SYMBOLS[r.symbol], count: r.count, pay: r.pay };
};

describe('slot lines', () => {
  it('pays a symbol from the leftmost reel, with wilds standing in', () => {
    expect(pay('SEVEN', 'WILD', 'SEVEN', 'CHERRY', 'LEMON')).toEqual({ symbol: 'SEVEN', count: 3, pay: 30 });
    expect(pay('CHERRY', 'CHERRY', 'GRAPES', 'GRAPES', 'GRAPES')).toEqual({
      symbol: 'CHERRY',
      count: 2,
      pay: 2,
    });
    expect(pay('GRAPES', 'GRAPES', 'LEMON', 'GRAPES', 'GRAPES').pay).toBe(0);
    expect(pay('LEMON', 'SEVEN', 'SEVEN', 'SEVEN', 'SEVEN').pay).toBe(0);
  });

  it('lets leading wilds pay as wilds when that pays more than the symbol they would complete', () => {
    expect(pay('WILD', 'WILD', 'WILD', 'CHERRY', 'CHERRY')).toEqual({ symbol: 'WILD', count: 3, pay: 50 });
    expect(pay('WILD', 'WILD', 'WILD', 'SEVEN', 'BELL')).toEqual({ symbol: 'SEVEN', count: 4, pay: 120 });
    expect(pay('WILD', 'WILD', 'WILD', 'WILD', 'WILD')).toEqual({ symbol: 'WILD', count: 5, pay: 1000 });
  });

  it('never lets a wild stand in for the scatter: a scatter ends the line', () => {
    expect(pay('WILD', 'WILD', 'WILD', 'SCATTER', 'SEVEN')).toEqual({ symbol: 'WILD', count: 3, pay: 50 });
    expect(pay('WILD', 'WILD', 'SCATTER', 'SCATTER', 'SCATTER').pay).toBe(0);
    expect(pay('SCATTER', 'SCATTER', 'SCATTER', 'SCATTER', 'SCATTER').pay).toBe(0);
  });
});

describe('slot window', () => {
  it('pays every payline that forms a win, and nothing else', () => {
    const grid = shown([
      ['GRAPES', 'LEMON', 'ORANGE', 'MELON', 'BELL'],
      ['SEVEN', 'WILD', 'SEVEN', 'CHERRY', 'LEMON'],
      ['ORANGE', 'MELON', 'LEMON', 'GRAPES', 'CHERRY'],
    ]);
    // Line 1 (middle row): 7 W 7 → three sevens, 30 line bets; line 5 (V upside down): O W O → 6 line bets.
    expect(evaluate(grid, 2000)).toEqual({
      lines: [
        { line: 1, symbol: 'SEVEN', count: 3, win: 3000 },
        { line: 5, symbol: 'ORANGE', count: 3, win: 600 },
      ],
      scatter: null,
      win: 3600,
    });
  });

  it('adds scatters anywhere on the window, paid on the total bet', () => {
    const grid = shown([
      ['WILD', 'WILD', 'WILD', 'SEVEN', 'SCATTER'],
      ['SCATTER', 'BELL', 'MELON', 'BELL', 'LEMON'],
      ['ORANGE', 'GRAPES', 'CHERRY', 'SCATTER', 'ORANGE'],
    ]);
    const result = evaluate(grid, 2000);
    expect(result.lines).toEqual([
      { line: 2, symbol: 'SEVEN', count: 4, win: 12_000 },
      { line: 6, symbol: 'MELON', count: 3, win: 1_200 },
      { line: 14, symbol: 'BELL', count: 4, win: 6_000 },
      { line: 18, symbol: 'CHERRY', count: 3, win: 400 },
      { line: 20, symbol: 'GRAPES', count: 3, win: 1_000 },
    ]);
    expect(result.scatter).toEqual({ count: 3, win: 10_000 });
    expect(result.win).toBe(20_600 + 10_000);
  });

  it('shows three stops from each reel’s stop, wrapping round the strip', () => {
    const last = REEL_STRIPS.map((s) => s.length - 1);
    const grid = windowAt(last);
    const letters = 'WS7BMGOLC';
    REEL_STRIPS.forEach((strip, reel) => {
      expect(grid[reel]!.map((s) => letters[s]).join('')).toBe(strip.at(-1)! + strip[0]! + strip[1]!);
    });
  });

  it('spins with the random source it is given', () => {
    const stops = [3, 9, 0, 17, 25];
    let i = 0;
    const result = spin(1000, (max) => {
      expect(max).toBe(REEL_STRIPS[i]!.length);
      return stops[i++]!;
    });
    expect(result.reels).toEqual(windowAt(stops).map((col) => col.map((s) => SLOT_SYMBOLS[s])));
    expect(result.win).toBe(evaluate(windowAt(stops), 1000).win);
  });

  it('has 20 distinct paylines', () => {
    expect(new Set(PAYLINES.map((l) => l.join())).size).toBe(20);
  });
});

describe('slot RTP', () => {
  it('is about 96 % by exact computation (strips, paytable and scatter together)', () => {
    // slotRtp assumes at most one scatter shows per reel: each strip holds exactly one.
    for (const strip of REEL_STRIPS) expect(strip.split('S').length - 1).toBe(1);
    const rtp = slotRtp();
    expect(rtp.total).toBeGreaterThan(0.955);
    expect(rtp.total).toBeLessThan(0.965);
    expect(rtp.scatter).toBeGreaterThan(0);
  });
});

describe('Wolf Fortune', () => {
  it('is its own slot: its own symbols and strips, about 96 % by exact computation', async () => {
    const { WOLF_FORTUNE } = await import('./wolf.ts');
    expect(WOLF_FORTUNE.def.symbols).not.toContain('CHERRY');
    for (const strip of WOLF_FORTUNE.def.strips) expect(strip.split('S').length - 1).toBe(1);
    const rtp = WOLF_FORTUNE.rtp();
    expect(rtp.total).toBeCloseTo(0.96038, 4);
    const stops = [0, 0, 0, 0, 0];
    let i = 0;
    expect(WOLF_FORTUNE.spin(2000, () => stops[i++]!).reels[0]).toEqual(['WOLF', 'BEAR', 'KING']);
  });
});
