import { MERCHANT_TIME_ZONE } from '../../../contract/merchant.ts';
import type { Lottery } from './catalogue.ts';

/** One draw of a lottery: its issue number, when it draws and when its sales close. */
export interface DrawSlot {
  issue: string;
  drawAt: Date;
  lockAt: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset from UTC at `instant`, in ms ("GMT+07:00" → 25,200,000). */
function offsetMs(zone: string, instant: number): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formats.set(zone, format);
  }
  const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * MINUTE;
}

/** The local calendar day (as a UTC midnight) that `instant` falls on in `zone`. */
const localDay = (zone: string, instant: number) => {
  const local = instant + offsetMs(zone, instant);
  return local - (((local % DAY) + DAY) % DAY);
};

/** The instant of local wall time `minutes` after local midnight of `day` (a UTC midnight) in `zone`. */
const atLocal = (zone: string, day: number, minutes: number) => {
  const wall = day + minutes * MINUTE;
  const guess = wall - offsetMs(zone, wall);
  return wall - offsetMs(zone, guess);
};

const ymd = (day: number) => new Date(day).toISOString().slice(0, 10).replaceAll('-', '');
/** Spec §9 weekday codes: 1 Sunday, 2 Monday … 7 Saturday. */
export const weekdayCode = (day: number) => new Date(day).getUTCDay() + 1;

/** The draws of one local day, in time order. */
function computeDrawsOfDay(lottery: Lottery, day: number, zone: string): DrawSlot[] {
  const s = lottery.schedule;
  const slot = (issue: string, minutes: number): DrawSlot => {
    const drawAt = atLocal(zone, day, minutes);
    return { issue, drawAt: new Date(drawAt), lockAt: new Date(drawAt - lottery.lockSeconds * 1000) };
  };
  if (s.kind === 'daily') {
    if (!s.days.includes(weekdayCode(day))) return [];
    const [h, m] = s.time.split(':').map(Number) as [number, number];
    return [slot(ymd(day), h * 60 + m)];
  }
  const perDay = Math.floor((24 * 60) / s.everyMinutes);
  // Issue k of a day draws at k × interval after midnight (k from 1): the day's last draw is at midnight.
  return Array.from({ length: perDay }, (_, i) =>
    slot(`${ymd(day)}-${String(i + 1).padStart(4, '0')}`, (i + 1) * s.everyMinutes),
  );
}

/**
 * Days of draws already placed, by schedule, lock and zone: a minute lottery's day is 1,440 slots each placed through
 * Intl in the merchant's zone, and a bet looks at four days (~140 ms of CPU each time, the soak's largest single
 * cost). Bounded; the days in use move slowly. The slots are shared: callers read them, never change them.
 */
const placedDays = new Map<string, DrawSlot[]>();
const PLACED_DAYS_KEPT = 512;

function drawsOfDay(lottery: Lottery, day: number, zone: string): DrawSlot[] {
  const key = `${zone}|${day}|${lottery.lockSeconds}|${JSON.stringify(lottery.schedule)}`;
  let slots = placedDays.get(key);
  if (!slots) {
    slots = computeDrawsOfDay(lottery, day, zone);
    if (placedDays.size >= PLACED_DAYS_KEPT) placedDays.delete(placedDays.keys().next().value!);
    placedDays.set(key, slots);
  }
  return slots;
}

/** Draws with drawAt in [from, to), in time order. */
export function drawsBetween(lottery: Lottery, from: Date, to: Date, zone = MERCHANT_TIME_ZONE): DrawSlot[] {
  const out: DrawSlot[] = [];
  for (let day = localDay(zone, from.getTime()) - DAY; day <= localDay(zone, to.getTime()); day += DAY)
    for (const d of drawsOfDay(lottery, day, zone))
      if (d.drawAt.getTime() >= from.getTime() && d.drawAt.getTime() < to.getTime()) out.push(d);
  return out;
}

/** The first draw strictly after `now`, day by day (a daily lottery draws at least once a week). */
export function nextDraw(lottery: Lottery, now: Date, zone = MERCHANT_TIME_ZONE): DrawSlot {
  const t = now.getTime();
  for (let day = localDay(zone, t) - DAY; ; day += DAY) {
    const found = drawsOfDay(lottery, day, zone).find((d) => d.drawAt.getTime() > t);
    if (found) return found;
  }
}

/** The last draw at or before `now`. */
export function previousDraw(lottery: Lottery, now: Date, zone = MERCHANT_TIME_ZONE): DrawSlot {
  const t = now.getTime();
  for (let day = localDay(zone, t) + DAY; ; day -= DAY) {
    const found = drawsOfDay(lottery, day, zone).findLast((d) => d.drawAt.getTime() <= t);
    if (found) return found;
  }
}

/**
 * Spec §3 lottery game: `isSale` (the next draw still takes bets), `remainTime` (ms until its sales close; 0 when
 * closed) and `lockTime` (ms between sales closing and the draw).
 */
export function saleState(lottery: Lottery, now: Date, zone = MERCHANT_TIME_ZONE) {
  const next = nextDraw(lottery, now, zone);
  const remain = next.lockAt.getTime() - now.getTime();
  return {
    issue: next.issue,
    drawAt: next.drawAt,
    isSale: remain > 0,
    remainTime: Math.max(0, remain),
    lockTime: lottery.lockSeconds * 1000,
  };
}
