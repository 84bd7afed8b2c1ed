import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test';
import { logIn } from './session.ts';

// A phone: 375 × 812, touch, device pixel ratio 2.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const tiles = (page: Page) => page.getByRole('main').getByRole('article');

/** Opens the first in-house game of a class from the /in-house lobby, by Play or Free trial. */
async function openInhouse(page: Page, kind: 'SLOT' | 'MINI', how: 'Play' | 'Free trial') {
  await page.goto('/inhouse');
  const reply = page.waitForResponse((r) => r.url().includes(`gameClassify=${kind}`));
  await page.getByRole('button', { name: kind === 'SLOT' ? 'Slots' : 'Mini games', exact: true }).tap();
  const { games } = (await (await reply).json()).data as { games: { gameName: string }[] };
  const name = games[0]!.gameName;
  await tiles(page)
    .filter({ hasText: name })
    .getByRole('button', { name: `${how} ${name}` })
    .tap();
  await expect(page).toHaveURL(/\/game\?/);
  return page.frameLocator(`iframe[title="Game: ${name}"]`);
}

type Box = { x: number; y: number; width: number; height: number };
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** The element is on screen: inside the game's frame, the frame inside the viewport, and nothing drawn over it. */
async function expectOnScreen(page: Page, game: FrameLocator, target: Locator, what: string) {
  const viewport = { x: 0, y: 0, ...page.viewportSize()! };
  const frame = (await page.locator('iframe').boundingBox())!;
  const box = (await target.boundingBox())!;
  expect(within(frame, viewport), `the game's frame fits the ${viewport.height} px screen`).toBe(true);
  expect(within(box, frame), `${what} is inside the frame's visible area`).toBe(true);
  expect(
    await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return hit !== null && (el === hit || el.contains(hit));
    }),
    `${what} is not covered`,
  ).toBe(true);
  expect(await game.locator('html').evaluate(() => window.scrollY), 'no scrolling in the game').toBe(0);
}

/**
 * The buttons matching `selector` whose centre something else covers, at every 150 px of scrolling (those under the
 * sticky header or below the screen are not looked at).
 */
function coveredButtons(page: Page, selector: string) {
  return page.evaluate(async (selector) => {
    const header = document.querySelector('header')!.getBoundingClientRect().bottom;
    const found: string[] = [];
    for (let y = 0; y < document.documentElement.scrollHeight; y += 150) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      for (const b of document.querySelectorAll<HTMLElement>(selector)) {
        const r = b.getBoundingClientRect();
        const cx = r.x + r.width / 2;
        const cy = r.y + r.height / 2;
        // A centre in the screen's last pixel row is off it for elementFromPoint (null): not on screen yet.
        if (r.width === 0 || cy <= header || cy >= window.innerHeight - 1) continue;
        const hit = document.elementFromPoint(cx, cy);
        if (!hit || !(b === hit || b.contains(hit)))
          found.push(
            `${b.getAttribute('aria-label') ?? b.textContent} at ${y}: ${hit?.outerHTML.slice(0, 60)}`,
          );
      }
    }
    return found;
  }, selector);
}

