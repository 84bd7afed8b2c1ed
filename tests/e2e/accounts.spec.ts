import { expect, type Page, test } from '@playwright/test';
import { shownCaptcha, solveCaptcha } from './session.ts';

const dialog = (page: Page) => page.getByRole('dialog');
const unique = () => `e2e${Date.now().toString(36).slice(-6)}`;

test.describe('accounts', () => {
  test('register by username, log out, log in again', async ({ page }) => {
    const username = unique();
    await page.goto('/');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const form = dialog(page).getByRole('form', { name: 'Register' });
    const captchaId = await shownCaptcha(form);
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill('abc12345');
    await form.getByLabel('Confirm password').fill('abc12345');
    await expect(form.getByRole('button', { name: 'Register' })).toBeDisabled();
    await form.getByLabel('Captcha', { exact: true }).fill(await solveCaptcha(page, captchaId));
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Register' }).click();

    await expect(dialog(page).getByText(`Welcome, ${username}! Your account is ready.`)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    const menu = page.getByRole('button', { name: username });
    await expect(menu).toBeVisible();

    await menu.click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await dialog(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const login = dialog(page).getByRole('form', { name: 'Login' });
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password').fill('abc12345');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: username })).toBeVisible();
  });

  test('a wrong field shows its message under the field and keeps what was typed', async ({ page }) => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill('1bad');
    await form.getByLabel('Password', { exact: true }).fill('abc12345');
    await form.getByLabel('Confirm password').fill('abc99999');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(
      form.getByText('Enter 6-16 characters starting with a letter, then letters or numbers'),
    ).toBeVisible();
    await expect(form.getByText('Incorrect confirmation input')).toBeVisible();
    await expect(form.getByLabel('Username')).toHaveValue('1bad');
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue('abc12345');
  });

  test('an account with the default password must change it at login', async ({ page }) => {
    await page.goto('/login');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Username').fill('reset01');
    await login.getByLabel('Password').fill('Welcome123');
    await login.getByRole('button', { name: 'Login' }).click();
    const change = page.getByRole('dialog', { name: 'Change password' });
    await expect(change).toBeVisible();
    await expect(change.getByRole('button', { name: 'Close' })).toHaveCount(0);
    // A reload or a link does not skip it: the dialog comes back over the page (the server answers nothing else).
    await page.goto('/promotions');
    const again = page.getByRole('dialog', { name: 'Change password' });
    await expect(again.getByText('Please change the default password to continue.')).toBeVisible();
    await expect(again.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await again.getByLabel('Old password').fill('Welcome123');
    await again.getByLabel('New password', { exact: true }).fill('Changed2026');
    await again.getByLabel('Confirm new password').fill('Changed2026');
    await again.getByRole('button', { name: 'Change password' }).click();
    // Said before the dialog goes: a focused status, then OK.
    const changed = again.getByRole('region', { name: 'Password changed' });
    await expect(changed.getByRole('status')).toBeFocused();
    await changed.getByRole('button', { name: 'OK' }).click();
    await expect(again).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'reset01' })).toBeVisible();
  });

  test('a member changes the password from the user menu', async ({ page }) => {
    await page.goto('/login');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Username').fill('vip01');
    await login.getByLabel('Password').fill('Player123');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('$1,000.00')).toBeVisible();
    await page.getByRole('button', { name: 'Hide balance' }).click();
    await expect(page.getByText('$1,000.00')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show balance' }).click();
    await expect(page.getByText('$1,000.00')).toBeVisible();
    await page.getByRole('button', { name: 'vip01' }).click();
    await page.getByRole('button', { name: 'Change password' }).click();
    const form = dialog(page).getByRole('form', { name: 'Change password' });
    await form.getByLabel('Old password').fill('wrong-one1');
    await form.getByLabel('New password', { exact: true }).fill('Player456');
    await form.getByLabel('Confirm new password').fill('Player456');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The old password is incorrect')).toBeVisible();
    await form.getByLabel('Old password').fill('Player123');
    await form.getByRole('button', { name: 'Change password' }).click();
    // Said before it closes: a status that takes the focus.
    const changed = dialog(page).getByRole('region', { name: 'Password changed' });
    await expect(changed.getByRole('status')).toBeFocused();
    await expect(changed).toContainText('Your password has been changed.');
    await changed.getByRole('button', { name: 'OK' }).click();
    await expect(dialog(page)).toHaveCount(0);
    const res = await page.request.post('/wps/session/login', {
      data: { type: 'username', username: 'vip01', password: 'Player456' },
    });
    expect(res.ok()).toBe(true);
  });

  test('forgot password: a code by e-mail, its link, a new password, then the login', async ({ page }) => {
    const username = unique();
    const email = `${username}@example.com`;
    const captchaId = (await (await page.request.get('/wps/captcha')).json()).value.captchaId;
    const registered = await page.request.put('/wps/member/register', {
      data: {
        username,
        password: 'abc12345',
        confirmPassword: 'abc12345',
        email,
        captchaId,
        captcha: await solveCaptcha(page, captchaId),
      },
    });
    expect(registered.ok()).toBe(true);

    await page.goto('/');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = dialog(page).getByRole('form', { name: 'Forgot password' });
    await forgot.getByLabel('Username').fill(username);
    await forgot.getByLabel('Email').fill(email);
    await forgot.getByRole('button', { name: 'Send code' }).click();
    // The same words whether or not the account exists; nothing has changed yet.
    const sent = dialog(page).getByRole('region', { name: 'Code sent' });
    await expect(sent).toContainText('If the username and e-mail match an account');
    const old = await page.request.post('/wps/session/login', {
      data: { type: 'username', username, password: 'abc12345' },
    });
    expect(old.ok()).toBe(true);

    // The e-mail's link opens the code step with the code filled in.
    const outbox = (await (await page.request.get('/__dev/outbox')).json()).value as {
      recipient: string;
      body: string;
    }[];
    const mail = outbox.find((m) => m.recipient === email)!;
    const link = new URL(mail.body.match(/(https?:\/\/\S+)/)![1]!);
    await page.goto(`${link.pathname}${link.search}`);
    const reset = dialog(page).getByRole('form', { name: 'Forgot password' });
    await expect(reset.getByLabel('Code from the e-mail')).toHaveValue(link.searchParams.get('resetCode')!);
    await expect(reset.getByLabel('Username')).toHaveValue(username);
    await expect(page).not.toHaveURL(/resetCode/);
    await reset.getByLabel('New password').fill('fresh2024');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    const changed = dialog(page).getByRole('region', { name: 'Password changed' });
    await changed.getByRole('button', { name: 'Log in' }).click();

    const login = dialog(page).getByRole('form', { name: 'Login' });
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password').fill('fresh2024');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: username })).toBeVisible();
  });

  test('register by mobile with the code from the dev outbox', async ({ page }) => {
    const mobile = `9${Date.now().toString().slice(-8)}`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const form = dialog(page).getByRole('form', { name: 'Register' });
    const first = await shownCaptcha(form);
    // Switching the registration type refreshes the captcha (spec §4): answer the new one.
    await form.getByRole('tab', { name: 'By mobile' }).click();
    const captchaId = await shownCaptcha(form, first);
    await form.getByLabel('Mobile number').fill(mobile);
    // The server sends a code only with a solved captcha; the request uses it up and the form shows a new one.
    await form.getByLabel('Captcha', { exact: true }).fill(await solveCaptcha(page, captchaId));
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(form.getByRole('button', { name: /\d+ s$/ })).toBeDisabled();
    const outbox = await (await page.request.get(`/__dev/outbox?to=${mobile}`)).json();
    const code = outbox.value[0].body.match(/\b(\d{6})\b/)[1];
    await form.getByLabel('Verification code').fill(code);
    await form.getByLabel('Password', { exact: true }).fill('abc12345');
    await form.getByLabel('Confirm password').fill('abc12345');
    const next = await shownCaptcha(form, captchaId);
    await form.getByLabel('Captcha', { exact: true }).fill(await solveCaptcha(page, next));
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(dialog(page).getByText(/Your account number is m\d{8}/)).toBeVisible();
  });

  test('a trial account is asked to register before member-only pages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Trial', exact: true }).click();
    const menu = page.getByRole('button', { name: /^trial\d{8}$/ });
    await expect(menu).toBeVisible();
    await menu.click();
    await page.getByRole('button', { name: 'Betting record' }).click();
    await expect(dialog(page).getByText('Please Register An Account First')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(dialog(page)).toHaveCount(0);
  });
});
