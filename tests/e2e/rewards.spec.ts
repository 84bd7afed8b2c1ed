import { expect, test } from '@playwright/test';
import { headerBalance, logIn } from './session.ts';

// player01 of the LOTUS brand: its seeded inbox (a welcome broadcast, a personal message) and reward tickets.
test('a member reads the inbox from the header badge, opens a red envelope, and sees missions, rebate and referral', async ({
  page,
}) => {
  await page.goto('/?merchant=LOTUS');
  await logIn(page);
  const badge = page.getByRole('banner').getByRole('link', { name: 'Messages, 2 unread' });
  await badge.click();
  await expect(page).toHaveURL(/page=messageV2/);
  const inbox = page.getByRole('list', { name: 'Messages' });
  await inbox.getByRole('button', { name: /^Unread: Your demo credit/ }).click();
  await expect(page.getByRole('dialog', { name: 'Your demo credit' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();

  const before = await headerBalance(page);
  const menu = page.getByRole('navigation', { name: 'Personal Center' });
  await menu.getByRole('link', { name: /^Reward Center ?, \d+ to open$/ }).click();
  await page
    .getByRole('button', { name: /^Open Red envelope/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Tap to open the red envelope' }).click();
  const won = page.getByText(/You won \$[\d,]+\.\d\d\. It is in your main wallet\./);
  await expect(won).toBeVisible();
  const prize = Math.round(Number((await won.locator('strong').textContent())!.replace(/[$,]/g, '')) * 100);
  expect(prize).toBeGreaterThan(0);
  await expect.poll(() => headerBalance(page)).toBe(before + prize);
  await page.getByRole('button', { name: 'Back to my tickets' }).click();

  await menu.getByRole('link', { name: /^Bonus Details/ }).click();
  await expect(page.getByRole('table', { name: 'Bonus details' })).toContainText('Red envelope');

  await menu.getByRole('link', { name: /^Mission ?, \d+ open$/ }).click();
  await expect(page.getByText(/Bet \$[\d,]+\.\d\d in total today/)).toBeVisible();

  await menu.getByRole('link', { name: 'Manual rebate' }).click();
  await expect(page.getByRole('heading', { name: 'Manual rebate' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim rebate' })).toBeDisabled();

  await menu.getByRole('link', { name: 'Referral code' }).click();
  const code = page.locator('output');
  await expect(code).toHaveText(/^[A-HJ-NP-Z2-9]{8}$/);
  await expect(page.getByRole('img', { name: 'QR code of your invitation link' })).toBeVisible();
  await expect(page.getByRole('link', { name: /\/register\?referralCode=/ })).toHaveAttribute(
    'href',
    new RegExp(`referralCode=${await code.textContent()}$`),
  );
});
