import { expect, type Page, test } from '@playwright/test';

// Issue 27 item 7: a ?merchant= preview shows the merchant's brand from the first paint, never the build's own.
// The app's code is held back where it matters: what shows then is the server's page alone.
const withoutApp = (page: Page) =>
  page.route(/\/assets\/(index|app|vendor)-[^/]*\.js$/, (route) => route.abort());

test('the first HTML of a ?merchant=LOTUS preview already carries its brand, drawn page or not', async ({
  request,
}) => {
  for (const path of ['/', '/download', '/member', '/seamless']) {
    const html = await (await request.get(`${path}?merchant=LOTUS`)).text();
    expect(html, path).toContain('<title>Lotus Play</title>');
    expect(html, path).toMatch(/<html lang="[a-z]+" data-theme="light" style="--brand-primary:#0f8f7e;/);
    expect(html, path).toContain('<link rel="icon" href="/art/LOTUS/icon.png">');
    expect(html, path).not.toContain('<title>Portal</title>');
  }
});

test('before any code runs, the preview paints Lotus Play: name, logo, colours and title', async ({
  page,
}) => {
  await withoutApp(page);
  await page.goto('/?merchant=LOTUS');
  await expect(page).toHaveTitle('Lotus Play');
  await expect(page.locator('#root a[aria-label="Lotus Play home"] img')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--brand-primary'))).toBe(
    '#0f8f7e',
  );
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByText('Portico', { exact: true })).toHaveCount(0);
});

test('once the app runs, the preview stays Lotus Play', async ({ page }) => {
  const titles: string[] = [];
  await page.exposeFunction('seenTitle', (t: string) => titles.push(t));
  await page.addInitScript(() => {
    const report = () => (window as unknown as { seenTitle(t: string): void }).seenTitle(document.title);
    document.addEventListener('DOMContentLoaded', () => {
      report();
      new MutationObserver(report).observe(document.head, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
  });
  await page.goto('/download?merchant=LOTUS');
  await expect(page.getByRole('heading', { name: 'Get the Lotus Play app' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lotus Play home' })).toBeVisible();
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.every((t) => t === 'Lotus Play')).toBe(true);
});

test('the footer’s App download opens the download modal: each phone’s QR code and steps', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'App download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download the app' });
  await expect(dialog).toBeVisible();
  // The demo merchants publish the iOS profile only.
  await dialog.getByRole('tab', { name: 'iOS' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for Portico for iOS' })).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(4);
  await expect(dialog.getByText(/VPN & Device Management/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Download', exact: true })).toHaveAttribute(
    'href',
    /\/downloads\/PORTICO\.mobileconfig$/,
  );
  await dialog.getByRole('tab', { name: 'Android' }).click();
  await expect(dialog.getByText('The Android app is not available yet.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
