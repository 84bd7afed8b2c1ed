import { type DateRange, isoDay, merchantToday } from './dateRange.ts';

/**
 * Presets of a report or record over days that have happened (the member's records, the agent centre's reports): no
 * day to come, whose figures would all be zero. Days are the merchant's calendar days, as the server keeps its records.
 */
export const REPORT_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

const day = (y: number, m: number, d: number) => isoDay(new Date(y, m, d));

/** The days of a preset, today included where it reaches today. */
export function presetRange(preset: ReportPreset, today: Date = merchantToday()): DateRange {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  switch (preset) {
    case 'today':
      return { from: day(y, m, d), to: day(y, m, d) };
    case 'yesterday':
      return { from: day(y, m, d - 1), to: day(y, m, d - 1) };
    case 'last7':
      return { from: day(y, m, d - 6), to: day(y, m, d) };
    case 'last30':
      return { from: day(y, m, d - 29), to: day(y, m, d) };
    case 'thisMonth':
      return { from: day(y, m, 1), to: day(y, m, d) };
    case 'lastMonth':
      // Day 0 of a month is the last day of the one before.
      return { from: day(y, m - 1, 1), to: day(y, m, 0) };
  }
}

/** What keeps a hand-set range from being asked for, by field; none when it can be. */
export interface RangeProblems {
  from?: 'missing' | 'future';
  to?: 'missing' | 'future' | 'beforeStart';
}

export function rangeProblems(r: DateRange, today: Date = merchantToday()): RangeProblems {
  const last = isoDay(today);
  const problems: RangeProblems = {};
  if (r.from === '') problems.from = 'missing';
  else if (r.from > last) problems.from = 'future';
  if (r.to === '') problems.to = 'missing';
  else if (r.to > last) problems.to = 'future';
  else if (r.from !== '' && r.to < r.from) problems.to = 'beforeStart';
  return problems;
}

/** A range a report can be asked for: both days set, in order, neither after today. */
export const reportRangeIsValid = (r: DateRange, today: Date = merchantToday()) =>
  Object.keys(rangeProblems(r, today)).length === 0;
