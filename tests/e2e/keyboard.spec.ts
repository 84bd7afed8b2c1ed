import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';

/**
 * Keyboard only: every control is reached with Tab and used with Enter, Space, arrows or typing; no click. Each
 * modal takes the focus in, keeps Tab and Shift+Tab inside, closes on Escape and gives the focus back to its opener.
 */

// Reduced motion: the home page's marquee, carousel and tickers otherwise slow every key press on a busy machine.
test.use({ actionTimeout: 10_000, reducedMotion: 'reduce' });
// A key press is a round trip to the browser: dozens of them a test on a busy CI machine.
test.describe.configure({ timeout: 90_000 });

const focused = (target: Locator) =>
  target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false);

/**
 * Tab stops from the focus to `el` in the page's order (plain DOM order: the app sets no positive tabindex; one stop
 * per radio group): negative when `el` comes first, counted from the top when the focus is in another document.
 */
function stopsTo(el: Element): number {
  const doc = el.ownerDocument;
  const at = doc.activeElement && doc.activeElement !== doc.body ? doc.activeElement : null;
  const radios = new Set<string>();
  const stops = [
    ...doc.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, iframe, [tabindex]:not([tabindex="-1"])',
    ),
  ].filter((e) => {
    if (e.tabIndex < 0 || e.matches(':disabled') || e.closest('[inert]') || !e.checkVisibility())
      return false;
    const radio = e as HTMLInputElement;
    if (radio.type !== 'radio' || e === at) return true;
    if (radios.has(radio.name)) return false;
    radios.add(radio.name);
    return true;
  });
  const to = stops.indexOf(el as HTMLElement);
  return to - (at ? stops.indexOf(at as HTMLElement) : -1);
}

/** Presses Tab (Shift+Tab when `target` comes before the focus) until `target` has the focus, or fails. */
async function tabTo(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  // Counted stops at a time, then counted again from where the focus landed (what the count cannot see, a
  // frame's way in, shows as a difference).
  for (let round = 0; round < 40; round += 1) {
    if (await focused(target)) return;
    const stops = await target.evaluate(stopsTo);
    const key = stops < 0 ? 'Shift+Tab' : 'Tab';
    const presses = Math.abs(stops) > 2 ? Math.abs(stops) - 1 : 1;
    for (let i = 0; i < presses; i += 1) await page.keyboard.press(key);
  }
  throw new Error(`${target} cannot be reached with Tab`);
}

/** From the top of a page: the skip link first, which moves on to the page's content. */
async function skipToContent(page: Page) {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
}

/** Tabs round a dialog both ways, one lap and more: the focus never leaves it. */
async function tabsStayInside(page: Page, dialog: Locator) {
  const stops = await dialog.evaluate((box) => {
    // Where the focus goes while the keys are pressed, recorded in the page (one round trip per key, not two).
    const seen = new Set<Element>();
    const record = (e: FocusEvent) => {
      if (box.contains(e.target as Node)) seen.add(e.target as Element);
      else log.out += 1;
    };
    const log = { out: 0, seen, stop: () => document.removeEventListener('focusin', record) };
    (window as unknown as { __focusLog: typeof log }).__focusLog = log;
    document.addEventListener('focusin', record);
    return [
      ...box.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select, textarea'),
    ].filter((el) => el.getClientRects().length > 0).length;
  });
  expect(stops).toBeGreaterThan(0);
  for (const key of ['Tab', 'Shift+Tab']) for (let i = 0; i <= stops; i += 1) await page.keyboard.press(key);
  const log = await dialog.evaluate((box) => {
    const { out, seen, stop } = (
      window as unknown as { __focusLog: { out: number; seen: Set<Element>; stop: () => void } }
    ).__focusLog;
    stop();
    return { out, seen: seen.size, inside: box.contains(document.activeElement) };
  });
  expect(log.out, 'focus left the dialog').toBe(0);
  expect(log.inside, 'focus is in the dialog').toBe(true);
  // More than one stop visited when there are several: the trap is a loop, not a stuck focus.
  expect(log.seen).toBeGreaterThanOrEqual(Math.min(stops, 2));
}

