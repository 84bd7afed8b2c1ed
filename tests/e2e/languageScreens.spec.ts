import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { LOCALES, type Locale } from '../../contract/constants.ts';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { PHONE, settle, WIDTH } from './screens.ts';
import { logIn } from './session.ts';

/**
 * Every shipped catalogue on a 375 px phone: the main screens of a visitor and of a member (an agent, whose centre is
 * one more screen) show their text whole. Long words (Indonesian, Spanish), scripts without spaces (CJK, Thai,
 * Khmer, Lao, Burmese), tall scripts (Burmese, Khmer) and long labels (Hindi, Bengali, Tamil, Telugu) must wrap, not
 * be cut by a box that hides what sticks out, nor push the page wider than the screen; an ellipsis is drawn only
 * where the full text is at hand (a `title`). A failure lists every cut text, by language, screen and element.
 */

/** A visitor's main screens: home, a lobby, the lottery centre, promotions, the forms, help, the agent centre's door. */
const VISITOR_SCREENS = [
  '/',
  '/rng',
  '/lotteryCenter',
  '/promotions',
  '/register',
  '/login',
  '/help',
  '/agent',
];
const DIALOG_ROUTES = ['/help', '/agent'];
/** A member's: the member centre, the wallet (transfers), the deposit form, and (an agent) the agent centre. */
const MEMBER_SCREENS = [
  '/member?page=securityCenter',
  '/member?page=transferFund',
  '/member?page=depositv2',
  '/agent',
];

const OPS = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
/** PORTICO's TY catalogue in the seed (server/db/seed/merchants.ts), put back after the spec. */
const SEEDED_TY = 'vi';

/**
 * Runs in the page: the texts that are cut. For each element with text of its own, the boxes of its lines are
 * compared with every box above it that hides what overflows it (overflow hidden or clip, on that axis), up to the
 * first that scrolls on that axis (its content can be reached). A line partly outside such a box is cut; one wholly
 * outside is hidden on purpose (a carousel's other slides). A line past the screen's edges, an ellipsis or a line
 * clamp without the full text in a `title` around it, and a page wider than the screen are cut as well.
 */
function cutTexts([width, root]: [number, string]) {
  const found: { selector: string; text: string; why: string }[] = [];
  const name = (el: Element) => {
    const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 4) : [];
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes.map((c) => `.${c}`).join('')}`;
  };
  const selector = (el: Element) => {
    const path = [name(el)];
    for (let p = el.parentElement, i = 0; p && p !== document.body && i < 2; p = p.parentElement, i += 1)
      path.unshift(name(p));
    return path.join(' > ');
  };
  /** A screen reader's text (sr-only: clipped to nothing on purpose). */
  const hiddenText = (el: Element) => {
    for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.clip === 'rect(0px, 0px, 0px, 0px)' || /inset\(50%\)/.test(cs.clipPath)) return true;
    }
    return false;
  };
  const TOLERANCE = 1.5;
  for (const el of document.querySelector(root)?.querySelectorAll('*') ?? []) {
    const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.nodeValue?.trim());
    if (own.length === 0 || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      continue;
    if (hiddenText(el)) continue;
    const text = own
      .map((n) => n.nodeValue)
      .join(' ')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 60);
    const report = (why: string) => found.push({ selector: selector(el), text, why });
    const cs = getComputedStyle(el);
    // A moving text (the notice bar's marquee) passes through its box on purpose.
    if (cs.animationName !== 'none') continue;
    const ellipsis = cs.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
    const clamped = cs.webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 1;
    if (ellipsis || clamped) {
      const full = el.closest('[title]')?.getAttribute('title') ?? '';
      if (!full.includes(text.slice(0, 20)))
        report(ellipsis ? 'ellipsis without a title' : 'line clamp without a title');
      continue;
    }
    const range = document.createRange();
    const lines = own.flatMap((n) => {
      range.selectNodeContents(n);
      return [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    });
    if (lines.length === 0) continue;
    let [checkX, checkY] = [true, true];
    let cut = '';
    let hidden = false;
    for (
      let p: Element | null = el;
      p && p !== document.documentElement && (checkX || checkY);
      p = p.parentElement
    ) {
      const ps = getComputedStyle(p);
      const box = p.getBoundingClientRect();
      const left = box.left + p.clientLeft;
      const top = box.top + p.clientTop;
      const [right, bottom] = [left + p.clientWidth, top + p.clientHeight];
      for (const [axis, overflow] of [
        ['x', ps.overflowX],
        ['y', ps.overflowY],
      ] as const) {
        if (axis === 'x' ? !checkX : !checkY) continue;
        if (overflow === 'auto' || overflow === 'scroll') {
          if (axis === 'x') checkX = false;
          else checkY = false;
          continue;
        }
        if (overflow !== 'hidden' && overflow !== 'clip') continue;
        if (p.clientWidth === 0 || p.clientHeight === 0) continue;
        for (const r of lines) {
          const [lo, hi, min, max] =
            axis === 'x' ? [r.left, r.right, left, right] : [r.top, r.bottom, top, bottom];
          if (hi <= min || lo >= max) hidden = true;
          else if (lo < min - TOLERANCE || hi > max + TOLERANCE)
            cut ||= `cut ${axis === 'x' ? 'sideways' : 'top or bottom'} by ${p === el ? 'itself' : name(p)} (${Math.round(Math.max(min - lo, hi - max))} px)`;
        }
      }
    }
    if (hidden) continue;
    if (cut) report(cut);
    else if (checkX && lines.some((r) => r.right > width + TOLERANCE || r.left < -TOLERANCE))
      report(
        `past the screen's edge (x ${Math.round(Math.min(...lines.map((r) => r.left)))}–${Math.round(Math.max(...lines.map((r) => r.right)))})`,
      );
  }
  const page = document.scrollingElement!.scrollWidth;
  if (page > width) found.push({ selector: 'html', text: '', why: `the page is ${page} px wide` });
  return found;
}

