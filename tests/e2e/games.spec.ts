import { expect, type Page, test } from '@playwright/test';
import { logIn } from './session.ts';

const dialog = (page: Page) => page.getByRole('dialog');

/** The game tiles of the lobby's list (each an article named by its game). */
const tiles = (page: Page) => page.getByRole('main').getByRole('article');
/** The header's balance figure (the chip's visible amount). */
const headerBalance = (page: Page) => page.getByRole('banner').getByText(/\$[\d,]+\.\d\d/);

test.describe('games', () => {
  test('a member browses the slots: vendor filter, search, next page, favourite under FAV', async ({
    page,
  }) => {
    await page.goto('/');
    await logIn(page);
    await page.goto('/rng');
    await expect(tiles(page).first()).toBeVisible();

    // Filter by a vendor from the carousel: the URL keeps it, and every tile is that vendor's.
    await page.getByRole('navigation', { name: 'Providers' }).getByRole('link', { name: 'Playtech' }).click();
    await expect(page).toHaveURL(/vendor=PT/);
    await expect(tiles(page).first()).toContainText('Playtech');
    const vendors = await tiles(page).locator('p').allTextContents();
    expect(vendors.every((v) => v === 'Playtech')).toBe(true);

    // Page on: the list shows other games than the first page.
    const firstPage = await tiles(page).locator('h3').allTextContents();
    const next = page.getByRole('navigation', { name: 'Game pages' }).getByRole('button', { name: 'Page 2' });
    await next.click();
    await expect
      .poll(async () => (await tiles(page).locator('h3').allTextContents()).join('|'))
      .not.toBe(firstPage.join('|'));

    // Search by a word of a game's name: every tile found carries it.
    const name = firstPage[0]!;
    const word = name.split(' ')[0]!;
    await page.getByLabel('Game name').fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(tiles(page).filter({ hasText: name }).first()).toBeVisible();
    const found = await tiles(page).locator('h3').allTextContents();
    expect(found.every((n) => n.toLowerCase().includes(word.toLowerCase()))).toBe(true);

    // Favourite it; the FAV class lists it.
    const heart = page.getByRole('button', { name: `Favourite ${name}` });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Favourites', exact: true }).click();
    await expect(tiles(page).filter({ hasText: name })).toHaveCount(1);
    await page.goto('/fav');
    await expect(page.getByRole('article', { name })).toBeVisible();
  });

  test('a visitor who presses Play is asked to log in, then the game opens', async ({ page }) => {
    await page.goto('/inhouse');
    const first = tiles(page).first();
    await expect(first).toBeVisible();
    const name = (await first.locator('h3').textContent())!;
    await first.getByRole('button', { name: `Play ${name}` }).click();
    const form = dialog(page).getByRole('form', { name: 'Login' });
    await form.getByLabel('Username').fill('player01');
    await form.getByLabel('Password').fill('Player123');
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/game\?/);
    await expect(page.getByTitle(`Game: ${name}`)).toBeVisible();
  });

  test('a member launches the in-house slot, spins, and the header balance follows', async ({ page }) => {
    await page.goto('/');
    await logIn(page, 'agent01', 'Agent1234');
    // The seed pays agent01 two weeks of team income, so the opening balance is read, not assumed.
    await expect(headerBalance(page)).toHaveText(/^\$[1-9][\d,]*\.\d\d$/);
    const opening = (await headerBalance(page).textContent())!;
    await page.goto('/inhouse');
    // The slot's name from the filtered list's reply: the tiles of the whole lobby stay on screen until it lands.
    const slots = page.waitForResponse((r) => r.url().includes('gameClassify=SLOT'));
    await page.getByRole('button', { name: 'Slots', exact: true }).click();
    const { games } = (await (await slots).json()).data as { games: { gameName: string }[] };
    const name = games[0]!.gameName;
    await tiles(page)
      .filter({ hasText: name })
      .getByRole('button', { name: `Play ${name}` })
      .click();

    const game = page.frameLocator(`iframe[title="Game: ${name}"]`);
    await expect(game.getByTestId('balance')).toHaveText(opening);
    await game.getByRole('button', { name: 'Spin' }).click();
    await expect(game.getByText(/You win|No win this time/)).toBeVisible();
    await expect(game.getByTestId('balance')).not.toHaveText(opening);
    const inGame = await game.getByTestId('balance').textContent();
    // The game tells the portal a round settled; the header reads the balance again.
    await expect(headerBalance(page)).toHaveText(inGame!);
  });
});
