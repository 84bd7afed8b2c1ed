import { readFileSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { AGENT_PAGE_KEYS } from '../../src/features/agent/pages.ts';
import { MEMBER_PAGE_KEYS } from '../../src/features/member/pages.ts';
import { PHONE, setTheme, settle, WIDTH } from './screens.ts';
import { fillRegistration, logIn } from './session.ts';

/**
 * A 375 px phone: every route of the portal, every page of the member and agent centres and every modal, for a
 * visitor, a member and an agent, in both themes. Nothing may widen the page past the screen (no sideways pan) or
 * stick out of it unreachable (a fixed button, a dialog), and the money pages' buttons take the tap where they are
 * drawn. A failure names the elements that stick out, with their place in the page.
 */

const THEMES = ['light', 'dark'] as const;
type Role = 'visitor' | 'member' | 'agent';

/** The routes the router knows, read from its generated tree: a new route fails this spec until it is listed below. */
const ROUTER_PATHS = [
  ...(readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8')
    .match(/interface FileRoutesByFullPath \{([^}]*)\}/)?.[1]
    ?.matchAll(/'([^']+)':/g) ?? []),
].map((m) => m[1]!);

/** What to open for each route (its pages, or a search that shows it filled), or why it is left out. */
const ROUTES: Record<string, readonly string[] | { excluded: string }> = {
  '/': ['/'],
  '/hot': ['/hot'],
  '/fav': ['/fav'],
  '/rng': ['/rng'],
  '/live': ['/live'],
  '/sports': ['/sports'],
  '/fish': ['/fish'],
  '/pvp': ['/pvp'],
  '/esports': ['/esports'],
  '/cockfight': ['/cockfight'],
  '/elott': ['/elott'],
  '/lott': ['/lott'],
  '/inhouse': ['/inhouse'],
  '/providers': ['/providers'],
  '/seamless': ['/seamless'],
  '/lotteryCenter': ['/lotteryCenter'],
  '/lottery': ['/lottery'],
  '/vnLottery': ['/vnLottery'],
  '/promotions': ['/promotions'],
  '/promoDetail': ['/promoDetail?id=1'],
  '/pointMall': ['/pointMall'],
  '/helpmc': ['/helpmc'],
  '/help': ['/help'],
  '/contact': ['/contact'],
  '/download': ['/download'],
  '/register': ['/register'],
  '/login': ['/login'],
  '/game': ['/game'],
  '/flows': ['/flows'],
  '/gateway/demo': ['/gateway/demo'],
  '/play/demo': ['/play/demo'],
  '/play/bingo': ['/play/bingo'],
  '/play/dice': ['/play/dice'],
  '/play/hilo': ['/play/hilo'],
  '/play/mines': ['/play/mines'],
  '/play/slot': ['/play/slot'],
  '/ops': ['/ops?merchant=PORTICO'],
  '/member': MEMBER_PAGE_KEYS.map((key) => `/member?page=${key}`),
  '/agent': AGENT_PAGE_KEYS.map((key) => `/agent?page=${key}`),
};
/** Not a route of the tree: the not-found page. */
const EXTRA = ['/no-such-page'];

/**
 * What each role opens. A visitor sees the same login notice on every page of a centre, a member the same "agents
 * only" notice on every page of the agent centre: its first page stands for the rest. A member opens the rest. An agent's portal pages differ from a member's only by the centre they lead
 * to: the agent opens home and the agent centre's pages (the lobbies are the slowest pages to measure).
 */
const visits = (role: Role) =>
  Object.entries(ROUTES).flatMap(([path, urls]) => {
    if (!Array.isArray(urls)) return [];
    if (role === 'agent') return path === '/' || path === '/agent' ? (urls as string[]) : [];
    if (path === '/agent') return urls.slice(0, 1);
    if (path === '/member' && role === 'visitor') return urls.slice(0, 1);
    return urls as string[];
  });

test.use({ actionTimeout: 10_000 });

/** Every failure of the spec, printed together at the end so one run lists all that needs fixing. */
const problems: string[] = [];
let measured = 0;
test.afterAll(() => {
  console.log(`phone 375 px: ${measured} screens measured (both themes), ${problems.length} too wide`);
});

