import { expect, type Page, test } from '@playwright/test';
import { logIn } from './session.ts';

// A phone, where most players play: 375 px wide.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** Opens an in-house title from the /inhouse lobby by its name (Play), and returns its game frame. */
async function open(page: Page, name: string) {
  await page.goto('/inhouse');
  const tile = page.getByRole('main').getByRole('article').filter({ hasText: name });
  await tile.getByRole('button', { name: `Play ${name}` }).tap();
  await expect(page).toHaveURL(/\/game\?/);
  const game = page.frameLocator(`iframe[title="Game: ${name}"]`);
  await expect(game.getByRole('heading', { name })).toBeVisible();
  return game;
}

test.describe('in-house titles, each its own game', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await logIn(page);
  });

  test('Hi-Lo: deal, guess, and the round ends in a cash-out or a wrong guess', async ({ page }) => {
    const game = await open(page, 'Hi-Lo');
    await game.getByRole('button', { name: 'Deal' }).tap();
    const table = game.getByRole('region', { name: 'Table' });
    await expect(table.getByRole('img', { name: /^Card: / })).toBeVisible();
    await game.getByRole('button', { name: /Higher or same/ }).tap();
    const outcome = game.getByText(/Right! Guess again or cash out|Wrong guess: no win this time/);
    await expect(outcome).toBeVisible();
    if ((await outcome.textContent())?.startsWith('Right')) {
      await game.getByRole('button', { name: /^Cash out / }).tap();
      await expect(game.getByText(/^You win /)).toBeVisible();
    }
    await expect(game.getByRole('button', { name: 'Deal' })).toBeVisible();
  });

  test('Mines Gold: start with one mine, open a tile, and the round ends', async ({ page }) => {
    const game = await open(page, 'Mines Gold');
    await game.getByLabel('Mines').selectOption('1');
    await game.getByRole('button', { name: 'Start' }).tap();
    await game.getByRole('button', { name: 'Tile 13', exact: true }).tap();
    const opened = game.getByRole('button', { name: /^Tile 13: (gem|mine)$/ });
    await expect(opened).toBeVisible();
    if ((await opened.getAttribute('aria-label')) === 'Tile 13: gem') {
      await game.getByRole('button', { name: /^Cash out / }).tap();
      await expect(game.getByText(/^You win /)).toBeVisible();
    } else await expect(game.getByText('A mine: no win this time')).toBeVisible();
    // Over: where the mine was is shown.
    await expect(game.getByRole('button', { name: /: mine$/ })).toHaveCount(1);
  });

  test('Bingo Turbo: one draw of 30 balls on a card of 15', async ({ page }) => {
    const game = await open(page, 'Bingo Turbo');
    await game.getByRole('button', { name: 'Draw' }).tap();
    await expect(game.getByRole('list', { name: 'Balls drawn' }).getByRole('listitem')).toHaveCount(30);
    await expect(game.getByRole('table', { name: 'Your card' }).getByRole('cell')).toHaveCount(15);
    await expect(game.getByText(/you win|No line this time/)).toBeVisible();
  });

  test('Wolf Fortune: its own reels, drawn as pictures', async ({ page }) => {
    const game = await open(page, 'Wolf Fortune');
    await game.getByRole('button', { name: 'Spin', exact: true }).tap();
    await expect(game.getByText(/You win|No win this time/)).toBeVisible();
    const reels = game.getByRole('region', { name: 'Reels' });
    await expect(reels.locator('svg[data-symbol]')).toHaveCount(15);
    const names = await reels
      .getByRole('img')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
    for (const name of names)
      expect(name).toMatch(/^(Wolf|Moon|Eagle|Bear|Stag|Ace|King|Queen|Jack)(, winning)?$/);
  });
});
