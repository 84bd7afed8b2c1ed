import { describe, expect, it } from 'vitest';
import { periodEnd, periodStart } from './periods.ts';

describe('limit periods in the merchants’ zone (UTC+7)', () => {
  // Friday 27 Nov 2026, 20:00 UTC = Saturday 28 Nov, 03:00 in Ho Chi Minh City.
  const at = new Date('2026-11-27T20:00:00.000Z');

  it('end where the next day, week (Monday) and month start', () => {
    expect(periodEnd('D', at).toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(periodEnd('W', at).toISOString()).toBe('2026-11-29T17:00:00.000Z');
    expect(periodEnd('M', at).toISOString()).toBe('2026-11-30T17:00:00.000Z');
    for (const p of ['D', 'W', 'M'] as const)
      expect(periodStart(p, periodEnd(p, at))).toEqual(periodEnd(p, at));
  });

  it('cross the year', () => {
    const newYear = new Date('2026-12-31T18:00:00.000Z');
    expect(periodEnd('M', newYear).toISOString()).toBe('2027-01-31T17:00:00.000Z');
    expect(periodEnd('D', newYear).toISOString()).toBe('2027-01-01T17:00:00.000Z');
  });
});
