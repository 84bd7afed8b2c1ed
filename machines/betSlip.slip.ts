import type { PlayRule, PlayType } from '../contract/lottery.ts';

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

export interface SlipLine {
  /** A key for the view's list. */
  key: string;
  playType: PlayType;
  numbers: string[];
  stake: number;
}

/** What is wrong with a choice or a stake; codes only, the view words them. */
export type NumbersProblem =
  | { kind: 'pickOne' }
  | { kind: 'pickExactly'; count: number }
  | { kind: 'threeDigits' };
export type StakeProblem =
  | { kind: 'required' }
  | { kind: 'format' }
  | { kind: 'min'; min: number }
  | { kind: 'max'; max: number };
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

/** "10", "10.5", "1,000.25" → minor units, within the play type's limits. */
export function readStake(
  text: string,
  rule: Pick<PlayRule, 'minStake' | 'maxStake'> | undefined,
): Reading<number, StakeProblem> {
  const t = text.trim();
  if (t === '') return { ok: false, problem: { kind: 'required' } };
  const m = /^(\d{1,3}(?:,\d{3})+|\d{1,12})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return { ok: false, problem: { kind: 'format' } };
  const minor = Number(m[1]!.replaceAll(',', '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (minor <= 0) return { ok: false, problem: { kind: 'format' } };
  if (rule && minor < rule.minStake) return { ok: false, problem: { kind: 'min', min: rule.minStake } };
  if (rule && minor > rule.maxStake) return { ok: false, problem: { kind: 'max', max: rule.maxStake } };
  return { ok: true, value: minor };
}

/**
 * The lines a choice adds: lô and đề one line per number, 3 càng and xiên one line; refused when the slip would
 * hold more than 20.
 */
export function linesOf(
  playType: PlayType,
  numbers: string[],
  stake: number,
  slip: SlipLine[],
  nextKey: () => string,
): Reading<SlipLine[], SlipProblem> {
  const perNumber = playType === 'LO2' || playType === 'DE';
  const groups = perNumber ? numbers.map((n) => [n]) : [numbers];
  if (slip.length + groups.length > MAX_SLIP_LINES)
    return { ok: false, problem: { kind: 'full', max: MAX_SLIP_LINES } };
  return { ok: true, value: groups.map((g) => ({ key: nextKey(), playType, numbers: g, stake })) };
}

/** The slip as the place call's `bets`. */
export const betsOf = (slip: SlipLine[]) =>
  slip.map(({ playType, numbers, stake }) => ({ playType, numbers, stake }));

export const slipTotal = (slip: SlipLine[]) => slip.reduce((sum, l) => sum + l.stake, 0);
