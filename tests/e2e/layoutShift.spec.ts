import { expect, type Page, test } from '@playwright/test';

// Issue 29 item 5: what the server draws (server/http/firstScreen.ts) and what the app draws once its data has come
// must not move what a phone already shows (Lighthouse's Cumulative Layout Shift). The browser's own layout-shift
// entries are read, from the first paint on; shifts right after a tap or key (`hadRecentInput`) do not count.

/** Sums the page's layout shifts since it started, as Lighthouse counts them, and names what moved. */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; moved: string[] }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      }[])
        if (!e.hadRecentInput)
          w.shifts.push({
            value: e.value,
            moved: e.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?'),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The shifts so far, once the browser has laid out and painted what the page did last. */
const shiftsOf = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ value: number; moved: string[] }[]>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve((window as unknown as { shifts: [] }).shifts)),
        ),
      ),
  );

// Lottery (36 rows on the demo seed: the footer goes down) and E-lottery (a few: it would come up).
for (const [path, viewport, theme] of [
  ['/lotteryCenter', { width: 375, height: 667 }, 'light'],
  ['/lotteryCenter', { width: 375, height: 667 }, 'dark'],
  ['/lotteryCenter', { width: 412, height: 823 }, 'light'],
  ['/lotteryCenter', { width: 412, height: 823 }, 'dark'],
  ['/lotteryCenter?prizeMode=Elott', { width: 412, height: 823 }, 'light'],
] as const)
  test(`${path}: the rows move nothing a ${viewport.width}×${viewport.height} phone shows (${theme})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await recordShifts(page);
    await page.goto(path);
    const centre = page.getByRole('region', { name: 'Lotteries' });
    // The rows have come: the app has taken the drawn screen over and read the list.
    await expect(
      centre.getByRole('list', { name: 'Lotteries', exact: true }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.locator('#root[data-drawn]')).toHaveCount(0);
    const shifts = await shiftsOf(page);
    expect(shifts, JSON.stringify(shifts)).toEqual([]);
  });

// The centre's default category comes with its page, and the server draws its rows; another category's rows load
// after the takeover, and the server draws their skeleton.
for (const [path, drawn] of [
  ['/lotteryCenter', 'its rows'],
  ['/lotteryCenter?prizeMode=Elott', 'its skeleton'],
] as const)
  test(`the lottery centre the server draws (${path}, ${drawn}) keeps its footer below a phone’s first screen`, async ({
    page,
  }) => {
    // The app's code held back: what the server drew is what the page shows.
    await page.route(/\/assets\/(index|app|vendor)-[^/]*\.js$/, (route) => route.abort());
    // A tall phone's screen (Lighthouse's is 823 px high, a Galaxy S20's 915).
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto(path);
    await expect(page.locator('#root[data-drawn]')).toBeVisible();
    const rows = page.getByRole('list', { name: 'Lotteries', exact: true }).getByRole('listitem');
    if (drawn === 'its rows') {
      await expect(rows.first()).toBeAttached();
      await expect(page.getByTestId('lottery-skeleton')).toHaveCount(0);
    } else await expect(page.getByTestId('lottery-skeleton').first()).toBeAttached();
    const footerTop = await page.locator('footer').evaluate((f) => f.getBoundingClientRect().top);
    expect(footerTop).toBeGreaterThanOrEqual(915);
  });
