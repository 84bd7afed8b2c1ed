import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { Country } from '../../../contract/auth.ts';

/** Spec §4/§9: the dial-code dropdown opens on focus and closes 200 ms after blur (so a click on an option lands). */
export const COUNTRY_CLOSE_DELAY_MS = 200;

export function CountrySelect({
  countries,
  value,
  onChange,
}: {
  countries: Country[];
  value: string;
  onChange: (dialCode: string) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();
  useEffect(() => () => clearTimeout(closing.current), []);

  const choose = (c: Country) => {
    onChange(c.countryDialingCode);
    setOpen(false);
  };
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t`Country code ${value}`}
        onFocus={() => {
          clearTimeout(closing.current);
          setOpen(true);
        }}
        onBlur={() => {
          closing.current = setTimeout(() => setOpen(false), COUNTRY_CLOSE_DELAY_MS);
        }}
        onClick={() => setOpen(true)}
        className="h-11 rounded-lg border border-line bg-surface px-3 font-mono"
      >
        {value}
      </button>
      {open && (
        <ul
          id={listId}
          aria-label={t`Country`}
          className="absolute z-10 mt-1 max-h-56 w-40 overflow-y-auto rounded-lg border border-line bg-raised shadow-xl"
        >
          {countries.map((c) => (
            <li key={c.countryCode}>
              <button
                type="button"
                aria-pressed={c.countryDialingCode === value}
                className="flex w-full justify-between px-3 py-2 text-left hover:bg-line/40"
                onFocus={() => clearTimeout(closing.current)}
                onBlur={() => {
                  closing.current = setTimeout(() => setOpen(false), COUNTRY_CLOSE_DELAY_MS);
                }}
                onClick={() => choose(c)}
              >
                <span>{c.countryCode}</span>
                <span className="font-mono">{c.countryDialingCode}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
