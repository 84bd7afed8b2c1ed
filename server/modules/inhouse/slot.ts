import type { SlotSymbol } from '../../../contract/inhouse.ts';
import type { RandomInt } from './random.ts';

/**
 * The in-house slot engine: 5 reels, 3 rows, 20 fixed paylines, a wild that stands in for every symbol but the
 * scatter, and a scatter that pays anywhere. Pure math: no database, outcomes from the RandomInt it is given. Each
 * title (Mega Cherries here, Wolf Fortune in wolf.ts) is a `SlotDef`: its symbols, strips and paytable; they are
 * documented (with their RTP) in README.md beside this file, and `rtp()` computes it exactly.
 */

/** A title's symbols: code 0 is its wild, code 1 its scatter; `letters` names each code on the strips. */
export interface SlotDef {
  symbols: readonly SlotSymbol[];
  letters: string;
  strips: readonly string[];
  /** Pay by count of a kind (index = count): line bets; the scatter's row in total bets. */
  paytable: Readonly<Partial<Record<SlotSymbol, readonly number[]>>>;
  paylines: readonly (readonly number[])[];
}

const WILD = 0;
const SCATTER = 1;

/** Row of each reel a payline crosses (0 top, 1 middle, 2 bottom); line n is PAYLINES[n - 1]. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];
export const LINE_COUNT = PAYLINES.length;

/** A window: 5 columns of 3 symbol codes (top to bottom). */
export type Grid = readonly (readonly number[])[];

export interface LineWin {
  /** 1-based payline number. */
  line: number;
  symbol: SlotSymbol;
  /** How many reels from the left the win covers. */
  count: number;
  win: number;
}

export interface SlotResult {
  reels: SlotSymbol[][];
  lines: LineWin[];
  scatter: { count: number; win: number } | null;
  win: number;
}

export function createSlot(def: SlotDef) {
  const STRIPS: readonly Uint8Array[] = def.strips.map((s) =>
    Uint8Array.from(s, (ch) => {
      const code = def.letters.indexOf(ch);
      if (code < 0) throw new Error(`unknown strip letter ${ch}`);
      return code;
    }),
  );
  const PAY: readonly (readonly number[])[] = def.symbols.map((s) => def.paytable[s] ?? [0, 0, 0, 0, 0, 0]);
  const lineCount = def.paylines.length;

  /** The pay of one line's 5 symbols in line-bet multiples, with the symbol and length that pay it. */
  function linePay(sy: readonly number[]): { symbol: number; count: number; pay: number } {
    let wilds = 0;
    while (wilds < 5 && sy[wilds] === WILD) wilds++;
    const wildPay = PAY[WILD]![wilds]!;
    if (wilds === 5) return { symbol: WILD, count: 5, pay: wildPay };
    const first = sy[wilds]!;
    // A scatter ends a line: only the wilds before it can pay.
    if (first === SCATTER) return { symbol: WILD, count: wilds, pay: wildPay };
    let n = wilds + 1;
    while (n < 5 && (sy[n] === first || sy[n] === WILD)) n++;
    const pay = PAY[first]![n]!;
    // Wilds alone may pay more than the symbol they would stand in for.
    return wildPay > pay ? { symbol: WILD, count: wilds, pay: wildPay } : { symbol: first, count: n, pay };
  }

  const line = [0, 0, 0, 0, 0];

  /** Evaluates a window for a total bet (minor units; a multiple of 20 keeps every line win whole). */
  function evaluate(grid: Grid, bet: number): Omit<SlotResult, 'reels'> {
    const lines: LineWin[] = [];
    let win = 0;
    for (let l = 0; l < lineCount; l++) {
      const rows = def.paylines[l]!;
      for (let r = 0; r < 5; r++) line[r] = grid[r]![rows[r]!]!;
      const { symbol, count, pay } = linePay(line);
      if (pay === 0) continue;
      const amount = Math.floor((bet * pay) / lineCount);
      lines.push({ line: l + 1, symbol: def.symbols[symbol]!, count, win: amount });
      win += amount;
    }
    let scatters = 0;
    for (const column of grid) for (const s of column) if (s === SCATTER) scatters++;
    const scatterPay = PAY[SCATTER]![Math.min(scatters, 5)]!;
    const scatter = scatterPay > 0 ? { count: scatters, win: bet * scatterPay } : null;
    return { lines, scatter, win: win + (scatter?.win ?? 0) };
  }

  /** The window the reels show when they stop at `stops` (each stop is the top row). */
  const windowAt = (stops: readonly number[]): number[][] =>
    STRIPS.map((strip, r) => {
      const top = stops[r]!;
      return [strip[top]!, strip[(top + 1) % strip.length]!, strip[(top + 2) % strip.length]!];
    });

  const randomStops = (random: RandomInt) => STRIPS.map((strip) => random(strip.length));

  const symbolsOf = (grid: Grid): SlotSymbol[][] => grid.map((column) => column.map((s) => def.symbols[s]!));

  /**
   * The exact return to player: a stop is uniform on each strip, so every row of a reel shows symbol s with the
   * strip's frequency of s, reels are independent, and the expected pay of a line is a sum over all symbol
   * combinations. All lines have that expectation; the scatter adds its pay over the number of reels showing one.
   */
  function rtp(): { lines: number; scatter: number; total: number } {
    const n = def.symbols.length;
    const p = STRIPS.map((strip) => {
      const f = new Array<number>(n).fill(0);
      for (const s of strip) f[s]! += 1 / strip.length;
      return f;
    });
    const sy = [0, 0, 0, 0, 0];
    let lines = 0;
    const walk = (reel: number, prob: number) => {
      if (reel === 5) {
        lines += prob * linePay(sy).pay;
        return;
      }
      for (let s = 0; s < n; s++) {
        if (p[reel]![s] === 0) continue;
        sy[reel] = s;
        walk(reel + 1, prob * p[reel]![s]!);
      }
    };
    walk(0, 1);
    // Scatters sit at least 3 stops apart (one a strip), so a reel shows at most one: P = 3 × count / length.
    let dist = [1];
    for (const strip of STRIPS) {
      const q = (3 * strip.filter((s) => s === SCATTER).length) / strip.length;
      dist = [...dist, 0].map((v, i) => v * (1 - q) + (i > 0 ? dist[i - 1]! * q : 0));
    }
    const scatter = dist.reduce((sum, v, i) => sum + v * PAY[SCATTER]![Math.min(i, 5)]!, 0);
    // Line pays are in line bets (1 / lines of the bet) on every line: their sum is in bets again.
    return { lines, scatter, total: lines + scatter };
  }

  return {
    def,
    linePay,
    evaluate,
    windowAt,
    randomStops,
    symbolsOf,
    rtp,
    /** One spin for a total bet. */
    spin(bet: number, random: RandomInt): SlotResult {
      const grid = windowAt(randomStops(random));
      return { reels: symbolsOf(grid), ...evaluate(grid, bet) };
    },
  };
}
export type Slot = ReturnType<typeof createSlot>;

