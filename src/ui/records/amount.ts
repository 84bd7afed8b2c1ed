import { AMOUNT_MAX } from '../../../contract/payments.ts';
import { latinDigits } from '../../i18n/format.ts';

/**
 * Amounts typed by a member (spec §5: 2 decimals): the text is kept as typed; this reads it into minor units or
 * says what is wrong with it. Codes only — the view translates.
 */
export type AmountProblem =
  | { kind: 'required' }
  | { kind: 'format' }
  | { kind: 'decimals' }
  | { kind: 'positive' }
  | { kind: 'min'; min: number }
  | { kind: 'max'; max: number };

export type AmountReading = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

/** The contract's ceiling: no form reads an amount the server would refuse as too large. */
export const AMOUNT_CEILING = AMOUNT_MAX;

/**
 * "1,234.5" → 123450. Thousands separators (commas, spaces) are allowed between groups of three digits; a dot
 * separates the decimals, at most two. No floats: the whole and decimal parts are read as integers. Digits typed in a
 * script the screen shows amounts in (Burmese, Bengali…) or full-width read as Latin ones.
 */
export function parseAmount(text: string, bounds: { min?: number; max?: number } = {}): AmountReading {
  const trimmed = latinDigits(text).trim();
  if (trimmed === '') return { ok: false, problem: { kind: 'required' } };
  const match = /^(\d{1,3}(?:[, ]\d{3})+|\d+)?(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[1] === undefined && !match[2])) return { ok: false, problem: { kind: 'format' } };
  const whole = (match[1] ?? '0').replace(/[, ]/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, problem: { kind: 'decimals' } };
  if (whole.replace(/^0+/, '').length > 12)
    return { ok: false, problem: { kind: 'max', max: bounds.max ?? AMOUNT_CEILING } };
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (minor <= 0) return { ok: false, problem: { kind: 'positive' } };
  const max = Math.min(bounds.max ?? AMOUNT_CEILING, AMOUNT_CEILING);
  if (bounds.min !== undefined && minor < bounds.min)
    return { ok: false, problem: { kind: 'min', min: bounds.min } };
  if (minor > max) return { ok: false, problem: { kind: 'max', max } };
  return { ok: true, minor };
}
