import { expect, type Page } from '@playwright/test';

/** Logs in through the header's login popup (a demo login by default) and waits for the account button. */
export async function logIn(page: Page, username = 'player01', password = 'Player123') {
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const form = page.getByRole('dialog').getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: username })).toBeVisible();
}

/** The header's balance figure in minor units. */
export async function headerBalance(page: Page): Promise<number> {
  const text = await page
    .getByRole('banner')
    .getByText(/\$[\d,]+\.\d\d/)
    .first()
    .textContent();
  return Math.round(Number(text!.replace(/[$,]/g, '')) * 100);
}
