import { expect, type Page, test } from '@playwright/test';

/**
 * A visitor's pages make no call that needs a session: every request they send is answered (no 401 or 403), and
 * the console stays clean. Each page is opened on a phone, as most players open it, and the account popups too.
 */

const VISITOR_PAGES = [
  '/',
  '/promotions',
  '/hot',
  '/rng',
  '/live',
  '/sports',
  '/lott',
  '/lottery',
  '/elott',
  '/vnLottery',
  '/fish',
  '/pvp',
  '/esports',
  '/cockfight',
  '/providers',
  '/contact',
  '/download',
  '/help',
  '/helpmc',
  '/pointMall',
  '/lotteryCenter',
  '/login',
  '/register',
  '/inhouse',
];

/** What went wrong on the page while `visit` ran: refused requests and console errors, each with its page. */
async function problemsWhile(page: Page, visit: (mark: (where: string) => void) => Promise<void>) {
  const problems: string[] = [];
  let where = '';
  page.on('response', (r) => {
    if (r.status() === 401 || r.status() === 403)
      problems.push(`${where}: ${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${where}: console: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => problems.push(`${where}: ${e.message.slice(0, 200)}`));
  await visit((w) => {
    where = w;
  });
  return problems;
}

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

test('visitor pages make no call that needs a session, and the console stays clean', async ({ page }) => {
  // Some 25 pages, each until its requests settle.
  test.setTimeout(240_000);
  const promotions = (await (await page.request.get('/wps/promotions')).json()).value.list as {
    id: number;
  }[];
  const pages = [...VISITOR_PAGES, `/promoDetail?id=${promotions[0]!.id}`];
  const problems = await problemsWhile(page, async (mark) => {
    for (const path of pages) {
      mark(path);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    mark('account popups');
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Forgot/ })
      .click();
    await expect(page.getByRole('dialog').getByRole('form', { name: 'Forgot password' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  expect(problems).toEqual([]);
});
