import { MERCHANT_TIME_ZONE } from '../../../contract/merchant.ts';

export interface DateRange {
  /** ISO dates (yyyy-MM-dd), both days included. */
  from: string;
  to: string;
}

/** A local calendar day as yyyy-MM-dd. */
export function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Today as the merchant counts days (the server keeps records by the merchant's calendar days), as a local Date of
 * that calendar day — so a browser in another zone asks for the same days the server has.
 */
export function merchantToday(now: Date = new Date()): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', {
    timeZone: MERCHANT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

const shift = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);

/** The days from `from` to `to`, both included (for a chart with a bar per day, days without play at 0). */
export function daysBetween({ from, to }: DateRange): string[] {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const end = new Date(ty, tm - 1, td);
  const days: string[] = [];
  for (let d = new Date(fy, fm - 1, fd); d <= end && days.length < 400; d = shift(d, 1)) days.push(isoDay(d));
  return days;
}

/** A figure for each day of the range (a chart's bar per day): `days` as the server listed them, the others at 0. */
export function perDay<D extends { day: string }>(
  range: DateRange,
  days: D[],
  value: (d: D) => number,
): { day: string; value: number }[] {
  const byDay = new Map(days.map((d) => [d.day, value(d)]));
  return daysBetween(range).map((day) => ({ day, value: byDay.get(day) ?? 0 }));
}
