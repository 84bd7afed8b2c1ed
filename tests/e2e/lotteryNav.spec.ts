import { expect, test } from '@playwright/test';

// Issue 27: the lottery reachable from the header (spec §2 path map, lottery → /lotteryCenter), the betting page one
// tap from the centre and back, and the demo seed's last 7 days of draws on a fresh start.

test('the header’s Lottery leads to the centre, with the seeded history, and on to a betting page and back', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Lottery', exact: true })
    .click();
  await expect(page).toHaveURL(/\/lotteryCenter\?prizeMode=Lott$/);
  const centre = page.getByRole('region', { name: 'Lotteries' });
  await expect(centre.getByRole('button', { name: 'Lottery', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The seeded history: the North lottery shows its last special prize (DB), not "No result yet".
  const north = centre.getByRole('listitem', { name: 'Miền Bắc' });
  await expect(north.getByText('DB', { exact: true })).toBeVisible();
  await expect(centre.getByText(/^No result yet/)).toHaveCount(0);

  await north.getByRole('link', { name: 'Miền Bắc' }).click();
  await expect(page).toHaveURL(/\/vnLottery\?gameCode=XSMB$/);
  await expect(page.getByRole('heading', { name: 'Miền Bắc', level: 1 })).toBeVisible();
  // A week of daily draws in the results.
  const results = page.getByRole('region', { name: 'Results' }).getByRole('listitem');
  await expect.poll(() => results.count()).toBeGreaterThanOrEqual(6);

  await page.getByRole('link', { name: 'Lottery centre' }).click();
  await expect(page).toHaveURL(/\/lotteryCenter\?prizeMode=Lott&tag=MB$/);
  await expect(page.getByRole('tab', { name: 'North' })).toHaveAttribute('aria-selected', 'true');
});

test('E-Lottery opens the centre on the e-lotteries; TCG SEA starts its game after the login', async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'E-Lottery', exact: true }).click();
  await expect(page).toHaveURL(/\/lotteryCenter\?prizeMode=Elott$/);
  const fast = page.getByRole('region', { name: 'Lotteries' }).getByRole('listitem', { name: "Siêu tốc 1'" });
  await expect(fast.getByText('DB', { exact: true })).toBeVisible();

  // Spec §2: a TCG_SEA entry starts its game; spec §4: a visitor logs in first.
  await nav.getByRole('button', { name: 'E-Lottery providers' }).click();
  await nav.getByRole('link', { name: 'TCG SEA Lottery' }).click();
  const form = page.getByRole('dialog').getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill('player01');
  await form.getByLabel('Password').fill('Player123');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/lottery\?vendor=TCG_SEA$/);
  await expect(page.getByRole('heading', { name: /^Siêu tốc/, level: 1 })).toBeVisible();
});

test('the /lott and /elott tiles and the home page’s lottery row lead to the centre', async ({ page }) => {
  await page.goto('/lott');
  await page
    .getByRole('main')
    .getByRole('navigation', { name: 'Providers' })
    .getByRole('link', { name: /TCG Lotto VN/ })
    .click();
  await expect(page).toHaveURL(/\/lotteryCenter\?prizeMode=Lott$/);

  await page.goto('/');
  // The home page builds its lower sections as they come near: go down to the lottery row.
  const more = page.getByRole('region', { name: 'Lottery' }).getByRole('link', { name: 'More Lottery' });
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 1500);
      return more.count();
    })
    .toBe(1);
  await more.click();
  await expect(page).toHaveURL(/\/lotteryCenter\?prizeMode=Lott$/);
});
