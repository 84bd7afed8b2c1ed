import { i18n, type Messages } from '@lingui/core';
import { isOneOf, LOCALES as LOCALE_CODES } from '../../contract/constants.ts';
import { offeredLanguage } from '../../contract/firstReplies.ts';
import type { Locale, TyLanguage } from '../../contract/merchant.ts';
import { setApiLanguage } from '../api/client.ts';

/** Once per code: building an Intl.DisplayNames is ~17 ms of a slow phone's first render (header's switch). */
const labels = new Map<Locale, string>();

/**
 * A catalogue's name in its own language (a reader finds their language whatever is active), as `Intl` names it:
 * no label list in the first chunk, and the names CLDR's translators chose. Simplified Chinese says so beside
 * Traditional.
 */
export function languageLabel(code: Locale): string {
  let label = labels.get(code);
  if (label === undefined) {
    const name =
      new Intl.DisplayNames([code], { type: 'language' }).of(code === 'zh' ? 'zh-Hans' : code) ?? code;
    label = name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
    labels.set(code, label);
  }
  return label;
}

/** Every shipped catalogue, English first (contract/constants.ts). */
export const LOCALES: readonly Locale[] = LOCALE_CODES;

/** QA's pseudo-locale (accented English): `?lang=pseudo` turns it on for the tab. */
export const PSEUDO = 'pseudo';
export type UiLocale = Locale | typeof PSEUDO;

/**
 * Spec §1 and §4: the switch offers EN first, then the merchant's languages (contract offeredLanguages: its TY entry,
 * or its full list with LANGUAGE_LIST on), plus the pseudo-locale once on.
 */
export function switchLocales(offered: readonly TyLanguage[], storage: Storage = sessionStorage): UiLocale[] {
  return storage.getItem('qaPseudo') ? ['en', ...offered, PSEUDO] : ['en', ...offered];
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
 * The language the app starts in: the saved one if the merchant offers it (`offered`, when the page's replies tell
 * it), else English, as the server drew the page (server/http/pageHints.ts); the pseudo-locale stays.
 */
export const startLocale = (saved: UiLocale, offered: readonly string[] | undefined): UiLocale =>
  saved === PSEUDO || offered === undefined ? saved : offeredLanguage(saved, offered);

// One lazy chunk per catalogue (the Lingui plugin compiles each): only the active language is downloaded.
const catalogueFiles = import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po');

export const catalogues = Object.fromEntries(
  [...LOCALE_CODES, PSEUDO].map((l) => [l, catalogueFiles[`../../locales/${l}/messages.po`]]),
) as Record<UiLocale, () => Promise<{ messages: Messages }>>;

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
