import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { formatDateTime } from '../../i18n/format.ts';
import { inputClass } from './form.tsx';

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
      <time dateTime={iso}>{formatDateTime(iso, i18n.locale)}</time>
    </td>
  );
}