/** Goes to `url` the way the app's links do (history and the router, no reload). */
async function visit(page: Page, url: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await expect(page).toHaveURL(url);
  await settle(page);
}

/** Reloads the page in `language` (saved as the switch saves it), as the brand now offers it. */
async function reloadIn(page: Page, language: Locale) {
  await page.evaluate((l) => {
    localStorage.setItem('lang', l);
    // biome-ignore lint/suspicious/noDocumentCookie: as the app saves it (src/i18n/i18n.ts), for the server's page
    document.cookie = `lang=${l}; path=/`;
  }, language);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await settle(page);
}

const setTy = async (page: Page, ty: string) =>
  expect(
    (await page.request.patch('/ops/merchants/PORTICO', { headers: OPS, data: { tyLanguage: ty } })).ok(),
  ).toBe(true);

let measured = 0;
test.afterAll(() => console.log(`languages at 375 px: ${measured} screens measured`));

let visitor: Page;
let member: Page;
let contexts: BrowserContext[] = [];

/**
 * What a page reports as it loads: React's recoverable errors, a hydration mismatch (#418) above all. The server
 * draws a visitor's first screen in the page's language, numbers and dates included, with Node's ICU; this Chromium
 * has no Intl data for km, my and lo, and the app must then draw the page itself rather than take it over.
 */
const errors = new Map<Page, string[]>();

async function phone(browser: Browser) {
  const context = await browser.newContext(PHONE);
  contexts.push(context);
  const page = await context.newPage();
  const reported: string[] = [];
  errors.set(page, reported);
  page.on('pageerror', (e) => reported.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /react|hydrat/i.test(m.text())) reported.push(m.text());
  });
  await page.goto('/');
  await settle(page);
  return page;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  visitor = await phone(browser);
  member = await phone(browser);
  await logIn(member, 'agent01', 'Agent1234');
});

test.afterAll(async () => {
  if (visitor) await setTy(visitor, SEEDED_TY);
  for (const c of contexts) await c.close();
  contexts = [];
});

test.describe('on a 375 px phone, no text is cut', () => {
  for (const language of LOCALES) {
    test(`in ${language}`, async () => {
      test.setTimeout(120_000);
      // The brand offers the language as its TY entry (English is always offered).
      if (language !== 'en') await setTy(visitor, language);
      const found: string[] = [];
      const check = async (page: Page, screen: string, root = 'body') => {
        measured += 1;
        for (const f of await page.evaluate(cutTexts, [WIDTH, root] as [number, string]))
          found.push(`${screen}: ${f.selector} "${f.text}" ${f.why}`);
      };
      errors.get(visitor)!.length = 0;
      await reloadIn(visitor, language);
      found.push(...errors.get(visitor)!.map((e) => `loading /: ${e}`));
      for (const url of VISITOR_SCREENS) {
        await visit(visitor, url);
        // Help is a dialog over the page, and the agent centre opens its login for a visitor: the dialog is checked
        // (the page under it was checked on its own), then closed.
        if (!DIALOG_ROUTES.includes(url)) {
          await check(visitor, url);
          continue;
        }
        const dialog = visitor.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await check(visitor, url, '[role="dialog"]');
        await visitor.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }
      await visit(visitor, '/');
      const menu = visitor.locator('header button[aria-controls="site-menu"]');
      await menu.tap();
      await check(visitor, 'the menu', '#site-menu');
      await menu.tap();
      await reloadIn(member, language);
      for (const url of MEMBER_SCREENS) {
        await visit(member, url);
        await check(member, `${url} (member)`);
      }
      expect(found, `in ${language}:\n${found.join('\n')}`).toEqual([]);
    });
  }
});
