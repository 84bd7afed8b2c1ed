import { expect, type Page, test } from '@playwright/test';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { takenOver } from './screens.ts';

const ops = (page: Page, code: string, data: object) =>
  page.request.patch(`/ops/merchants/${code}`, {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    data,
  });

test.describe('portal shell', () => {
  test('home shows the brand, the nav categories that have vendors, banners and the footer', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Portico home' })).toBeVisible();
    await expect(page).toHaveTitle('Portico');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of [
      'E-Lottery',
      'Lottery',
      'Live Casino',
      'Sports',
      'Fishing',
      'Slots',
      'Card Games',
      'E-Sports',
    ])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Cockfight' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Promotions' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'App Download' })).toBeVisible();

    const banners = page.getByRole('region', { name: 'Banners' });
    await expect(banners.getByRole('img').first()).toBeVisible();
    await expect(banners.getByRole('button', { name: /Banner 1 of 3/ })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Help center' })).toBeVisible();
  });

  test('a category dropdown lists its vendors and More; a vendor opens the filtered lobby', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Slots providers' }).click();
    const list = nav.locator('#nav-RNG');
    await expect(list.getByRole('link')).toHaveCount(13);
    await expect(list.getByRole('link', { name: 'More' })).toBeVisible();
    await list.getByRole('link', { name: 'Playtech' }).click();
    await expect(page).toHaveURL(/\/rng\?vendor=PT/);
    const games = page.getByRole('list', { name: 'Slots' });
    await expect(games.getByRole('article').first()).toBeVisible();
    await expect(games.getByText('Playtech').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Playtech' }).last()).toHaveAttribute('aria-current', 'page');
  });

  test('the theme switch persists across reloads', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the language switch translates the portal and saves lang and hisLang', async ({ page }) => {
    await page.goto('/');
    await takenOver(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('vi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
    await expect(nav.getByRole('link', { name: 'Khuyến mãi' })).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')]),
    ).toEqual(['vi', 'en']);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
  });

  test('the TY entry speaks each merchant’s configured language, and the pseudo-locale is there for QA', async ({
    page,
  }) => {
    await page.goto('/?merchant=LOTUS');
    await takenOver(page);
    const language = page.getByRole('combobox', { name: 'Language' });
    await expect(language.getByRole('option')).toHaveText(['EN · English', 'TY · ไทย']);
    await language.selectOption('th');
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('navigation', { name: 'เมนูหลัก' })).toBeVisible();
    await page.goto('/?merchant=LOTUS&lang=pseudo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await expect(page.getByRole('navigation', { name: 'Ḿàĩń' })).toBeVisible();
  });

  test('with LANGUAGE_LIST a merchant’s switch lists its languages at 375 px; one taken off gives way to English', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    expect(
      (await ops(page, 'LOTUS', { languages: ['th', 'ja', 'ko'], features: { LANGUAGE_LIST: true } })).ok(),
    ).toBe(true);
    try {
      await page.goto('/?merchant=LOTUS');
      // On a phone the switch lives in the menu's drawer.
      await page.getByRole('button', { name: 'Menu' }).click();
      const language = page.getByRole('combobox', { name: 'Language' });
      await expect(language.getByRole('option')).toHaveText(['English', 'ไทย', '日本語', '한국어']);
      await language.selectOption('ja');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
      // Named in the language it now speaks.
      await expect(page.getByRole('combobox', { name: '言語' })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await ops(page, 'LOTUS', { languages: ['th'], features: { LANGUAGE_LIST: false } });
    }
    // Japanese is saved but no longer offered: the page is drawn, and the app starts, in English.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('combobox', { name: 'Language' }).getByRole('option')).toHaveText([
      'EN · English',
      'TY · ไทย',
    ]);
  });

  test('a second merchant gets its own brand and theme default', async ({ page }) => {
    await page.goto('/?merchant=LOTUS');
    await expect(page.getByRole('link', { name: 'Lotus Play home' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('maintenance shows the maintenance page with its end and customer service, then the portal again', async ({
    page,
  }) => {
    const end = new Date(Date.now() + 2 * 3_600_000).toISOString();
    expect((await ops(page, 'LOTUS', { maintenance: true, maintenanceEnd: end })).ok()).toBe(true);
    try {
      await page.goto('/?merchant=LOTUS');
      await expect(page.getByRole('heading', { name: 'System maintenance' })).toBeVisible();
      await expect(page.getByText('Maintenance ends:')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Customer service' })).toBeEnabled();
    } finally {
      await ops(page, 'LOTUS', { maintenance: false });
    }
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByRole('link', { name: 'Lotus Play home' })).toBeVisible();
  });

  test('the access guard sends visitors to /login when the merchant requires login', async ({ page }) => {
    await ops(page, 'LOTUS', { features: { LOGGED_IN_TO_HOME: true } });
    try {
      await page.goto('/rng?merchant=LOTUS');
      await expect(page).toHaveURL(/\/login$/);
      await page.goto('/download');
      await expect(page).toHaveURL(/\/download$/);
    } finally {
      await ops(page, 'LOTUS', { features: { LOGGED_IN_TO_HOME: false } });
    }
  });

  test('the download page shows a QR code for the iOS profile', async ({ page }) => {
    await page.goto('/download');
    await expect(page.getByRole('img', { name: /QR code for Portico for iOS/ })).toBeVisible();
    const href = await page.getByRole('link', { name: /Download Portico for iOS/ }).getAttribute('href');
    expect(href).toMatch(/\/downloads\/PORTICO\.mobileconfig$/);
  });

  test('the first screen of home and a lobby does not move as it loads, on a phone with a 4x slower CPU', async ({
    browser,
  }) => {
    for (const path of ['/', '/rng']) {
      const page = await browser.newPage({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: string[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number })[])
            if (e.value > 0.001) w.shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms`);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await page.waitForTimeout(1500);
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), path).toEqual([]);
      await page.close();
    }
  });

  test('works at 375 px: the nav folds into a menu and nothing overflows sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: 'Slots', exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('the spec’s aliases of home and registration show those pages', async ({ page }) => {
  for (const alias of ['/index', '/index.html', '/home']) {
    await page.goto(alias);
    await expect(page.getByRole('heading', { name: 'Providers' })).toBeVisible();
  }
  await page.goto('/register.html');
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
});
