import { expect, test } from '@playwright/test';
import { logIn } from './session.ts';

// /flows in the built portal: the diagrams come from the bundle (no API call draws them) and the session actor of the
// tab can be followed while the visitor logs in from the header.
test('/flows draws a machine offline and follows the session actor through a login', async ({ page }) => {
  await page.goto('/flows?machine=session');
  await expect(page.getByRole('img', { name: 'Statechart of the session machine' })).toBeVisible();

  // Offline: every other machine is drawn with the API unreachable.
  await page.route(/\/(wps|lgw)\//, (route) => route.abort());
  await page
    .getByRole('navigation', { name: 'Machines' })
    .getByRole('link', { name: 'registration' })
    .click();
  await expect(page.getByRole('img', { name: 'Statechart of the registration machine' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'States and transitions' })).toContainText(
    'checkingInvitation',
  );
  await page.unroute(/\/(wps|lgw)\//);

  await page.getByRole('navigation', { name: 'Machines' }).getByRole('link', { name: 'session' }).click();
  await page.getByRole('combobox', { name: 'Follow a running actor' }).selectOption({ label: 'session' });
  const current = page.getByText(/^Current state:/);
  await expect(current).toHaveText('Current state: loggedOut');
  await logIn(page);
  await expect(current).toHaveText(/^Current state: loggedIn/);
  await expect(page.getByRole('list', { name: 'Last events' }).getByRole('listitem').first()).toBeVisible();
});
