import { expect, type Page, test } from '@playwright/test';

// The server draws a visitor's first screen into the page (server/http/firstScreen.ts, src/ssr/firstScreen.tsx).
// The app's code is held back here so that what the server drew is what the page shows.
const withoutApp = (page: Page) =>
  page.route(/\/assets\/(index|app|vendor)-[^/]*\.js$/, (route) => route.abort());
const drawn = (page: Page) => page.locator('#root[data-drawn]');
/** Errors the page reports: a failed takeover (hydration) is one, React's recoverable error. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('a visitor sees home drawn by the server before the app: brand, nav, banner, footer', async ({
  page,
}) => {
  await withoutApp(page);
  await page.goto('/');
  const screen = drawn(page);
  await expect(screen).toBeVisible();
  await expect(screen.locator('a[aria-label="Portico home"] img')).toBeVisible();
  await expect(page).toHaveTitle('Portico');
  await expect(screen.locator('nav#main-nav a[href="/rng"]')).toHaveText('Slots');
  const banner = screen.locator('section[aria-label="Banners"] img').first();
  await expect(banner).toBeVisible();
  expect(await banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(screen.locator('footer')).toContainText('Play responsibly');
  // The merchant's colours are on the page before any code.
  expect(
    await page.evaluate(() => document.documentElement.style.getPropertyValue('--brand-primary')),
  ).toMatch(/^#[0-9a-f]{6}$/i);
  // Nothing on it takes a choice before the app can act on it.
  expect(await screen.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
});

test('a lobby is drawn in the saved language; a member’s page is not drawn at all', async ({
  page,
  context,
}) => {
  await withoutApp(page);
  await context.addCookies([{ name: 'lang', value: 'vi', url: test.info().project.use.baseURL! }]);
  await page.goto('/rng');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(drawn(page).locator('nav#main-nav a[href="/promotions"]')).toHaveText('Khuyến mãi');
  await page.goto('/member');
  await expect(drawn(page)).toHaveCount(0);
});

test('the boot script applies the saved theme before the app, and hides the visitor’s screen from a member', async ({
  page,
}) => {
  await withoutApp(page);
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(drawn(page)).toBeVisible();
  await page.addInitScript(() => sessionStorage.setItem('token', 'a-member'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-member', '');
  await expect(drawn(page)).toBeHidden();
});

test('the app takes over the server’s screen, the same elements, which then take choices', async ({
  page,
}) => {
  const errors = pageErrors(page);
  // The elements the server drew, kept as the page parses them, are the ones the app then has: hydrated, not redrawn.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as Record<string, Element | null>;
      w.drawnHeader = document.querySelector('#root header');
      w.drawnMain = document.querySelector('#root main');
    }),
  );
  await page.goto('/');
  await expect(drawn(page)).toHaveCount(0);
  expect(
    await page.evaluate(() => {
      const w = window as unknown as Record<string, Element | null>;
      return [
        w.drawnHeader === document.querySelector('#root header'),
        w.drawnMain === document.querySelector('#root main'),
      ];
    }),
  ).toEqual([true, true]);
  expect(errors).toEqual([]);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('vi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await page.getByRole('button', { name: 'Đăng nhập' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the lottery centre’s rows come with the page: drawn, taken over as they are, not asked again', async ({
  page,
}) => {
  const errors = pageErrors(page);
  const menuCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/lgw/vn/games/game_menu') menuCalls.push(r.url());
  });
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as { drawnRows: Element[] };
      w.drawnRows = [...document.querySelectorAll('#root main li[aria-label]')];
    }),
  );
  await page.goto('/lotteryCenter');
  await expect(drawn(page)).toHaveCount(0);
  const [drawnRows, kept] = await page.evaluate(() => {
    const { drawnRows } = window as unknown as { drawnRows: Element[] };
    const rows = [...document.querySelectorAll('#root main li[aria-label]')];
    return [drawnRows.length, rows.length === drawnRows.length && rows.every((r, i) => r === drawnRows[i])];
  });
  expect(drawnRows).toBeGreaterThan(0);
  expect(kept).toBe(true);
  await expect(page.getByTestId('lottery-skeleton')).toHaveCount(0);
  // Its list's first refresh is 7 s on at the soonest: until then the menu the page carried is the list.
  expect(menuCalls).toEqual([]);
  expect(errors).toEqual([]);
});

test('a page drawn in another language than the saved one, or for a member, is replaced, not taken over', async ({
  page,
}) => {
  const errors = pageErrors(page);
  // Saved in this browser, but not in the cookie the server reads: the server draws English.
  await page.addInitScript(() => localStorage.setItem('lang', 'vi'));
  await page.goto('/rng');
  await expect(page.getByRole('navigation', { name: 'Điều hướng chính' })).toBeVisible();
  await expect(drawn(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});
