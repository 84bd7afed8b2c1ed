import type { ContractKind, ContractPeriod } from '../../../contract/agent.ts';
import { localMidnight, partsIn } from '../missions/periods.ts';

/** A settlement window: [start, end). */
export interface Window {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Salaries settle on their own clock (spec §9: real-time every 5 minutes); a dividend by its period. */
const SLICE_MS: Partial<Record<ContractKind, number>> = {
  REALTIME_SALARY: 5 * MINUTE_MS,
  HOURLY_SALARY: 60 * MINUTE_MS,
};

/** The zone's calendar date at `at`, as the UTC midnight of that date (a plain day number to count with). */
function localDate(zone: string, at: Date): number {
  const p = partsIn(zone, at);
  return Date.UTC(p.y, p.m - 1, p.d);
}

/** First and following calendar day of the day, week (from Monday), semimonth or month holding `date`. */
function calendarSpan(period: ContractPeriod, date: number): [number, number] {
  const d = new Date(date);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (period === 'D') return [date, date + DAY_MS];
  if (period === 'W') {
    const monday = date - ((d.getUTCDay() + 6) % 7) * DAY_MS;
    return [monday, monday + 7 * DAY_MS];
  }
  if (period === 'M') return [Date.UTC(y, m, 1), Date.UTC(y, m + 1, 1)];
  // Semimonthly: the 1st to the 15th, then the 16th to the month's end.
  return d.getUTCDate() <= 15
    ? [Date.UTC(y, m, 1), Date.UTC(y, m, 16)]
    : [Date.UTC(y, m, 16), Date.UTC(y, m + 1, 1)];
}

/**
 * The settlement window of a contract that holds `at`, in the merchant's zone: real-time salary 5 minutes, hourly
 * salary an hour (both counted from the local midnight, so the day's last slice ends at the next one), daily salary
 * a day, a dividend its period.
 */
export function windowAt(kind: ContractKind, period: ContractPeriod | null, zone: string, at: Date): Window {
  const today = localDate(zone, at);
  const slice = SLICE_MS[kind];
  if (slice) {
    const midnight = localMidnight(zone, today).getTime();
    const next = localMidnight(zone, today + DAY_MS).getTime();
    const start = midnight + Math.floor((at.getTime() - midnight) / slice) * slice;
    return { start: new Date(start), end: new Date(Math.min(start + slice, next)) };
  }
  const [first, following] = calendarSpan(kind === 'DIVIDEND' ? (period ?? 'D') : 'D', today);
  return { start: localMidnight(zone, first), end: localMidnight(zone, following) };
}

/**
 * The windows from the one holding `from` on, that have ended by `until` and begin before `stop` (a contract's
 * end), oldest first; at most `limit` of them, so a long-idle job catches up in bounded steps.
 */
export function windowsBetween(
  kind: ContractKind,
  period: ContractPeriod | null,
  zone: string,
  range: { from: Date; until: Date; stop?: Date | null },
  limit = Number.POSITIVE_INFINITY,
): Window[] {
  const out: Window[] = [];
  let w = windowAt(kind, period, zone, range.from);
  while (w.end <= range.until && (!range.stop || w.start < range.stop) && out.length < limit) {
    out.push(w);
    w = windowAt(kind, period, zone, w.end);
  }
  return out;
}
