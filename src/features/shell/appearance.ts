import { isOneOf, THEMES } from '../../../contract/constants.ts';
import type { Brand, Theme } from '../../../contract/merchant.ts';

const THEME_KEY = 'theme';

/** The visitor's saved theme, else the merchant's default. */
export function savedTheme(fallback: Theme): Theme {
  const saved = localStorage.getItem(THEME_KEY);
  return isOneOf(THEMES, saved) ? saved : fallback;
}

/** The page's theme; the server's first paint of a page (src/ssr) has no document and draws the default. */
export const currentTheme = (): Theme =>
  (globalThis.document?.documentElement.dataset.theme as Theme) ?? 'dark';

export function applyTheme(theme: Theme, persist: boolean): void {
  document.documentElement.dataset.theme = theme;
  if (persist) localStorage.setItem(THEME_KEY, theme);
}

/** One build serves every brand: the merchant's colours, name and icon are applied at run time. */
export function applyBrand(brand: Brand): void {
  const root = document.documentElement.style;
  root.setProperty('--brand-primary', brand.primary);
  root.setProperty('--brand-accent', brand.accent);
  document.title = brand.name;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = brand.iconUrl;
}
