import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { headerBalance, logIn } from './session.ts';

// New accounts each run under LOTUS's agent01: a sub-agent that funds its own new member.
const SITE = '/?merchant=LOTUS';
const run = Date.now().toString(36).slice(-5);
const SUB = `fund${run}`;
const PLAYER = `kid${run}`;
const PASSWORD = 'Secret123';

async function personIn(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(SITE);
  return page;
}

async function agentLogIn(page: Page, username: string, password: string) {
  await page.getByRole('button', { name: 'Agent', exact: true }).click();
  const form = page.getByRole('dialog').getByRole('form', { name: 'Agent login' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/agent/);
}

async function registerBelow(page: Page, type: 'Member' | 'Agent', username: string) {
  await page.goto('/agent?page=registerAccount');
  const form = page.getByRole('form', { name: 'Register account' });
  await form.getByRole('radio', { name: type }).check();
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(new RegExp(`account ${username} is registered`))).toBeVisible();
}

test('an agent funds its direct downline member; both records show it, and the operator lists it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto(SITE);
  await agentLogIn(page, 'agent01', 'Agent1234');
  await registerBelow(page, 'Agent', SUB);

  // The new agent: a payment password, a deposit through the demo gateway, a member of its own.
  const sub = await personIn(browser);
  await agentLogIn(sub, SUB, PASSWORD);
  await sub.goto('/member?page=securityCenter');
  const paymentPassword = sub.getByRole('region', { name: 'Set payment password' });
  await paymentPassword.getByLabel('Login password').fill(PASSWORD);
  await paymentPassword.getByLabel('New payment password').fill('246810');
  await paymentPassword.getByLabel('Confirm payment password').fill('246810');
  await paymentPassword.getByRole('button', { name: 'Set payment password' }).click();
  await expect(sub.getByText('Your payment password has been saved.')).toBeVisible();
  await sub.goto('/member?page=depositv2');
  await sub.getByRole('radio', { name: 'Online payment' }).check();
  await sub.getByRole('form', { name: 'Deposit' }).getByLabel('Amount').fill('250');
  await sub.getByRole('button', { name: 'Continue to payment' }).click();
  await sub.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(sub.getByText('Payment done. The deposit is credited to your account.')).toBeVisible();
  await registerBelow(sub, 'Member', PLAYER);

  // The transfer: pick the member, amount and payment password, check the summary, confirm.
  await sub.goto('/agent?page=transferDownline');
  const form = sub.getByRole('form', { name: 'Transfer to downline' });
  await form.getByLabel('Find a direct downline account').fill(PLAYER);
  await form.getByRole('button', { name: new RegExp(`^${PLAYER}`) }).click();
  await expect(form.getByText(`Sending to ${PLAYER}`)).toBeVisible();
  await form.getByLabel('Amount').fill('100');
  await form.getByLabel('Payment password').fill('246810');
  await form.getByRole('button', { name: 'Continue' }).click();
  await sub.getByRole('button', { name: 'Confirm transfer' }).click();
  await expect(sub.getByRole('status')).toContainText(`Transferred $100.00 to ${PLAYER}`);
  await expect.poll(() => headerBalance(sub)).toBe(15_000);
  await sub.goto('/member?page=transactionHistory');
  await expect(
    sub.getByRole('main').getByRole('row').filter({ hasText: 'Transfer to downline' }),
  ).toContainText('-$100.00');

  // The member sees the money and where it came from.
  const player = await personIn(browser);
  await logIn(player, PLAYER, PASSWORD);
  await expect.poll(() => headerBalance(player)).toBe(10_000);
  await player.goto('/member?page=transactionHistory');
  await expect(
    player.getByRole('main').getByRole('row').filter({ hasText: 'Transfer from upline' }),
  ).toContainText('+$100.00');

  // The operator's list.
  const listed = await page.request.get(`/ops/merchants/LOTUS/agent-transfers?agent=${SUB}`, {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
  });
  expect((await listed.json()).value).toMatchObject({
    list: [{ agent: { account: SUB }, member: { account: PLAYER }, amount: 10_000 }],
    totals: { amount: 10_000, count: 1 },
  });
});
