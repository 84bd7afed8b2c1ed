import { useLingui } from '@lingui/react/macro';
import { activateLocale, LOCALES } from '../../i18n/i18n.ts';

/** EN/VI switch; the active language is saved as `lang` (and the previous one as `hisLang`). */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  return (
    <label className="flex items-center">
      <span className="sr-only">{t`Language`}</span>
      <select
        value={i18n.locale}
        onChange={(e) => void activateLocale(e.target.value as (typeof LOCALES)[number]['code'])}
        className="h-9 rounded-full border border-line bg-raised px-2 text-sm"
      >
        {LOCALES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
