import { expect, type Locator, type Page } from '@playwright/test';

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

/** The captcha's answer from the dev tool (the demo merchants are in captcha mode 'dev'). */
export async function solveCaptcha(page: Page, captchaId: string) {
  const res = await page.request.get(`/__dev/captcha/${captchaId}`);
  return (await res.json()).value.answer as string;
}

/** The id of the captcha a form shows, once it shows one other than `not` (after a refresh). */
export async function shownCaptcha(form: Locator, not?: string | null) {
  const image = form.getByRole('button', { name: 'New captcha image' });
  await expect(image).toHaveAttribute('data-captcha-id', /.+/);
  if (not) await expect(image).not.toHaveAttribute('data-captcha-id', not);
  return (await image.getAttribute('data-captcha-id'))!;
}

/** Fills the registration form with a fresh username (`prefix` + time), a valid password, the invitation code, the
 * solved captcha and the accepted terms. */
export async function fillRegistration(page: Page, form: Locator, prefix: string, code: string) {
  await form.getByLabel('Username').fill(`${prefix}${Date.now().toString(36).slice(-6)}`);
  await form.getByLabel('Password', { exact: true }).fill('abc12345');
  await form.getByLabel('Confirm password').fill('abc12345');
  await form.getByLabel('Invitation code').fill(code);
  await form.getByLabel('Captcha', { exact: true }).fill(await solveCaptcha(page, await shownCaptcha(form)));
  await form.getByRole('checkbox').check();
}
