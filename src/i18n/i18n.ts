import { i18n, type Messages } from '@lingui/core';
import { type Locale, locale as localeSchema } from '../../contract/merchant.ts';
import { setApiLanguage } from '../api/client.ts';

export const LOCALES: { code: Locale; label: string }[] = [
  { code: 'en', label: 'EN' },
  { code: 'vi', label: 'VI' },
];

/** Spec §4 Language: when nothing is saved, EN is saved as `lang` and `hisLang`; the active one is the saved one. */
export function savedLocale(storage: Storage = localStorage): Locale {
  const saved = localeSchema.safeParse(storage.getItem('lang'));
  if (saved.success) return saved.data;
  storage.setItem('lang', 'en');
  storage.setItem('hisLang', 'en');
  return 'en';
}

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/messages.po'),
  vi: () => import('../../locales/vi/messages.po'),
};

export async function activateLocale(locale: Locale, storage: Storage = localStorage): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  storage.setItem('hisLang', storage.getItem('lang') ?? locale);
  storage.setItem('lang', locale);
  document.documentElement.lang = locale;
  setApiLanguage(locale);
}

export { i18n };
