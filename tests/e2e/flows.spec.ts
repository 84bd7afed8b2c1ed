import { expect, type Page, test } from '@playwright/test';
import { logIn } from './session.ts';

// /flows in the built portal, for product owners: diagrams open fitted and readable on a desktop and on a phone,
// every part named in words beside its code name, and a workflow followed on its page opened beside the diagram.

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 768 };

/** The smallest text of the diagram as rendered, in CSS pixels, and the diagram box's right edge. */
async function measure(page: Page, name: string) {
  const box = page.getByRole('region', { name: `Diagram of ${name}` });
  await expect(box.getByRole('img')).toBeVisible();
  return box.evaluate((el) => {
    const svg = el.querySelector('svg')!;
    const scale = svg.getScreenCTM()!.a;
    const sizes = [...svg.querySelectorAll('tspan')].map((t) => Number(t.getAttribute('font-size')) * scale);
    return {
      smallest: Math.min(...sizes),
      right: el.getBoundingClientRect().right,
      pageWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    };
  });
}

test('a diagram opens fitted to the width with readable labels, titled in words beside code names', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/flows?machine=jackpotTicker');
  const small = await measure(page, 'jackpotTicker');
  expect(small.smallest).toBeGreaterThanOrEqual(11);
  expect(small.right).toBeLessThanOrEqual(small.viewport);

  await page.goto('/flows?machine=withdrawalConfirmation');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    'Withdrawal confirmation withdrawalConfirmation',
  );
  const wide = await measure(page, 'withdrawalConfirmation');
  expect(wide.smallest).toBeGreaterThanOrEqual(11);
  expect(wide.right).toBeLessThanOrEqual(wide.viewport);
  expect(wide.pageWidth).toBeLessThanOrEqual(wide.viewport);
  const diagram = page.getByRole('img', { name: 'Statechart of the withdrawalConfirmation machine' });
  await expect(diagram.getByText('Choosing "Received" or')).toBeVisible();
  await expect(diagram.getByText('awaiting.choosing', { exact: true })).toBeVisible();

  // Zooming in, then fitting again.
  const zoom = page.getByRole('status', { name: 'Zoom level' });
  const fitted = await zoom.textContent();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).not.toHaveText(fitted!);
  await page.getByRole('button', { name: 'Fit to width' }).click();
  await expect(zoom).toHaveText(fitted!);

  // Offline: every other machine is drawn with the API unreachable.
  await page.route(/\/(wps|lgw)\//, (route) => route.abort());
  await page
    .getByRole('navigation', { name: 'Machines' })
    .getByRole('link', { name: 'Registration registration' })
    .click();
  await expect(page.getByRole('img', { name: 'Statechart of the registration machine' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'States and transitions' })).toContainText(
    'Checking the invitation code checkingInvitation',
  );
});

test('on a phone: the list of workflows, then one at a time, filling the width and readable', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/flows');
  const nav = page.getByRole('navigation', { name: 'Machines' });
  await expect(nav.getByRole('link', { name: 'Login login' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Diagram of/ })).toBeHidden();

  await nav.getByRole('link', { name: 'Login login' }).click();
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Login login');
  const m = await measure(page, 'login');
  expect(m.smallest).toBeGreaterThanOrEqual(11);
  expect(m.right).toBeLessThanOrEqual(PHONE.width);
  expect(m.pageWidth).toBeLessThanOrEqual(PHONE.width);

  await page.getByRole('link', { name: '← All workflows' }).click();
  await expect(nav.getByRole('link', { name: 'Login login' })).toBeVisible();
});

for (const viewport of [DESKTOP, PHONE])
  test(`follows the session on its page in a frame at ${viewport.width} px: the state changes as the visitor logs in there`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/flows?machine=session');
    await page.getByRole('link', { name: 'Follow on the page' }).click();
    const frame = page.frameLocator('iframe[title="The page that runs session"]');
    const current = page.getByTestId('current-state');
    await expect(current).toHaveText('Current state: Logged out loggedOut');
    const active = page.locator('svg [data-active]');
    await expect(active).toHaveAttribute('data-state', 'session.loggedOut');
    const framed = await page.locator('iframe').boundingBox();
    expect(framed!.x + framed!.width).toBeLessThanOrEqual(viewport.width);
    if (viewport === DESKTOP) {
      // Beside the diagram.
      const diagram = await page.getByRole('region', { name: 'Diagram of session' }).boundingBox();
      expect(framed!.x).toBeGreaterThanOrEqual(diagram!.x + diagram!.width);
    }

    const form = frame.getByRole('form', { name: 'Login' });
    await form.getByLabel('Username').fill('player01');
    await form.getByLabel('Password').fill('Player123');
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(current).toHaveText('Current state: Playing loggedIn.idle');
    await expect(page.locator('svg [data-state="session.loggedIn.idle"]')).toHaveAttribute(
      'data-active',
      'true',
    );
    await expect(page.getByRole('list', { name: 'Last events' })).toContainText('Logged in session.loggedIn');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });

test('follows an actor of this tab too: the session as the visitor logs in from the header', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/flows?machine=session');
  await page.getByRole('combobox', { name: 'Follow a running actor' }).selectOption({ label: 'session' });
  const current = page.getByTestId('current-state');
  await expect(current).toHaveText('Current state: Logged out loggedOut');
  await logIn(page);
  await expect(current).toHaveText(/^Current state: Playing loggedIn/);
});
