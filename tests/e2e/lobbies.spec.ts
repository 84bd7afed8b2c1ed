import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './session.ts';

/** axe over the page's main region: no serious or critical violation (tests/e2e/a11y.spec.ts checks the rest). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' > ')).join(', ')}`)).toEqual([]);
}

const dialog = (page: Page) => page.getByRole('dialog');
const providers = (page: Page) => page.getByRole('main').getByRole('navigation', { name: 'Providers' });

test.describe('lobbies', () => {
  test('a visitor choosing a sports book logs in, then its lobby opens', async ({ page }) => {
    await page.goto('/sports');
    await expect(providers(page).getByRole('button', { name: /IBC Sports/ })).toBeVisible();
    await expectAccessible(page);
    await providers(page)
      .getByRole('button', { name: /IBC Sports/ })
      .click();
    const form = dialog(page).getByRole('form', { name: 'Login' });
    await form.getByLabel('Username').fill('player01');
    await form.getByLabel('Password').fill('Player123');
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/game\?.*vendor=IBC/);
    await expect(page.getByTitle('Game: IBC Sports')).toBeVisible();
  });

  test('a trial account choosing an e-sports book is asked to register first', async ({ page }) => {
    await page.goto('/esports');
    await page.waitForLoadState('networkidle');
    const trial = page.waitForResponse((r) => r.url().includes('/wps/session/login/freeplay'));
    await page.getByRole('button', { name: 'Trial', exact: true }).click();
    expect((await trial).ok()).toBe(true);
    // The trial account is in: the header offers no trial any more.
    await expect(page.getByRole('button', { name: 'Trial', exact: true })).toHaveCount(0);
    await providers(page)
      .getByRole('button', { name: /TF Gaming/ })
      .click();
    await expect(dialog(page).getByText('Please Register An Account First')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/esports/);
  });

  test('a member joins a PvP table from the room list', async ({ page }) => {
    await page.goto('/');
    await logIn(page);
    await page.goto('/pvp');
    const rooms = page.waitForResponse((r) => r.url().includes('/wps/relay/GLS2_roomList'));
    await page.getByRole('button', { name: 'Tables', exact: true }).click();
    expect((await rooms).status()).toBe(200);
    const tables = page.getByRole('list', { name: 'Tables' });
    await expect(tables.getByRole('listitem').first()).toContainText(/minimum bet \$[\d,]+\.\d\d/);
    await expectAccessible(page);
    const join = tables.getByRole('button', { name: /^Join table 1 of / }).first();
    const name = ((await join.getAttribute('aria-label')) ?? '').replace(/^Join table 1 of /, '');
    await join.click();
    await expect(page).toHaveURL(/\/game\?/);
    await expect(page.getByTitle(`Game: ${name}`)).toBeVisible();
  });

  test('the live lobby filters by minimum bet and shows each provider’s live logo', async ({ page }) => {
    await page.goto('/live');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    const logo = providers(page).getByRole('link', { name: 'Asia Gaming' }).locator('img');
    await expect(logo).toHaveAttribute('src', /\/vendors\/LIVE\/AG\.webp$/);
    const filtered = page.waitForResponse((r) => r.url().includes('minBet=100'));
    await page.getByLabel('Minimum bet').selectOption({ label: 'Minimum bet up to $1.00' });
    const { games } = (await (await filtered).json()).data as { games: { minBet: number }[] };
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((g) => g.minBet <= 100)).toBe(true);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(games.length);
  });
});
