import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import { formatDateRange } from '../../i18n/format.ts';
import { Chips } from './Chips.tsx';
import { type DateRange, isoDay, merchantToday } from './dateRange.ts';
import { inputClass } from './form.tsx';
import {
  presetRange,
  type RangeProblems,
  REPORT_PRESETS,
  type ReportPreset,
  rangeProblems,
} from './reportRange.ts';

export interface ReportRangeState extends DateRange {
  preset: ReportPreset | 'custom';
}

/** A report's range, starting on a preset (default: the last 7 days). */
export function useReportRange(initial: ReportPreset = 'last7') {
  return useState<ReportRangeState>(() => ({ preset: initial, ...presetRange(initial) }));
}

/** A calendar day (yyyy-MM-dd) as a local date, to format in the reader's locale. */
const dateOf = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/**
 * The range of a report over past days: presets that end today at the latest, and the two days by hand, refused
 * (under the field, and not asked for) when a day is after today or the end is before the start. Under them, the
 * chosen days in the reader's language.
 */
export function ReportRangePicker({
  value,
  onChange,
}: {
  value: ReportRangeState;
  onChange: (r: ReportRangeState) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const today = merchantToday();
  const names: Record<ReportPreset, string> = {
    today: t`Today`,
    yesterday: t`Yesterday`,
    last7: t`Last 7 days`,
    last30: t`Last 30 days`,
    thisMonth: t`This month`,
    lastMonth: t`Last month`,
  };
  const problems = rangeProblems(value, today);
  const messages: Record<NonNullable<RangeProblems['to']>, string> = {
    missing: t`Choose a day`,
    future: t`Choose a day no later than today`,
    beforeStart: t`The end date is before the start`,
  };
  const valid = !problems.from && !problems.to;
  const chosen = valid ? formatDateRange(dateOf(value.from), dateOf(value.to), i18n.locale) : '';
  const field = (which: 'from' | 'to', label: ReactNode) => {
    const problem = problems[which];
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-${which}`} className="text-xs text-muted">
          {label}
        </label>
        <input
          id={`${id}-${which}`}
          type="date"
          className={inputClass}
          value={value[which]}
          max={isoDay(today)}
          min={which === 'to' ? value.from || undefined : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-${which}-error` : undefined}
          onChange={(e) => onChange({ ...value, preset: 'custom', [which]: e.target.value })}
        />
        {problem && (
          <p id={`${id}-${which}-error`} className="text-sm text-danger">
            {messages[problem]}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="sr-only">
        <Trans>Date range</Trans>
      </legend>
      <Chips
        options={REPORT_PRESETS.map((p) => ({ value: p, label: names[p] }))}
        value={value.preset === 'custom' ? null : value.preset}
        onChange={(p) => onChange({ preset: p, ...presetRange(p, today) })}
      />
      <div className="grid grid-cols-2 gap-2">
        {field('from', <Trans>From</Trans>)}
        {field('to', <Trans>To</Trans>)}
      </div>
      {chosen && (
        <p className="text-xs text-muted" aria-live="polite">
          <Trans>Showing {chosen}</Trans>
        </p>
      )}
    </fieldset>
  );
}

/** A report's filter box: the range, then the report's own filters. */
export function ReportFilters({
  range,
  onRange,
  children,
}: {
  range: ReportRangeState;
  onRange: (r: ReportRangeState) => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-3 rounded-xl border border-line p-3">
      <ReportRangePicker value={range} onChange={onRange} />
      {children}
    </div>
  );
}