/**
 * Opens a modal from `opener` with Enter (after `reach` brings the focus to it), checks the focus in it and the
 * trap, closes it with Escape and expects the focus back on `returnTo` (the opener unless said).
 */
async function modalRoundTrip(
  page: Page,
  opener: Locator,
  name: string | RegExp,
  { returnTo = opener, key = 'Enter' }: { returnTo?: Locator; key?: string } = {},
) {
  await tabTo(page, opener);
  await page.keyboard.press(key);
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  // Its content loaded (forms come after their settings), so that the laps go over all of it.
  await expect(dialog.locator('[data-skeleton]')).toHaveCount(0);
  await tabsStayInside(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(returnTo).toBeFocused();
}

/** Logs in through the header's popup by keyboard. */
async function keyboardLogIn(page: Page, username: string, password: string) {
  await tabTo(page, page.getByRole('button', { name: 'Login', exact: true }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog').getByRole('form', { name: 'Login' });
  await expect(form.getByLabel('Username')).toBeFocused();
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: username })).toBeVisible();
}

test('a visitor opens and closes every modal of the portal by keyboard', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  const login = banner.getByRole('button', { name: 'Login', exact: true });
  await modalRoundTrip(page, login, 'Login');
  await modalRoundTrip(page, banner.getByRole('button', { name: 'Register', exact: true }), 'Register');
  await modalRoundTrip(page, banner.getByRole('button', { name: 'Agent', exact: true }), 'Agent login');

  // Login → Forgot password: a dialog of its own, which gives the focus back to the header's Login.
  await tabTo(page, login);
  await page.keyboard.press('Enter');
  await modalRoundTrip(
    page,
    page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }),
    'Forgot password',
    {
      returnTo: login,
    },
  );

  // The notices from the marquee, and one notice read in it.
  const marquee = page.getByRole('button', { name: /Open the notices/ });
  await tabTo(page, marquee);
  await page.keyboard.press('Enter');
  const notices = page.getByRole('dialog', { name: 'Notices' });
  const firstNotice = notices.getByRole('list').getByRole('button').first();
  await tabTo(page, firstNotice);
  await page.keyboard.press('Enter');
  await expect(notices.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await tabsStayInside(page, notices);
  await page.keyboard.press('Escape');
  await expect(notices).toBeHidden();
  await expect(marquee).toBeFocused();

  // The help centre: the /help page's modal, over home; closing it leaves for home.
  await page.goto('/help');
  const helpDialog = page.getByRole('dialog', { name: 'Help center' });
  await expect(helpDialog).toBeVisible();
  await expect.poll(() => helpDialog.evaluate((box) => box.contains(document.activeElement))).toBe(true);
  await tabsStayInside(page, helpDialog);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/$/);
  await expect(helpDialog).toBeHidden();

  // A trial account asked to register first.
  await tabTo(page, banner.getByRole('button', { name: 'Trial', exact: true }));
  await page.keyboard.press('Enter');
  await modalRoundTrip(page, banner.getByRole('button', { name: 'Deposit' }), 'Notice');
});

test('the popup announcement takes the focus and closes on Escape', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
  const res = await request.post('/ops/merchants/PORTICO/notices', {
    headers,
    data: {
      type: 'PU',
      titles: { en: 'Keyboard popup' },
      contents: { en: '<p>Hello <a href="/promotions">offers</a></p>' },
    },
  });
  expect(res.ok()).toBe(true);
  const id = (await res.json()).value.notice.id;
  try {
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Keyboard popup' });
    await expect(popup).toBeVisible();
    await expect.poll(() => popup.evaluate((box) => box.contains(document.activeElement))).toBe(true);
    await tabsStayInside(page, popup);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  } finally {
    // Specs share one server: later ones must not meet the popup.
    await request.delete(`/ops/merchants/PORTICO/notices/${id}`, { headers });
  }
});

