import { expect, type Page } from '@playwright/test';

/** A phone's width, and a phone as the screen checks emulate it (no motion: screens are measured still). */
export const WIDTH = 375;
export const PHONE = {
  viewport: { width: WIDTH, height: 812 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  reducedMotion: 'reduce',
} as const;

/** The two themes every screen is checked in. */
export type Theme = 'light' | 'dark';

const loading = (page: Page) => page.locator('[data-skeleton], .fixed[role="progressbar"]');

/**
 * Waits for the page's data: no skeleton and no route loading bar (the fixed progress bar) left. Long pages mount
 * their lower sections when scrolled near, so the page is scrolled through first, a screen at a time.
 */
export async function settle(page: Page) {
  await expect(loading(page)).toHaveCount(0, { timeout: 10_000 });
  const scrolled = await page.evaluate(async () => {
    let steps = 0;
    while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 1 && steps < 20) {
      window.scrollBy(0, window.innerHeight);
      steps += 1;
      for (let i = 0; i < 2; i += 1) await new Promise(requestAnimationFrame);
    }
    window.scrollTo(0, 0);
    return steps;
  });
  if (scrolled > 0) await expect(loading(page)).toHaveCount(0, { timeout: 10_000 });
}

/**
 * Waits until the app has taken over the screen the server drew (src/main.tsx): until then the page is inert, and a
 * player's tap or choice does nothing (Playwright's selectOption and fill do not check for inert).
 */
export const takenOver = (page: Page) => expect(page.locator('#root[data-drawn]')).toHaveCount(0);

/** Switches the theme as the theme button does. */
export function setTheme(page: Page, theme: Theme) {
  return page.evaluate(async (t) => {
    localStorage.setItem('theme', t);
    const html = document.documentElement;
    html.dataset.theme = t;
    // Every style computed afresh: otherwise Chromium now and then hands axe a text colour of the other theme.
    html.style.display = 'none';
    void html.offsetHeight;
    html.style.display = '';
    for (let i = 0; i < 2; i += 1) await new Promise(requestAnimationFrame);
  }, theme);
}