/** Mega Cherries: the fruit slot. Strip letters: W wild, S scatter, 7 seven, B bell, M melon, G grapes, O orange, L lemon, C cherry. */
export const MEGA_CHERRIES = createSlot({
  symbols: ['WILD', 'SCATTER', 'SEVEN', 'BELL', 'MELON', 'GRAPES', 'ORANGE', 'LEMON', 'CHERRY'],
  letters: 'WS7BMGOLC',
  strips: [
    'WBOLMCGOLCBS7MOGCWLMOCBGLCO7MLGC',
    'GCWOBLMCGOLCWMB7OGCLSMOCWLGBCOML7',
    'LCG7OBLWMCGOCLMBOCG7LWMOCSLGBCOM',
    'SMLCGO7LBCMWOGCLMOBCGL7COMWLGBCO',
    'OLMCGSOL7CBMLOWGCLMOCBGL7COMLWGCB',
  ],
  paytable: {
    WILD: [0, 0, 0, 50, 250, 1000],
    SCATTER: [0, 0, 0, 5, 20, 100],
    SEVEN: [0, 0, 0, 30, 120, 600],
    BELL: [0, 0, 0, 20, 60, 250],
    MELON: [0, 0, 0, 12, 40, 150],
    GRAPES: [0, 0, 0, 10, 25, 100],
    ORANGE: [0, 0, 0, 6, 15, 60],
    LEMON: [0, 0, 0, 5, 12, 40],
    CHERRY: [0, 0, 2, 4, 10, 30],
  },
  paylines: PAYLINES,
});

export const REEL_STRIPS = MEGA_CHERRIES.def.strips;
export const PAYTABLE = MEGA_CHERRIES.def.paytable;
export const { linePay, evaluate, windowAt, randomStops, symbolsOf, spin } = MEGA_CHERRIES;
export const slotRtp = MEGA_CHERRIES.rtp;
