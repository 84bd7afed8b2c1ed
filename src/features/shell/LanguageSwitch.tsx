import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { offeredLanguages } from '../../../contract/firstReplies.ts';
import type { TyLanguage } from '../../../contract/merchant.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { activateLocale, languageLabel, PSEUDO, switchLocales, type UiLocale } from '../../i18n/i18n.ts';

/** Spec §1's entry names (EN, TY) before each language's own name; a full list (LANGUAGE_LIST) shows the names alone. */
const entryLabel = (code: UiLocale, list: boolean) =>
  code === PSEUDO
    ? 'QA · Ƥšéûðô'
    : list
      ? languageLabel(code)
      : `${code === 'en' ? 'EN' : 'TY'} · ${languageLabel(code)}`;

/**
 * The language switch: EN and TY (the merchant's configured catalogue), or with LANGUAGE_LIST on every language the
 * merchant offers, English first. A native select: one control for keyboards, screen readers and a 375 px header
 * whatever the list's length, and no code of its own to load. The active language is saved as `lang` (the previous
 * one as `hisLang`); a saved language this merchant does not offer gives way to English.
 */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const info = useQuery(whitelabelQuery()).data;
  const offered = info ? switchLocales(offeredLanguages(info) as TyLanguage[]) : null;
  const list = info?.features.LANGUAGE_LIST === true;
  const current = i18n.locale as UiLocale;
  useEffect(() => {
    if (offered && !offered.includes(current)) void activateLocale('en');
  }, [offered, current]);
  return (
    <label className="flex min-w-0 items-center">
      <span className="sr-only">{t`Language`}</span>
      <select
        value={current}
        onChange={(e) => void activateLocale(e.target.value as UiLocale)}
        className="h-9 max-w-36 truncate rounded-full border border-line bg-raised px-2 text-sm"
      >
        {(offered ?? [current]).map((code) => (
          <option key={code} value={code}>
            {entryLabel(code, list)}
          </option>
        ))}
      </select>
    </label>
  );
}
