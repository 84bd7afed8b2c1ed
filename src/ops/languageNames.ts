import type { Locale } from '../../contract/merchant.ts';

/**
 * A catalogue's name in the operator's language (the back office's active one), as `Intl` names it: "Thai" for an
 * English-speaking operator, with Simplified Chinese told apart from Traditional. (The portal's switch names each
 * language in itself: src/i18n languageLabel.)
 */
export function languageName(code: Locale, uiLocale: string): string {
  const names = new Intl.DisplayNames([uiLocale === 'pseudo' ? 'en' : uiLocale, 'en'], { type: 'language' });
  return names.of(code === 'zh' ? 'zh-Hans' : code) ?? code;
}
