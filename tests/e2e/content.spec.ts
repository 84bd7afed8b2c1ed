import { expect, type Page, test } from '@playwright/test';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { logIn } from './session.ts';

const headers = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
const xss = (page: Page) => page.evaluate(() => (window as { __xss?: number }).__xss);

// Specs share one server: the popup is removed afterwards, or every later spec would meet it on arrival.
let posted: number | undefined;
test.afterEach(async ({ request }) => {
  if (posted !== undefined) await request.delete(`/ops/merchants/PORTICO/notices/${posted}`, { headers });
  posted = undefined;
});

test.describe('announcements', () => {
  test('an operator posts a popup with hostile HTML; a member sees it once and nothing in it runs', async ({
    page,
  }) => {
    const res = await page.request.post('/ops/merchants/PORTICO/notices', {
      headers,
      data: {
        type: 'PU',
        titles: { en: 'Weekend bonus', vi: 'Thưởng cuối tuần' },
        contents: {
          en:
            '<p>Double <b>points</b> all weekend</p><script>window.__xss=1</script>' +
            '<img src=x onerror="window.__xss=2"><a href="javascript:window.__xss=3">terms</a>',
          vi: '<p>Nhân đôi điểm</p>',
        },
      },
    });
    expect(res.ok()).toBe(true);
    posted = (await res.json()).value.notice.id;
    const popup = page.getByRole('dialog', { name: 'Weekend bonus' });

    // Not on the register page: the banners there come from the same notice index, so once they show the popup
    // would have too.
    await page.goto('/register');
    await expect(page.getByRole('region', { name: 'Banners' })).toBeVisible();
    await expect(popup).toHaveCount(0);

    // A visitor arriving on home sees it, with its formatting and without its script.
    await page.goto('/');
    await expect(popup).toBeVisible();
    await expect(popup.getByText('points')).toBeVisible();
    await expect(popup.locator('script')).toHaveCount(0);
    await expect(popup.locator('img[onerror]')).toHaveCount(0);
    await expect(popup.getByText('terms')).not.toHaveAttribute('href', /.*/);
    await popup.getByText('terms').click();
    expect(await xss(page)).toBeUndefined();
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();

    // The member's login session shows it once more; closed, it stays closed across reloads.
    await logIn(page);
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'player01' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notices' })).toBeVisible();
    await expect(popup).toHaveCount(0);
    expect(await xss(page)).toBeUndefined();

    // The marquee opens the notices; the announcement reads in full there too, still harmless.
    await page.getByRole('button', { name: /Open the notices/ }).click();
    const notices = page.getByRole('dialog', { name: 'Notices' });
    await notices.getByRole('button', { name: 'Weekend bonus' }).click();
    await expect(notices.getByRole('heading', { name: 'Weekend bonus' })).toBeVisible();
    await expect(notices.getByText('points')).toBeVisible();
    expect(await xss(page)).toBeUndefined();
  });
});
