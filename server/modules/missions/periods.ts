import type { MissionPeriod } from '../../../contract/missions.ts';

export interface Period {
  /** The period's first day in the merchant's zone (YYYY-MM-DD): what a claim is recorded under. */
  startDate: string;
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

/** One formatter per zone: building one costs far more than using it (a settlement catching up asks thousands of times). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (zone: string) => {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
};

export const partsIn = (zone: string, at: Date) => {
  const parts = formatterOf(zone).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: n('year'), m: n('month'), d: n('day'), h: n('hour'), min: n('minute'), s: n('second') };
};

/** How far the zone's wall clock is ahead of UTC at `at`. */
const offsetMs = (zone: string, at: Date) => {
  const p = partsIn(zone, at);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(at.getTime() / 1000) * 1000;
};

/** The instant a local calendar day (as UTC midnight of that date) begins in `zone`; re-checked across an offset change. */
export const localMidnight = (zone: string, dayUtc: number) => {
  const first = dayUtc - offsetMs(zone, new Date(dayUtc));
  const second = dayUtc - offsetMs(zone, new Date(first));
  return new Date(second);
};

/** The day, or the ISO week (from Monday), that `now` falls in, in the merchant's zone. */
export function currentPeriod(period: MissionPeriod, zone: string, now: Date): Period {
  const p = partsIn(zone, now);
  const today = Date.UTC(p.y, p.m - 1, p.d);
  const first = period === 'DAILY' ? today : today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const days = period === 'DAILY' ? 1 : 7;
  return {
    startDate: new Date(first).toISOString().slice(0, 10),
    start: localMidnight(zone, first),
    end: localMidnight(zone, first + days * DAY_MS),
  };
}

/** The merchant's zone when it is a real one, else UTC (a bad setting must not turn into a 500). */
export function validZone(zone: string | undefined): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone ?? 'UTC';
  } catch {
    return 'UTC';
  }
}
