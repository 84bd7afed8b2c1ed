import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import { Chips } from './Chips.tsx';
import { type DateRange, RANGE_SECTIONS, type RangeSection, sectionRange } from './dateRange.ts';
import { inputClass } from './form.tsx';

export interface RangeState extends DateRange {
  section: RangeSection | 'custom';
}

/** Starts on a section of spec §9 (default: the last 7 days). */
export function useRange(initial: RangeSection = 'last7') {
  return useState<RangeState>(() => ({ section: initial, ...sectionRange(initial) }));
}

/** A range that can be asked for: both days set, the first not after the last. */
export const rangeIsValid = (r: DateRange) => r.from !== '' && r.to !== '' && r.from <= r.to;

/**
 * Date-range sections of spec §9 (next 7 days, next 30 days, last 7 days, last 30 days) as one choice, and the two
 * days themselves, which a member may also set by hand.
 */
export function RangePicker({ value, onChange }: { value: RangeState; onChange: (r: RangeState) => void }) {
  const { t } = useLingui();
  const id = useId();
  const names: Record<RangeSection, string> = {
    next7: t`Next 7 days`,
    next30: t`Next 30 days`,
    last7: t`Last 7 days`,
    last30: t`Last 30 days`,
  };
  const invalid = !rangeIsValid(value);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">
        <Trans>Date range</Trans>
      </legend>
      <Chips
        options={RANGE_SECTIONS.map((s) => ({ value: s, label: names[s] }))}
        value={value.section === 'custom' ? null : value.section}
        onChange={(s) => onChange({ section: s, ...sectionRange(s) })}
      />
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-xs text-muted">
            <Trans>From</Trans>
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={inputClass}
            value={value.from}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(e) => onChange({ ...value, section: 'custom', from: e.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-xs text-muted">
            <Trans>To</Trans>
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={inputClass}
            value={value.to}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(e) => onChange({ ...value, section: 'custom', to: e.target.value })}
          />
        </div>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="text-sm text-danger">
          <Trans>Choose both days, the first not after the last</Trans>
        </p>
      )}
    </fieldset>
  );
}

/** A record page's filter box: the date range, then the page's own filters. */
export function RecordFilters({
  range,
  onRange,
  children,
}: {
  range: RangeState;
  onRange: (r: RangeState) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line p-3">
      <RangePicker value={range} onChange={onRange} />
      {children}
    </div>
  );
}

/** A labelled filter select whose first option ('' value) means "all". */
export function FilterSelect<V extends string>({
  label,
  all,
  value,
  options,
  onChange,
  className = '',
}: {
  label: ReactNode;
  all: string;
  value: V | '';
  options: { value: V; label: string }[];
  onChange: (value: V | '') => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs text-muted">
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value as V | '')}
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled text filter (an account, a vendor); empty means "all", which the placeholder says. */
export function FilterText({
  label,
  placeholder,
  value,
  onChange,
  maxLength = 64,
}: {
  label: ReactNode;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs text-muted">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={inputClass}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A record row's time cell, in the reader's locale. */
export function TimeCell({ iso }: { iso: string }) {
  const { i18n } = useLingui();
  return (
    <td className="py-2 pr-2 whitespace-nowrap">
      <time dateTime={iso}>{new Date(iso).toLocaleString(i18n.locale)}</time>
    </td>
  );
}
