import { type AnyColumn, sql } from 'drizzle-orm';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';

/** A record page's range: ISO dates (yyyy-MM-dd), both days included, either end open. */
export interface DayRange {
  from?: string;
  to?: string;
}

/** The merchant's zone when the database knows it, else UTC (a bad setting must not turn into a 500). */
export const zoneOf = (merchant: Merchant): string => {
  const zone = merchant.settings.timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
};

/** Rows of `column` within [from, to] as whole days in the merchant's zone. */
export const withinDays = (column: AnyColumn, zone: string, range: DayRange) => [
  ...(range.from ? [sql`${column} >= (${range.from}::date::timestamp at time zone ${zone})`] : []),
  ...(range.to ? [sql`${column} < ((${range.to}::date + 1)::timestamp at time zone ${zone})`] : []),
];

/** A range whose end is before its start is the member's mistake: a 400 on `to`. */
export const checkOrder = (range: DayRange) => {
  if (range.from && range.to && range.from > range.to)
    throw new DomainError(400, 'VALIDATION', 'The end date is before the start', {
      to: 'The end date is before the start',
    });
};

const dayMs = 86_400_000;

/**
 * Every ISO day from `from` to `to`, both included (calendar days: no zone needed); null when there are more than
 * `max`, found before any is listed, so a range of thousands of years costs nothing.
 */
export const dayList = (from: string, to: string, max: number): string[] | null => {
  const start = Date.parse(`${from}T00:00:00Z`);
  const n = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / dayMs) + 1;
  if (n > max) return null;
  return Array.from({ length: n }, (_, i) => new Date(start + i * dayMs).toISOString().slice(0, 10));
};
