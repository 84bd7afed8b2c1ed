import { i18n, type Messages } from '@lingui/core';
import { isOneOf, LOCALES as LOCALE_CODES } from '../../contract/constants.ts';
import { offeredLanguage } from '../../contract/firstReplies.ts';
import type { Locale, TyLanguage } from '../../contract/merchant.ts';
import { setApiLanguage } from '../api/client.ts';

/** The catalogues, by their own names (a reader finds their language whatever is active). */
export const LOCALES: { code: Locale; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'vi', label: 'Tiếng Việt' },
  { code: 'th', label: 'ไทย' },
  { code: 'zh', label: '中文' },
];

/** QA's pseudo-locale (accented English): `?lang=pseudo` turns it on for the tab. */
export const PSEUDO = 'pseudo';
export type UiLocale = Locale | typeof PSEUDO;

/** Spec §1 and §4: the switch offers EN and TY (the merchant's other catalogue), plus the pseudo-locale once on. */
export function switchLocales(ty: TyLanguage, storage: Storage = sessionStorage): UiLocale[] {
  return storage.getItem('qaPseudo') ? ['en', ty, PSEUDO] : ['en', ty];
}

/**
 * Spec §4 Language: when nothing is saved, EN is saved as `lang` and `hisLang`; the active one is the saved one.
 * `?lang=pseudo` in the address selects the pseudo-locale for this tab (never saved as the member's language).
 */
export function savedLocale(
  storage: Storage = localStorage,
  search = '',
  tab: Storage = sessionStorage,
): UiLocale {
  if (new URLSearchParams(search).get('lang') === PSEUDO) tab.setItem('qaPseudo', '1');
  if (tab.getItem('qaPseudo')) return PSEUDO;
  const saved = storage.getItem('lang');
  if (isOneOf(LOCALE_CODES, saved)) return saved;
  storage.setItem('lang', 'en');
  storage.setItem('hisLang', 'en');
  return 'en';
}

/**
 * The language the app starts in: the saved one if the merchant offers it (`tyLanguage`, when the page's replies tell
 * it), else English, as the server drew the page (server/http/pageHints.ts); the pseudo-locale stays.
 */
export const startLocale = (saved: UiLocale, tyLanguage: string | undefined): UiLocale =>
  saved === PSEUDO || tyLanguage === undefined ? saved : offeredLanguage(saved, tyLanguage);

export const catalogues: Record<UiLocale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages.po'),
  vi: () => import('../../locales/vi/messages.po'),
  th: () => import('../../locales/th/messages.po'),
  zh: () => import('../../locales/zh/messages.po'),
  pseudo: () => import('../../locales/pseudo/messages.po'),
};

/**
 * Loads and activates a catalogue: the page's `lang` follows it (the pseudo-locale reads as English, `en-XA`), and the
 * server is asked for content in it (English for the pseudo-locale).
 */
export async function activateLocale(
  locale: UiLocale,
  storage: Storage = localStorage,
  tab: Storage = sessionStorage,
): Promise<void> {
  // First: the calls a page starts while the catalogue loads (src/main.tsx) already ask in the new language.
  setApiLanguage(locale === PSEUDO ? 'en' : locale);
  const { messages } = await catalogues[locale]();
  i18n.loadAndActivate({ locale, messages });
  if (locale === PSEUDO) tab.setItem('qaPseudo', '1');
  else {
    tab.removeItem('qaPseudo');
    storage.setItem('hisLang', storage.getItem('lang') ?? locale);
    storage.setItem('lang', locale);
    // Beside the saved language, for the server: a page's HTML hints this language's catalogue and banner.
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Safari and in jsdom
    document.cookie = `lang=${locale}; path=/; max-age=31536000; samesite=lax`;
  }
  document.documentElement.lang = locale === PSEUDO ? 'en-XA' : locale;
}

export { i18n };
