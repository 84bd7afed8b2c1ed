import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whitelabelQuery } from '../../api/queries.ts';
import { activateLocale, languageLabel, PSEUDO, switchLocales, type UiLocale } from '../../i18n/i18n.ts';

/** The entry names of spec §1 (EN, TY), each with its language's own name. */
const entryLabel = (code: UiLocale) =>
  code === PSEUDO ? 'QA · Ƥšéûðô' : `${code === 'en' ? 'EN' : 'TY'} · ${languageLabel(code)}`;

/**
 * EN/TY switch: TY is the merchant's configured catalogue; the active language is saved as `lang` (and the previous
 * one as `hisLang`). A saved language this merchant does not offer gives way to English.
 */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const ty = useQuery(whitelabelQuery()).data?.tyLanguage;
  const offered = ty ? switchLocales(ty) : null;
  const current = i18n.locale as UiLocale;
  useEffect(() => {
    if (offered && !offered.includes(current)) void activateLocale('en');
  }, [offered, current]);
  return (
    <label className="flex items-center">
      <span className="sr-only">{t`Language`}</span>
      <select
        value={current}
        onChange={(e) => void activateLocale(e.target.value as UiLocale)}
        className="h-9 rounded-full border border-line bg-raised px-2 text-sm"
      >
        {(offered ?? [current]).map((code) => (
          <option key={code} value={code}>
            {entryLabel(code)}
          </option>
        ))}
      </select>
    </label>
  );
}
