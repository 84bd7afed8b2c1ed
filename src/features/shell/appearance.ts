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

// Each write below only when it changes something: the server's first screen already carries the merchant's theme,
// colours and icon, and rewriting the root's attribute or custom properties makes the browser restyle the whole page
// (a phone's long task at the takeover), the icon's address fetch it again.

export function applyTheme(theme: Theme, persist: boolean): void {
  if (document.documentElement.dataset.theme !== theme) document.documentElement.dataset.theme = theme;
  if (persist) localStorage.setItem(THEME_KEY, theme);
}

/** One build serves every brand: the merchant's colours, name and icon are applied at run time. */
export function applyBrand(brand: Brand): void {
  const root = document.documentElement.style;
  if (root.getPropertyValue('--brand-primary') !== brand.primary)
    root.setProperty('--brand-primary', brand.primary);
  if (root.getPropertyValue('--brand-accent') !== brand.accent)
    root.setProperty('--brand-accent', brand.accent);
  if (document.title !== brand.name) document.title = brand.name;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon && icon.getAttribute('href') !== brand.iconUrl) icon.href = brand.iconUrl;
}