test('a member’s modals by keyboard: account menu, messages, points', async ({ page }) => {
  await page.goto('/');
  await keyboardLogIn(page, 'player01', 'Player123');

  const menu = page.getByRole('banner').getByRole('button', { name: 'player01' });
  for (const [entry, dialog] of [
    ['Change password', 'Change password'],
    ['Sign out', 'Sign out'],
  ] as const) {
    await tabTo(page, menu);
    await page.keyboard.press('Enter');
    // The entry hides with the menu: the focus comes back to the menu's button.
    await modalRoundTrip(page, page.getByRole('button', { name: entry, exact: true }), dialog, {
      returnTo: menu,
    });
  }

  await page.goto('/member?page=messageV2');
  const inbox = page.getByRole('list', { name: 'Messages' });
  const message = inbox.getByRole('button').first();
  const title = (await message.locator('.truncate').first().textContent())!;
  await modalRoundTrip(page, message, title);
  await modalRoundTrip(
    page,
    inbox.getByRole('button', { name: `Delete message: ${title}` }),
    'Delete message',
  );

  await page.goto('/pointMall');
  await modalRoundTrip(
    page,
    page.getByRole('button', { name: 'Redeem Cash voucher 10.00' }),
    /^Redeem Cash voucher/,
  );
});

test('an operator’s confirmations by keyboard', async ({ page }) => {
  await page.goto('/ops?merchant=PORTICO');
  await tabTo(page, page.getByLabel('Operator name'));
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Admin12345');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Back office pages' })).toBeVisible();
  await page.goto('/ops?merchant=PORTICO&page=members');
  await modalRoundTrip(page, page.getByRole('button', { name: 'Lock player01' }), /Lock/);
  await modalRoundTrip(page, page.getByRole('button', { name: 'Message player01' }), /Message/);
});

test('a visitor registers on the register page by keyboard', async ({ page }) => {
  const username = `kb${Date.now().toString(36).slice(-6)}`;
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Register' });
  await tabTo(page, form.getByLabel('Username'));
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('abc12345');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Confirm password')).toBeFocused();
  await page.keyboard.type('abc12345');
  // The captcha's answer is what its picture shows; the dev tool reads it out for the test.
  const captchaId = await form
    .getByRole('button', { name: 'New captcha image' })
    .getAttribute('data-captcha-id');
  const answer = (await (await page.request.get(`/__dev/captcha/${captchaId}`)).json()).value
    .answer as string;
  await tabTo(page, form.getByLabel('Captcha', { exact: true }));
  await page.keyboard.type(answer);
  const terms = form.getByRole('checkbox');
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, form.getByRole('button', { name: 'Register' }));
  await page.keyboard.press('Enter');

  const welcome = page.getByRole('dialog', { name: 'Registration successful' });
  await expect(welcome.getByText(`Welcome, ${username}! Your account is ready.`)).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(welcome).toBeHidden();
  await expect(page.getByRole('button', { name: username })).toBeVisible();
});

test('a member plays the in-house dice by keyboard: lobby, launch, bet, roll', async ({ page }) => {
  await page.goto('/');
  await keyboardLogIn(page, 'player01', 'Player123');
  await page.goto('/inhouse');
  await expect(page.getByRole('button', { name: 'Mini games', exact: true })).toBeVisible();
  await skipToContent(page);
  await tabTo(page, page.getByRole('button', { name: 'Mini games', exact: true }));
  await page.keyboard.press('Enter');
  // The dice's tile, once the mini games' list has replaced the slots' (the first tile read at once was a slot's).
  const name = 'Dice';
  const tile = page.getByRole('main').getByRole('article', { name, exact: true });
  await tabTo(page, tile.getByRole('button', { name: `Play ${name}` }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/game\?/);
  const game = page.frameLocator(`iframe[title="Game: ${name}"]`);
  const bet = game.getByLabel('Bet', { exact: true });
  await tabTo(page, bet);
  await page.keyboard.press('ArrowDown');
  const chosen = await bet.inputValue();
  await tabTo(page, game.getByRole('button', { name: 'Roll', exact: true }));
  await page.keyboard.press('Enter');
  await expect(game.getByText(/^Rolled \d+/)).toBeVisible();
  expect(await bet.inputValue()).toBe(chosen);
});
