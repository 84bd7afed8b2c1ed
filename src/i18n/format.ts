import { formats } from '@lingui/core';

/**
 * Every number, amount, percentage, date and time a screen shows, in the active catalogue's locale (`i18n.locale`),
 * as `Intl` gives it by default: Burmese (my) and Bengali (bn) in their own digits, Thai dates in the Buddhist year,
 * Hindi in lakh groups. Through Lingui's formatters, so that a plural's `#` in a catalogue reads the same as the
 * numbers beside it and each locale's formatter is built once. Where a runtime has no data for a language (Chromium
 * on desktop lacks km, my and lo) Lingui falls back to English, never to the browser's own language; the
 * pseudo-locale formats as English too.
 *
 * Amounts keep the merchant's currency: its sign and the spec's 2 decimals (minor units / 100), whatever the locale.
 *
 * Lottery numbers (drawn digits, bet numbers like 27 or 123, ticket and draw numbers) never come here: they stay in
 * Latin digits in every language, as players type them and as results sheets print them.
 */

const MONEY = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

/** Money at the edge (ARCHITECTURE data rules): minor units → the merchant's sign, grouped, 2 decimals. */
export function formatAmount(minor: number, sign: string, locale: string): string {
  return `${sign}${formats.number(locale, minor / 100, MONEY)}`;
}

/** A loss reads "-$5.00", not "$-5.00". */
export const formatSignedAmount = (minor: number, sign: string, locale: string): string =>
  minor < 0 ? `-${formatAmount(-minor, sign, locale)}` : formatAmount(minor, sign, locale);

/** A count, points, a multiplier: grouped in the locale's digits (`options` for fixed decimals). */
export const formatNumber = (value: number, locale: string, options?: Intl.NumberFormatOptions): string =>
  formats.number(locale, value, options);

/** A number with exactly `digits` decimals (a multiplier × 1.98, a return to player of 97.00). */
export const formatFixed = (value: number, digits: number, locale: string): string =>
  formats.number(locale, value, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A share given in percent (12.5 → "12.5%", "12,5 %" in pt-BR), with `digits` decimals at most (exactly: `fixed`). */
export function formatPercent(percent: number, locale: string, digits = 2, fixed = false): string {
  return formats.number(locale, percent / 100, {
    style: 'percent',
    minimumFractionDigits: fixed ? digits : 0,
    maximumFractionDigits: digits,
  });
}

/** Basis points (the server's rates) as a percentage with 2 decimals: 1250 → "12.50%". */
export const formatBasisPoints = (bp: number, locale: string): string =>
  formatPercent(bp / 100, locale, 2, true);

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };

/** A moment in the browser's zone: date and time (`Date#toLocaleString`'s fields) unless `options` says. */
export const formatDateTime = (
  at: string | Date,
  locale: string,
  options: Intl.DateTimeFormatOptions = DATE_TIME,
): string => formats.date(locale, at, options);

/** A calendar date of a moment (`Date#toLocaleDateString`'s fields). */
export const formatDate = (at: string | Date, locale: string): string => formats.date(locale, at, DATE);

/** A calendar day the server names (`yyyy-MM-dd`, the merchant's day) as that day, whatever the browser's zone. */
export function formatDay(day: string, locale: string, options: Intl.DateTimeFormatOptions = DATE): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return formats.date(locale, new Date(y, m - 1, d), options);
}

const ranges = new Map<string, Intl.DateTimeFormat>();

/** Two dates as one range ("3–9 Nov 2026"), `dateStyle: 'medium'`. */
export function formatDateRange(from: Date, to: Date, locale: string): string {
  let format = ranges.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat([locale, formats.defaultLocale], { dateStyle: 'medium' });
    ranges.set(locale, format);
  }
  return format.formatRange(from, to);
}

const relatives = new Map<string, Intl.RelativeTimeFormat>();

/** "in 3 hours", "tomorrow": Intl's relative time, numeric only where the locale has no word for it. */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit, locale: string): string {
  let format = relatives.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat([locale, formats.defaultLocale], { numeric: 'auto' });
    relatives.set(locale, format);
  }
  return format.format(value, unit);
}

/** The zero of each decimal digit set a player's keyboard may type in a shipped language, and full-width (CJK). */
const ZEROS = [0x0966, 0x09e6, 0x0be6, 0x0c66, 0x0e50, 0x0ed0, 0x1040, 0x17e0, 0xff10];
const NATIVE_DIGIT =
  /[\u0966-\u096f\u09e6-\u09ef\u0be6-\u0bef\u0c66-\u0c6f\u0e50-\u0e59\u0ed0-\u0ed9\u1040-\u1049\u17e0-\u17e9\uff10-\uff19]/g;

/**
 * What a player typed, with Devanagari, Bengali, Tamil, Telugu, Thai, Lao, Myanmar, Khmer and full-width digits (and
 * full-width `．` `，`) as Latin ones: an amount field accepts the digits the screen shows it in (my, bn).
 */
export function latinDigits(text: string): string {
  return text
    .replace(NATIVE_DIGIT, (d) => {
      const code = d.charCodeAt(0);
      return String(code - ZEROS.find((zero) => code >= zero && code < zero + 10)!);
    })
    .replace(/\uff0e/g, '.')
    .replace(/\uff0c/g, ',');
}
