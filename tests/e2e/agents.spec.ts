import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { headerBalance, logIn } from './session.ts';

// LOTUS's agent01 holds the house's contracts of every kind from the demo seed (daily salary 0.30 % from the first
// tier); the accounts below are new on each run.
const SITE = '/?merchant=LOTUS';
const run = Date.now().toString(36).slice(-5);
const SUB = `sub${run}`;
const PLAYER = `mem${run}`;
const PASSWORD = 'Secret123';

/** A separate browser session per person (each has its own login). */
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

/** What a daily-salary window pays at a rate in basis points (the house floors to the minor unit). */
const pay = (bet: number, rateBp: number) => Math.floor((bet * rateBp) / 10_000);
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

test('an agent registers a downline agent and offers a daily salary; the downline accepts, its member bets, settlement pays both', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The upline: a downline agent, and a daily-salary offer of 0.20 % (its own rate is 0.30 %).
  await page.goto(SITE);
  await agentLogIn(page, 'agent01', 'Agent1234');
  await registerBelow(page, 'Agent', SUB);
  await page.goto('/agent?page=dailyWages');
  const offer = page.getByRole('form', { name: `Offer to ${SUB}` });
  await offer.getByLabel('Rate (%)').first().fill('0.20');
  await offer.getByRole('button', { name: 'Send offer' }).click();
  await expect(page.getByText(`Offer sent, waiting for ${SUB} to answer.`)).toBeVisible();

  // The downline agent accepts it, and registers a member of its own.
  const sub = await personIn(browser);
  await agentLogIn(sub, SUB, PASSWORD);
  await sub.goto('/agent?page=dailyWages');
  await sub.getByRole('button', { name: 'Accept' }).click();
  await expect(sub.getByText(/You accepted the offer/)).toBeVisible();
  await registerBelow(sub, 'Member', PLAYER);

  // The member deposits through the demo gateway and rolls the dice at the highest bet it can pay.
  const player = await personIn(browser);
  await logIn(player, PLAYER, PASSWORD);
  await player.goto('/member?page=depositv2');
  await player.getByRole('radio', { name: 'Online payment' }).check();
  await player.getByRole('form', { name: 'Deposit' }).getByLabel('Amount').fill('250');
  await player.getByRole('button', { name: 'Continue to payment' }).click();
  await player.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(player.getByText('Payment done. The deposit is credited to your account.')).toBeVisible();
  await player.goto('/inhouse');
  await player.getByRole('button', { name: 'Mini games', exact: true }).click();
  const tile = player.getByRole('main').getByRole('article').first();
  const name = (await tile.locator('h3').textContent())!;
  await tile.getByRole('button', { name: `Play ${name}` }).click();
  const game = player.frameLocator(`iframe[title="Game: ${name}"]`);
  const bets = game.getByLabel('Bet', { exact: true });
  await expect(bets.locator('option').first()).toBeAttached();
  const steps = (
    await bets.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  )
    .map(Number)
    .filter((v) => v <= 25_000);
  const bet = steps.at(-1)!;
  await bets.selectOption(String(bet));
  await game.getByRole('button', { name: 'Roll', exact: true }).click();
  await expect(game.getByText(/Rolled/)).toBeVisible();

  // The operator settles the day now (a testing aid outside production: windows ending by tomorrow).
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  const settled = await page.request.post('/ops/merchants/LOTUS/contracts/settle', {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    data: { until: tomorrow },
  });
  expect(settled.status()).toBe(200);

  // The downline's 0.20 % of its team's bet, and the upline's 0.30 % less that.
  const subPay = pay(bet, 20);
  const uplinePay = pay(bet, 30) - subPay;
  expect(subPay).toBeGreaterThan(0);
  expect(uplinePay).toBeGreaterThan(0);

  await sub.goto('/agent?page=dailyWages');
  const subIncome = sub.getByRole('table', { name: 'My income' });
  await expect(subIncome.getByRole('row').filter({ hasText: money(bet) })).toContainText(money(subPay));
  const subBalance = await headerBalance(sub);
  expect(subBalance).toBe(subPay);

  await page.goto('/agent?page=myIncome');
  const income = page.getByRole('table', { name: 'My income' });
  await expect(
    income
      .getByRole('row')
      .filter({ hasText: 'Daily salary' })
      .filter({ hasText: money(bet) }),
  ).toContainText(money(uplinePay));
  // The upline's account details list its downline's pay too.
  await page.goto('/agent?page=accountDetails');
  await expect(page.getByRole('main').getByRole('row').filter({ hasText: SUB })).toContainText(money(subPay));
});

/** Where each agent report's table sits at a phone's width: page overflow, its scroll box, the columns it hides. */
async function tableFit(page: Page) {
  return page.evaluate(() => {
    const table = document.querySelector('main table') as HTMLTableElement;
    let box = table.parentElement;
    while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    const named = box?.getAttribute('aria-labelledby');
    return {
      pageWidth: document.scrollingElement!.scrollWidth,
      tableWidth: Math.ceil(table.getBoundingClientRect().width),
      boxWidth: box?.clientWidth ?? 0,
      boxScrolls: (box?.scrollWidth ?? 0) >= Math.floor(table.getBoundingClientRect().width),
      boxFocusable: box?.getAttribute('tabindex') === '0',
      boxName: named ? (document.getElementById(named)?.textContent ?? '') : '',
    };
  });
}

test('at 375 px the agent reports fit: no page overflow, the per-day table whole, wide tables scroll in a named box; agent01 has seeded income', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(SITE);
  await agentLogIn(page, 'agent01', 'Agent1234');
  await page.setViewportSize({ width: 375, height: 812 });

  await page.goto('/agent?page=teamOverview');
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page.getByRole('table', { name: 'Team figures per day' })).toBeVisible();
  const overview = await tableFit(page);
  expect(overview.pageWidth).toBeLessThanOrEqual(375);
  // Every column of the per-day table on screen, no sideways scrolling needed.
  expect(overview.tableWidth).toBeLessThanOrEqual(overview.boxWidth);
  expect(overview.boxName).toBe('Team figures per day');
  await expect(page.getByTestId('value-axis')).toContainText('$0');

  // Two weeks of seeded team play paid agent01 through its contracts.
  await page.goto('/agent?page=myIncome');
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page.getByRole('table', { name: 'My income' })).toBeVisible();
  const total = page.getByLabel('Totals').getByText(/^\$/);
  await expect(total).not.toHaveText('$0.00');

  for (const [key, name] of [
    ['myIncome', 'My income'],
    ['teamBetting', 'Team betting'],
    ['userLoss', 'User loss, biggest loss first'],
    ['accountDetails', 'Account details'],
  ] as const) {
    await page.goto(`/agent?page=${key}`);
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect(page.getByRole('table', { name })).toBeVisible();
    const fit = await tableFit(page);
    expect(fit.pageWidth, key).toBeLessThanOrEqual(375);
    if (fit.tableWidth > fit.boxWidth) {
      expect([key, fit.boxScrolls, fit.boxFocusable, fit.boxName]).toEqual([key, true, true, name]);
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
  }
});
