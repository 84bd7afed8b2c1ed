import type { PlayRule, PlayType, PriceStructure } from '../contract/lottery.ts';

/** How numbers are chosen: on the 00–99 grid (each a line, or one line of exactly n), or typed (3 digits). */
export type Entry = { kind: 'grid'; exactly: number | null } | { kind: 'digits'; length: 3 };

export function entryOf(playType: PlayType): Entry {
  switch (playType) {
    case 'BA_CANG':
      return { kind: 'digits', length: 3 };
    case 'XIEN2':
      return { kind: 'grid', exactly: 2 };
    case 'XIEN3':
      return { kind: 'grid', exactly: 3 };
    case 'XIEN4':
      return { kind: 'grid', exactly: 4 };
    default:
      return { kind: 'grid', exactly: null };
  }
}

/** Spec (contract `placeBets`): a slip holds 1 to 20 lines. */
export const MAX_SLIP_LINES = 20;

/**
 * A play type's price on one lottery (its region's column of the merchant's rules): what a point costs and wins
 * per hit, in minor units, and the points a line may carry.
 */
export interface LinePrice {
  pointCost: number;
  winPerPoint: number;
  minPoints: number;
  maxPoints: number;
}

/** The price of a play type on a lottery of this structure, or undefined while the rules are not read. */
export const priceOf = (rule: PlayRule | undefined, structure: PriceStructure): LinePrice | undefined =>
  rule && {
    pointCost: rule.pointCost[structure],
    winPerPoint: rule.winPerPoint[structure],
    minPoints: rule.minPoints,
    maxPoints: rule.maxPoints,
  };

export interface SlipLine {
  /** A key for the view's list. */
  key: string;
  playType: PlayType;
  numbers: string[];
  points: number;
  /** What the line costs and wins per hit at the price shown (minor units); the server prices it again. */
  cost: number;
  winPerHit: number;
}

/** What is wrong with a choice or its points; codes only, the view words them. */
export type NumbersProblem =
  | { kind: 'pickOne' }
  | { kind: 'pickExactly'; count: number }
  | { kind: 'threeDigits' };
export type PointsProblem =
  | { kind: 'required' }
  | { kind: 'format' }
  | { kind: 'min'; min: number }
  | { kind: 'max'; max: number }
  /** The prices are not read yet: a line cannot be priced. */
  | { kind: 'unpriced' };
export type SlipProblem = { kind: 'full'; max: number };

export type Reading<T, P> = { ok: true; value: T } | { ok: false; problem: P };

/** The numbers of a choice: grid picks (sorted) or three typed digits. */
export function readNumbers(
  playType: PlayType,
  picked: string[],
  digits: string,
): Reading<string[], NumbersProblem> {
  const entry = entryOf(playType);
  if (entry.kind === 'digits') {
    const d = digits.trim();
    return /^\d{3}$/.test(d) ? { ok: true, value: [d] } : { ok: false, problem: { kind: 'threeDigits' } };
  }
  const sorted = [...new Set(picked)].sort();
  if (entry.exactly === null)
    return sorted.length > 0 ? { ok: true, value: sorted } : { ok: false, problem: { kind: 'pickOne' } };
  return sorted.length === entry.exactly
    ? { ok: true, value: sorted }
    : { ok: false, problem: { kind: 'pickExactly', count: entry.exactly } };
}

/** "10", "1,000" → whole points, within the play type's limits (when its price is known). */
export function readPoints(
  text: string,
  price: Pick<LinePrice, 'minPoints' | 'maxPoints'> | undefined,
): Reading<number, PointsProblem> {
  const t = text.trim();
  if (t === '') return { ok: false, problem: { kind: 'required' } };
  if (!/^(\d{1,3}(?:,\d{3})+|\d{1,7})$/.test(t)) return { ok: false, problem: { kind: 'format' } };
  const points = Number(t.replaceAll(',', ''));
  if (points <= 0) return { ok: false, problem: { kind: 'format' } };
  if (price && points < price.minPoints) return { ok: false, problem: { kind: 'min', min: price.minPoints } };
  if (price && points > price.maxPoints) return { ok: false, problem: { kind: 'max', max: price.maxPoints } };
  return { ok: true, value: points };
}

/** Lô pays every prize ending in its number (a number drawn twice pays twice); the other plays pay once. */
export const paysPerHit = (playType: PlayType) => playType === 'LO2';

/** What `points` cost and win per hit at a price (minor units). */
export const quoteOf = (points: number, price: LinePrice) => ({
  cost: points * price.pointCost,
  winPerHit: points * price.winPerPoint,
});

/**
 * The lines a choice adds: lô and đề one line per number, 3 càng and xiên one line; refused when the slip would
 * hold more than 20.
 */
export function linesOf(
  playType: PlayType,
  numbers: string[],
  points: number,
  price: LinePrice,
  slip: SlipLine[],
  nextKey: () => string,
): Reading<SlipLine[], SlipProblem> {
  const perNumber = playType === 'LO2' || playType === 'DE';
  const groups = perNumber ? numbers.map((n) => [n]) : [numbers];
  if (slip.length + groups.length > MAX_SLIP_LINES)
    return { ok: false, problem: { kind: 'full', max: MAX_SLIP_LINES } };
  const quote = quoteOf(points, price);
  return {
    ok: true,
    value: groups.map((g) => ({ key: nextKey(), playType, numbers: g, points, ...quote })),
  };
}

/** The slip as the place call's `bets`: points only, the server prices them. */
export const betsOf = (slip: SlipLine[]) =>
  slip.map(({ playType, numbers, points }) => ({ playType, numbers, points }));

export const slipTotal = (slip: SlipLine[]) => slip.reduce((sum, l) => sum + l.cost, 0);
