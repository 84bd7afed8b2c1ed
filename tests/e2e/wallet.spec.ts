import { expect, type Page, test } from '@playwright/test';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { headerBalance, logIn } from './session.ts';

const ops = (page: Page, id: string, action: 'approve' | 'disburse') =>
  page.request.post(`/ops/payments/${id}/${action}`, {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    data: {},
  });

test('deposit through the demo gateway, withdraw, disburse by the operator, confirm, see both in the account record', async ({
  page,
}) => {
  await page.goto('/');
  await logIn(page, 'agent01', 'Agent1234');
  await page.goto('/member?page=securityCenter');

  const paymentPassword = page.getByRole('region', { name: 'Set payment password' });
  await paymentPassword.getByLabel('Login password').fill('Agent1234');
  await paymentPassword.getByLabel('New payment password').fill('246810');
  await paymentPassword.getByLabel('Confirm payment password').fill('246810');
  await paymentPassword.getByRole('button', { name: 'Set payment password' }).click();
  await expect(page.getByText('Your payment password has been saved.')).toBeVisible();

  const start = await headerBalance(page);
  await page.goto('/member?page=depositv2');
  await page.getByRole('radio', { name: 'Online payment' }).check();
  await page.getByRole('form', { name: 'Deposit' }).getByLabel('Amount').fill('250');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/gateway\/demo\?ref=/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment done. The deposit is credited to your account.')).toBeVisible();
  await page.goto('/member?page=withdraw');
  await expect.poll(() => headerBalance(page)).toBe(start + 25_000);

  await page.getByLabel('Amount').fill('100');
  await page.getByLabel('Bank name').fill('Vietcombank');
  await page.getByLabel('Account name').fill('Reset Tester');
  await page.getByLabel('Account number').fill('0123456789');
  await page.getByLabel('Payment password').fill('246810');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  const requested = page.getByText(/Withdrawal #\d+ is requested/);
  await expect(requested).toBeVisible();
  const id = (await requested.textContent())!.match(/#(\d+)/)![1]!;
  await expect.poll(() => headerBalance(page)).toBe(start + 15_000);

  expect((await ops(page, id, 'approve')).status()).toBe(200);
  expect((await ops(page, id, 'disburse')).status()).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Received', exact: true }).click();
  // The order leaves the confirmation once answered: the list shows it received.
  const mine = page
    .getByRole('region', { name: 'My withdrawals' })
    .getByRole('listitem')
    .filter({ hasText: `#${id}` });
  await expect(mine).toContainText('Received');
  await expect(page.getByRole('button', { name: 'Received', exact: true })).toHaveCount(0);

  await page.goto('/member?page=transactionHistory');
  const record = page.getByRole('main');
  await expect(record.getByRole('cell', { name: 'Deposit', exact: true })).toBeVisible();
  await expect(record.getByRole('cell', { name: 'Withdrawal', exact: true }).first()).toBeVisible();
});
