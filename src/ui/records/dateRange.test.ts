import { describe, expect, it } from 'vitest';
import { daysBetween, isoDay, merchantToday, perDay } from './dateRange.ts';

describe('daysBetween', () => {
  it('lists the days of a range across a month end', () => {
    expect(daysBetween({ from: '2030-02-27', to: '2030-03-02' })).toEqual([
      '2030-02-27',
      '2030-02-28',
      '2030-03-01',
      '2030-03-02',
    ]);
    expect(daysBetween({ from: '2030-02-02', to: '2030-03-03' })).toHaveLength(30);
    expect(daysBetween({ from: '2030-03-02', to: '2030-03-01' })).toEqual([]);
  });
});

describe('merchantToday', () => {
  it('is the calendar day in Ho Chi Minh City, whatever the browser’s zone', () => {
    // 23:30 UTC on the 22nd is already 06:30 on the 23rd in UTC+7.
    expect(isoDay(merchantToday(new Date('2026-11-22T23:30:00Z')))).toBe('2026-11-23');
    expect(isoDay(merchantToday(new Date('2026-11-22T16:59:00Z')))).toBe('2026-11-22');
  });
});

describe('perDay', () => {
  it('gives every day of the range a value, the days not listed at 0', () => {
    const days = [
      { day: '2030-03-02', n: 5 },
      { day: '2030-02-28', n: -1 },
    ];
    expect(perDay({ from: '2030-02-28', to: '2030-03-02' }, days, (d) => d.n)).toEqual([
      { day: '2030-02-28', value: -1 },
      { day: '2030-03-01', value: 0 },
      { day: '2030-03-02', value: 5 },
    ]);
  });
});