/**
 * Runs in the page: the page's width and the elements that stick out past the right edge of the screen without an
 * ancestor that clips them (scroll boxes and overflow-hidden boxes inside the screen contain their content). An
 * absolutely placed element is clipped only by the boxes from its containing block up (a screen-reader-only text
 * inside a scrolling row escapes the row unless the row is positioned); a fixed one is not clipped at all, and
 * sticking out it cannot be reached either.
 */
function measure(width: number) {
  const makesBlock = (cs: CSSStyleDeclaration, pos: string) =>
    cs.transform !== 'none' ||
    cs.filter !== 'none' ||
    cs.perspective !== 'none' ||
    /paint|layout|strict|content/.test(cs.contain) ||
    (pos === 'absolute' && cs.position !== 'static');
  const clipped = (el: Element) => {
    let pos = getComputedStyle(el).position;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if ((pos === 'absolute' || pos === 'fixed') && !makesBlock(cs, pos)) continue;
      if (cs.overflowX !== 'visible' && p.getBoundingClientRect().right <= width + 0.5) return true;
      pos = cs.position;
    }
    return false;
  };
  const name = (el: Element) => {
    const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 5) : [];
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes.map((c) => `.${c}`).join('')}`;
  };
  const describe = (el: Element) => {
    const box = el.getBoundingClientRect();
    const path = [];
    for (let p = el.parentElement, i = 0; p && p !== document.body && i < 3; p = p.parentElement, i += 1)
      path.unshift(name(p));
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    return `${[...path, name(el)].join(' > ')} "${text}" at x ${Math.round(box.left)}–${Math.round(box.right)}`;
  };
  const out = new Set<Element>();
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.right > width + 0.5 && el.checkVisibility({ visibilityProperty: true }) && !clipped(el))
      out.add(el);
  }
  // The innermost ones are the causes (their ancestors only grew around them); the widest reach first.
  const causes = [...out]
    .filter((el) => ![...el.children].some((c) => out.has(c)))
    .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right);
  return {
    html: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    out: causes.slice(0, 6).map(describe),
    more: Math.max(causes.length - 6, 0),
  };
}

/** Measures what is on screen now in both themes and records what sticks out. */
async function check(page: Page, what: string) {
  await settle(page);
  for (const theme of THEMES) {
    await setTheme(page, theme);
    const m = await page.evaluate(measure, WIDTH);
    measured += 1;
    if (m.html <= WIDTH && m.body <= WIDTH && m.out.length === 0) continue;
    const problem =
      `${what} (${theme}): page ${m.html} px wide (body ${m.body} px)` +
      (m.out.length
        ? `; sticking out:\n    ${m.out.join('\n    ')}${m.more ? `\n    …and ${m.more} more` : ''}`
        : '');
    problems.push(problem);
    expect.soft(problem).toBe('');
  }
}

/** Goes to `url` the way the app's links do (history and the router, no reload), then checks it. */
async function visit(page: Page, url: string, role: Role) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveURL(url);
  await expect(page.locator('#root')).not.toBeEmpty();
  await check(page, `${url} as ${role}`);
  // A page that opens a dialog by itself (a centre's login) was measured with it: closed, it covers no later page.
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i += 1)
    await page.keyboard.press('Escape');
}

/** Opens a dialog and checks the screen with it open; it is left open. */
async function dialog(page: Page, name: string, open: () => Promise<unknown>) {
  await open();
  const box = page.getByRole('dialog').last();
  await expect(box).toBeVisible();
  await check(page, `${name} dialog`);
  const left = await box.evaluate((el) => el.getBoundingClientRect().left);
  expect.soft(left, `${name} dialog starts on screen`).toBeGreaterThanOrEqual(0);
  return box;
}

const closeDialog = (page: Page) =>
  page.getByRole('dialog').last().getByRole('button', { name: 'Close', exact: true }).first().tap();

/** A header control that the phone header may keep in its menu: the menu is opened first when it is not shown. */
async function headerControl(page: Page, control: Locator) {
  if (!(await control.isVisible())) await page.getByRole('button', { name: 'Menu', exact: true }).tap();
  return control;
}

/** The button takes a tap at its centre (nothing drawn over it) and the tap reaches it. */
async function tapLands(button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const over = await button.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || el === hit || el.contains(hit)) return null;
    return `${hit.tagName.toLowerCase()} "${(hit.textContent ?? '').trim().slice(0, 40)}" at x ${Math.round(box.left)}`;
  });
  expect(over, `what lies over ${await button.textContent()}`).toBeNull();
  // Playwright's own check: the tap fails when another element would receive it.
  await button.tap();
}

async function phone(browser: Browser) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto('/');
  await settle(page);
  return page;
}

/** The header's menu and a category's providers list, open. */
async function checkMenu(page: Page, role: Role) {
  await visit(page, '/', role);
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await menu.tap();
  await check(page, `the menu as ${role}`);
  const providers = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: / providers$/ })
    .first();
  await providers.tap();
  await check(page, `a category’s providers as ${role}`);
  await page.keyboard.press('Escape');
  if ((await menu.getAttribute('aria-expanded')) === 'true') await menu.tap();
}

test('every route of the router is measured or left out with a reason', () => {
  expect(ROUTER_PATHS.length).toBeGreaterThan(10);
  expect(
    ROUTER_PATHS.filter((path) => !(path in ROUTES)),
    'routes missing from ROUTES',
  ).toEqual([]);
  expect(
    Object.keys(ROUTES).filter((path) => !ROUTER_PATHS.includes(path)),
    'ROUTES entries the router no longer has',
  ).toEqual([]);
});

test('a visitor’s pages fit a phone', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await phone(browser);
  // The help route is its modal: measured with the routes.
  for (const url of [...visits('visitor'), ...EXTRA]) await visit(page, url, 'visitor');
  await checkMenu(page, 'visitor');
});

test('a visitor’s modals fit a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await phone(browser);
  await dialog(page, 'login', () => page.getByRole('button', { name: 'Login', exact: true }).tap());
  await dialog(page, 'forgot password', () =>
    page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).tap(),
  );
  await closeDialog(page);
  await dialog(page, 'register', () =>
    page.getByRole('banner').getByRole('button', { name: 'Register', exact: true }).tap(),
  );
  await closeDialog(page);
  await visit(page, '/agent', 'visitor');
  await dialog(page, 'agent login', () =>
    page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).tap(),
  );
  await closeDialog(page);
  await visit(page, '/', 'visitor');
  const notices = await dialog(page, 'notices', () =>
    page.getByRole('button', { name: /Open the notices/ }).tap(),
  );
  await notices.getByRole('button').nth(1).tap();
  await check(page, 'a notice');
  await closeDialog(page);

  // A trial account meets the "register first" notice.
  await (await headerControl(page, page.getByRole('button', { name: 'Trial', exact: true }))).tap();
  await dialog(page, 'register first', () =>
    page.getByRole('banner').getByRole('button', { name: 'Deposit' }).tap(),
  );
});

test('registration’s messages and the forced password change fit a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await phone(browser);
  await visit(page, '/register', 'visitor');
  const form = page.getByRole('form', { name: 'Register' });
  const fill = (code: string) => fillRegistration(page, form, 'ph', code);
  await fill('NOBODY99');
  await dialog(page, 'invalid invitation', () => form.getByRole('button', { name: 'Register' }).tap());
  await closeDialog(page);
  await fill('');
  await dialog(page, 'registration successful', () => form.getByRole('button', { name: 'Register' }).tap());

  // The demo account with the default password: the dialog is only looked at, the password stays as it is. LOTUS's
  // reset01, because accounts.spec.ts changes PORTICO's.
  const other = await phone(browser);
  await other.goto('/?merchant=LOTUS');
  await settle(other);
  await visit(other, '/login', 'visitor');
  const login = other.getByRole('form', { name: 'Login' });
  await login.getByLabel('Username').fill('reset01');
  await login.getByLabel('Password').fill('Welcome123');
  await dialog(other, 'forced password change', () => login.getByRole('button', { name: 'Login' }).tap());
});

const OPS = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
let popup: number | undefined;
// Specs share one server: later tests and specs must not meet the popup, even when its test failed or timed out.
test.afterAll(async ({ playwright }, info) => {
  if (popup === undefined) return;
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  await api.delete(`/ops/merchants/PORTICO/notices/${popup}`, { headers: OPS });
  await api.dispose();
  popup = undefined;
});

test('the popup announcement fits a phone', async ({ browser, request }) => {
  const res = await request.post('/ops/merchants/PORTICO/notices', {
    headers: OPS,
    data: {
      type: 'PU',
      titles: { en: 'A popup announcement with a rather long title for a phone' },
      contents: { en: '<p>Read <a href="/promotions">the offers</a> this week.</p>' },
    },
  });
  expect(res.ok()).toBe(true);
  popup = (await res.json()).value.notice.id as number;
  const page = await phone(browser);
  await expect(page.getByRole('dialog', { name: /A popup announcement/ })).toBeVisible();
  await dialog(page, 'popup announcement', async () => {});
  await request.delete(`/ops/merchants/PORTICO/notices/${popup}`, { headers: OPS });
  popup = undefined;
});

const inCentre = (url: string) => url.startsWith('/member?');

test('a member’s pages fit a phone', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await phone(browser);
  await logIn(page);
  for (const url of visits('member').filter((u) => !inCentre(u))) await visit(page, url, 'member');
  await checkMenu(page, 'member');
});

test('the member centre and its modals fit a phone, and the money buttons take the tap', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await phone(browser);
  await logIn(page);
  for (const url of visits('member').filter(inCentre)) await visit(page, url, 'member');

  await visit(page, '/member?page=depositv2', 'member');
  const deposit = page.getByRole('form', { name: 'Deposit' });
  await tapLands(deposit.getByRole('button', { name: 'Submit deposit' }));
  await expect(deposit.locator('[aria-invalid="true"]').first()).toBeVisible();
  await deposit.getByText('Online payment').tap();
  await tapLands(deposit.getByRole('button', { name: 'Continue to payment' }));
  await expect(deposit.locator('[aria-invalid="true"]').first()).toBeVisible();

  await visit(page, '/member?page=withdraw', 'member');
  const withdraw = page.getByRole('form', { name: 'Withdrawal' });
  if (await withdraw.count()) {
    await tapLands(withdraw.getByRole('button', { name: 'Request withdrawal' }));
    await expect(withdraw.locator('[aria-invalid="true"]').first()).toBeVisible();
  } else {
    await tapLands(page.getByRole('main').getByRole('link', { name: 'Set payment password' }));
    await expect(page).toHaveURL(/page=securityCenter/);
  }

  await visit(page, '/member?page=securityCenter', 'member');
  const payment = page.getByRole('form', { name: /(Set|Change) payment password/ });
  await tapLands(payment.getByRole('button', { name: /(Set|Change) payment password/ }));
  await expect(payment.locator('[aria-invalid="true"]').first()).toBeVisible();

  await visit(page, '/pointMall', 'member');
  await dialog(page, 'redeem', () =>
    page
      .getByRole('button', { name: /^Redeem / })
      .first()
      .tap(),
  );
  await closeDialog(page);

  await visit(page, '/member?page=messageV2', 'member');
  await dialog(page, 'message', () =>
    page.getByRole('list', { name: 'Messages' }).getByRole('button').first().tap(),
  );
  await dialog(page, 'delete message', () =>
    page.getByRole('dialog').getByRole('button', { name: 'Delete' }).tap(),
  );
  await closeDialog(page);

  await visit(page, '/member?page=rewardCenter', 'member');
  const open = page.getByRole('button', { name: /^Open / }).first();
  if (await open.isVisible()) {
    await dialog(page, 'reward ticket', () => open.tap());
    await closeDialog(page);
  }

  await visit(page, '/', 'member');
  const account = page.getByRole('banner').getByRole('button', { name: 'player01' });
  await account.tap();
  await check(page, 'the account menu');
  await dialog(page, 'change password', () => page.getByRole('button', { name: 'Change password' }).tap());
  await closeDialog(page);
  await account.tap();
  await dialog(page, 'sign out', () => page.getByRole('button', { name: 'Sign out' }).tap());
  await closeDialog(page);
});

test('an agent’s pages, centre and modals fit a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await phone(browser);
  await logIn(page, 'agent01', 'Agent1234');
  for (const url of visits('agent')) await visit(page, url, 'agent');
  // agent02's daily salary from agent01 (demo seed): its confirmation, closed without terminating.
  await visit(page, '/agent?page=dailyWages', 'agent');
  await dialog(page, 'terminate contract', () =>
    page.getByRole('button', { name: 'Terminate', exact: true }).first().tap(),
  );
  await closeDialog(page);
});
