import type { z } from 'zod';
import type { limitPeriod } from '../../../contract/responsible.ts';

/** Merchants' zone: Asia/Ho_Chi_Minh, UTC+7 all year (no daylight saving). */
const ZONE_OFFSET_MS = 7 * 3_600_000;

/** Start of the day, week (Monday) or month that `now` falls in, in the merchant's zone. */
export function periodStart(period: z.infer<typeof limitPeriod>, now: Date): Date {
  const local = new Date(now.getTime() + ZONE_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  let startLocal: number;
  if (period === 'M') startLocal = Date.UTC(y, m, 1);
  else if (period === 'W') startLocal = Date.UTC(y, m, d - ((local.getUTCDay() + 6) % 7));
  else startLocal = Date.UTC(y, m, d);
  return new Date(startLocal - ZONE_OFFSET_MS);
}

/** When the period `now` falls in ends: the start of the next day, week or month in the merchant's zone. */
export function periodEnd(period: z.infer<typeof limitPeriod>, now: Date): Date {
  const start = new Date(periodStart(period, now).getTime() + ZONE_OFFSET_MS);
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const d = start.getUTCDate();
  const endLocal =
    period === 'M' ? Date.UTC(y, m + 1, 1) : period === 'W' ? Date.UTC(y, m, d + 7) : Date.UTC(y, m, d + 1);
  return new Date(endLocal - ZONE_OFFSET_MS);
}
