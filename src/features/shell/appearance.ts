import { isOneOf, THEMES } from '../../../contract/constants.ts';
import type { Brand, Theme } from '../../../contract/merchant.ts';

const THEME_KEY = 'theme';

/** The visitor's saved theme, else the merchant's default. */
export function savedTheme(fallback: Theme): Theme {
  const saved = localStorage.getItem(THEME_KEY);
  return isOneOf(THEMES, saved) ? saved : fallback;
}

/** The page's theme, and a watch on it (useSyncExternalStore): the page's, not a copy that could differ. */
export const currentTheme = (): Theme => (document.documentElement.dataset.theme as Theme) ?? 'dark';
export function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

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
