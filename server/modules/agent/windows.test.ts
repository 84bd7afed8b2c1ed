import { describe, expect, it } from 'vitest';
import type { ContractKind, ContractPeriod } from '../../../contract/agent.ts';
import { windowAt, windowsBetween } from './windows.ts';

const ZONE = 'Asia/Ho_Chi_Minh';
/** A wall-clock time in UTC+7. */
const local = (s: string) => new Date(`${s}+07:00`);
const win = (kind: ContractKind, period: ContractPeriod | null, at: string) => {
  const w = windowAt(kind, period, ZONE, local(at));
  return [w.start.toISOString(), w.end.toISOString()];
};
const iso = (s: string) => local(s).toISOString();

describe('settlement windows in the merchant zone (UTC+7)', () => {
  it('real-time salary: 5-minute slices of the local day', () => {
    expect(win('REALTIME_SALARY', null, '2025-03-10T10:07:30')).toEqual([
      iso('2025-03-10T10:05:00'),
      iso('2025-03-10T10:10:00'),
    ]);
    expect(win('REALTIME_SALARY', null, '2025-03-10T10:10:00')).toEqual([
      iso('2025-03-10T10:10:00'),
      iso('2025-03-10T10:15:00'),
    ]);
    expect(win('REALTIME_SALARY', null, '2025-03-10T23:59:59')).toEqual([
      iso('2025-03-10T23:55:00'),
      iso('2025-03-11T00:00:00'),
    ]);
  });

  it('hourly salary: local hours, across the local midnight (17:00 UTC)', () => {
    expect(win('HOURLY_SALARY', null, '2025-03-11T00:00:00')).toEqual([
      iso('2025-03-11T00:00:00'),
      iso('2025-03-11T01:00:00'),
    ]);
    expect(win('HOURLY_SALARY', null, '2025-03-10T23:30:00')).toEqual([
      '2025-03-10T16:00:00.000Z',
      '2025-03-10T17:00:00.000Z',
    ]);
  });

  it('daily salary and daily dividend: the local calendar day', () => {
    const day = [iso('2025-03-10T00:00:00'), iso('2025-03-11T00:00:00')];
    expect(win('DAILY_SALARY', null, '2025-03-10T23:59:59')).toEqual(day);
    expect(win('DIVIDEND', 'D', '2025-03-10T00:00:00')).toEqual(day);
    // 16:59 UTC is still the 10th locally, 17:00 UTC is the 11th.
    expect(windowAt('DAILY_SALARY', null, ZONE, new Date('2025-03-10T16:59:59Z')).start.toISOString()).toBe(
      '2025-03-09T17:00:00.000Z',
    );
    expect(windowAt('DAILY_SALARY', null, ZONE, new Date('2025-03-10T17:00:00Z')).start.toISOString()).toBe(
      '2025-03-10T17:00:00.000Z',
    );
  });

  it('weekly dividend: Monday to Monday', () => {
    // 2025-03-16 is a Sunday, 2025-03-17 a Monday.
    expect(win('DIVIDEND', 'W', '2025-03-16T23:59:59')).toEqual([
      iso('2025-03-10T00:00:00'),
      iso('2025-03-17T00:00:00'),
    ]);
    expect(win('DIVIDEND', 'W', '2025-03-17T00:00:00')).toEqual([
      iso('2025-03-17T00:00:00'),
      iso('2025-03-24T00:00:00'),
    ]);
    // A week across a month and a year end.
    expect(win('DIVIDEND', 'W', '2026-01-01T12:00:00')).toEqual([
      iso('2025-12-29T00:00:00'),
      iso('2026-01-05T00:00:00'),
    ]);
  });

  it('semimonthly dividend: 1st–15th, 16th–end (February, leap February, a 31-day month)', () => {
    expect(win('DIVIDEND', 'H', '2025-02-15T23:59:59')).toEqual([
      iso('2025-02-01T00:00:00'),
      iso('2025-02-16T00:00:00'),
    ]);
    expect(win('DIVIDEND', 'H', '2025-02-16T00:00:00')).toEqual([
      iso('2025-02-16T00:00:00'),
      iso('2025-03-01T00:00:00'),
    ]);
    expect(win('DIVIDEND', 'H', '2024-02-29T12:00:00')).toEqual([
      iso('2024-02-16T00:00:00'),
      iso('2024-03-01T00:00:00'),
    ]);
    expect(win('DIVIDEND', 'H', '2025-01-31T23:59:59')).toEqual([
      iso('2025-01-16T00:00:00'),
      iso('2025-02-01T00:00:00'),
    ]);
    expect(win('DIVIDEND', 'H', '2025-12-31T23:00:00')).toEqual([
      iso('2025-12-16T00:00:00'),
      iso('2026-01-01T00:00:00'),
    ]);
  });

  it('monthly dividend: the calendar month', () => {
    expect(win('DIVIDEND', 'M', '2025-02-28T23:59:59')).toEqual([
      iso('2025-02-01T00:00:00'),
      iso('2025-03-01T00:00:00'),
    ]);
    expect(win('DIVIDEND', 'M', '2025-01-31T23:59:59')).toEqual([
      iso('2025-01-01T00:00:00'),
      iso('2025-02-01T00:00:00'),
    ]);
    expect(win('DIVIDEND', 'M', '2025-12-01T00:00:00')).toEqual([
      iso('2025-12-01T00:00:00'),
      iso('2026-01-01T00:00:00'),
    ]);
  });

  it('lists the windows ended by `until` from the one holding `from`, stopping at a contract’s end', () => {
    const rt = windowsBetween('REALTIME_SALARY', null, ZONE, {
      from: local('2025-03-10T10:07:00'),
      until: local('2025-03-10T10:21:00'),
    });
    expect(rt.map((w) => w.start.toISOString())).toEqual([
      iso('2025-03-10T10:05:00'),
      iso('2025-03-10T10:10:00'),
      iso('2025-03-10T10:15:00'),
    ]);
    const days = windowsBetween('DAILY_SALARY', null, ZONE, {
      from: local('2025-03-10T12:00:00'),
      until: local('2025-03-20T00:00:00'),
      stop: local('2025-03-12T08:00:00'),
    });
    expect(days.map((w) => w.start.toISOString())).toEqual([
      iso('2025-03-10T00:00:00'),
      iso('2025-03-11T00:00:00'),
      iso('2025-03-12T00:00:00'),
    ]);
    expect(
      windowsBetween('DIVIDEND', 'M', ZONE, {
        from: local('2025-03-10T12:00:00'),
        until: local('2025-03-31T23:59:59'),
      }),
    ).toEqual([]);
    const rtDay = windowsBetween('REALTIME_SALARY', null, ZONE, {
      from: local('2025-03-10T00:00:00'),
      until: local('2025-03-11T00:00:00'),
    });
    expect(rtDay).toHaveLength(288);
  });

  it('a day with a clock change has its own number of hours (a zone with daylight saving)', () => {
    const hours = windowsBetween('HOURLY_SALARY', null, 'Europe/Berlin', {
      from: new Date('2025-03-29T23:00:00Z'),
      until: new Date('2025-03-30T22:00:00Z'),
    });
    expect(hours).toHaveLength(23);
    expect(hours.at(-1)!.end.toISOString()).toBe('2025-03-30T22:00:00.000Z');
  });
});