test.describe('games and lobbies on a phone', () => {
  test('the header is one row: logo, balance, Deposit, account and menu', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Portico home' })).toBeVisible();
    const banner = page.getByRole('banner');
    expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(64);
    await logIn(page);
    await expect(banner.getByText(/\$[\d,]+\.\d\d/)).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Deposit' })).toBeVisible();
    await expect(menuButton(page)).toBeVisible();
    expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(64);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('the menu and its vendor dropdown close once a category is chosen; Escape closes the menu', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(mainNav(page)).toBeHidden();
    await menuButton(page).tap();
    const providers = mainNav(page).getByRole('button', { name: 'Slots providers' });
    await providers.tap();
    await expect(mainNav(page).locator('#nav-RNG').getByRole('link', { name: 'More' })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Slots', exact: true }).tap();
    await expect(page).toHaveURL(/\/rng$/);
    await expect(mainNav(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(tiles(page).first()).toBeInViewport();

    await menuButton(page).tap();
    await expect(providers).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Escape');
    await expect(mainNav(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test('the slot’s reels and Spin, and the dice’s result and Roll, are on screen together at 812 and 667 px', async ({
    page,
  }) => {
    await page.goto('/');
    await logIn(page);
    for (const [kind, region, button] of [
      ['SLOT', 'Reels', 'Spin'],
      ['MINI', 'Result', 'Roll'],
    ] as const) {
      await page.setViewportSize({ width: 375, height: 812 });
      const game = await openInhouse(page, kind, 'Play');
      const play = game.getByRole('button', { name: button, exact: true });
      await expect(play).toBeVisible();
      for (const height of [812, 667]) {
        await page.setViewportSize({ width: 375, height });
        await expect(play).toBeVisible();
        await expectOnScreen(
          page,
          game,
          game.getByRole('region', { name: region }),
          `${region} at ${height}`,
        );
        await expectOnScreen(page, game, play, `${button} at ${height}`);
      }
      // The site's header and footer step aside; the game's bar leads back.
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('contentinfo')).toBeHidden();
      await page.getByRole('link', { name: 'Leave game' }).tap();
      await expect(page).toHaveURL(/\/inhouse/);
    }
  });

  test('a trial account’s balance is the same in the game bar, the game and the header', async ({ page }) => {
    const game = await openInhouse(page, 'SLOT', 'Free trial');
    const inGame = game.getByTestId('balance');
    const bar = page.getByTestId('game-bar-balance');
    await expect(inGame).toHaveText('$2,000.00');
    await expect(bar).toHaveText('$2,000.00');
    await game.getByRole('button', { name: 'Spin', exact: true }).tap();
    await expect(game.getByText(/You win|No win this time/)).toBeVisible();
    await expect(inGame).not.toHaveText('$2,000.00');
    const after = (await inGame.textContent())!;
    await expect(bar).toHaveText(after);
    await page.getByRole('link', { name: 'Leave game' }).tap();
    await expect(page.getByRole('banner').getByText(/\$[\d,]+\.\d\d/)).toHaveText(after);
  });

  test('nothing floats over a lobby’s Play buttons or an agent’s contract buttons, wherever the page is scrolled', async ({
    page,
  }) => {
    await page.goto('/');
    await logIn(page);
    await page.goto('/rng');
    await expect(tiles(page)).toHaveCount(20);
    expect(await coveredButtons(page, 'main article button')).toEqual([]);

    await page.getByRole('button', { name: 'player01' }).tap();
    await page.getByRole('button', { name: 'Sign out' }).tap();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).tap();
    await logIn(page, 'agent02', 'Agent1234');
    await page.goto('/agent?page=dailyWages');
    await expect(page.getByRole('heading', { name: 'My contract' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
    expect(await coveredButtons(page, 'main button')).toEqual([]);
  });

  test('More appends the next page of a lobby, its first new game in view and focused, with the count', async ({
    page,
  }) => {
    await page.goto('/rng');
    await expect(tiles(page)).toHaveCount(20);
    await expect(page.getByRole('navigation', { name: 'Game pages' })).toBeHidden();
    const count = page.getByText(/^20 of [\d,]+ games$/);
    await expect(count).toBeVisible();
    const total = (await count.textContent())!.replace(/^20 of /, '');
    const more = page.getByRole('button', { name: 'More games' });
    await more.scrollIntoViewIfNeeded();
    await more.tap();
    await expect(tiles(page)).toHaveCount(40);
    const first = tiles(page).nth(20);
    await expect(first).toBeFocused();
    await expect(first).toBeInViewport({ ratio: 0.9 });
    // Its top is below the sticky header, not hidden behind it.
    const header = (await page.getByRole('banner').boundingBox())!;
    expect((await first.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    await expect(page.getByText(`40 of ${total}`)).toBeVisible();
  });
});
