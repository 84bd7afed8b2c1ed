import { type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { FIRST_SCREEN_MODULE, type FirstScreenRenderer } from '../../contract/firstScreen.ts';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';

// The server draws a visitor's first screen (server/http/firstScreen.ts) and the app takes it over (hydrateRoot,
// src/main.tsx). Every drawn page, in every catalogue, for every demo brand, must be taken over as drawn: the same
// elements, and no recoverable error (React's hydration mismatch #418 and its kin).

/** The pages the server draws, as the built render lists them (the router's routes that say so). */
const DRAWN_PAGES = (
  (await import(new URL(`../../dist/${FIRST_SCREEN_MODULE}`, import.meta.url).href)) as {
    default: FirstScreenRenderer;
  }
).default.paths;

const LANGUAGES = ['en', 'vi', 'th', 'zh'] as const;
type Language = (typeof LANGUAGES)[number];

/**
 * The demo brands by their domains (server/db/seed/merchants.ts), each with its TY language and the name of the
 * language switch in it.
 */
function brands(baseURL: string) {
  const { port } = new URL(baseURL);
  return [
    { brand: 'PORTICO', origin: `http://localhost:${port}`, ty: 'vi', switchName: 'Ngôn ngữ' },
    { brand: 'LOTUS', origin: `http://lotus.localhost:${port}`, ty: 'th', switchName: 'ภาษา' },
  ] as const;
}

const PHONE: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };
/** A player's clock and language are not the server's (UTC here): what differs by them must not differ on screen. */
const PLAYER: BrowserContextOptions = { timezoneId: 'Asia/Bangkok', locale: 'th-TH' };

/** Where a drawn page is opened: one promotion's page needs its id. */
const address = (path: string) => (path === '/promoDetail' ? '/promoDetail?id=1' : path);

/** What the page keeps of its drawn screen as it loads (watch). */
interface Drawn {
  drawn?: { first: Element | null; texts: string[] };
  textsOf: (el: Element) => string[];
}

/**
 * Watches each page as it loads: what the server drew (the root's first element and its text), and the errors the
 * page reports (React reports a recoverable error through `reportError`, an error event on the window).
 */
function watch(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /react|hydrat/i.test(m.text())) errors.push(m.text());
  });
  return page
    .addInitScript(() => {
      const w = window as unknown as Drawn;
      w.textsOf = (el) => {
        const texts: string[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const text = walker.currentNode.nodeValue?.trim();
          if (text) texts.push(text);
        }
        return texts;
      };
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root');
        if (root?.hasAttribute('data-drawn'))
          w.drawn = { first: root.firstElementChild, texts: w.textsOf(root) };
      });
    })
    .then(() => errors);
}

/**
 * Settles once the app has taken the whole screen over: every element React drew carries its fiber (a part still to
 * hydrate is the server's elements, without one). Markup an element sets as HTML (an operator's notice) has none.
 */
const hydrated = (page: Page) =>
  page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      if (!root || root.hasAttribute('data-drawn') || !root.firstElementChild) return false;
      const own = (el: Element, prefix: string) => {
        const key = Object.keys(el).find((k) => k.startsWith(prefix));
        return key ? (el as unknown as Record<string, unknown>)[key] : undefined;
      };
      for (const el of root.querySelectorAll('*')) {
        if (own(el, '__reactFiber$')) continue;
        const parent = el.parentElement!;
        if (parent === root) return false;
        const props = own(parent, '__reactProps$') as { dangerouslySetInnerHTML?: unknown } | undefined;
        if (own(parent, '__reactFiber$') && !props?.dangerouslySetInnerHTML) return false;
      }
      return true;
    },
    null,
    { timeout: 20_000 },
  );

/** Opens `url` and tells what went wrong with its takeover, if anything: an empty list when it was taken over. */
async function takeover(page: Page, errors: string[], url: string): Promise<string[]> {
  errors.length = 0;
  const res = await page.goto(url, { waitUntil: 'domcontentloaded' });
  if (!(await res!.text()).includes('<div id="root" data-drawn')) return ['the server drew no first screen'];
  await hydrated(page);
  const problems = [...errors];
  const kept = await page.evaluate(() => {
    const w = window as unknown as Drawn;
    return w.drawn?.first === document.getElementById('root')?.firstElementChild;
  });
  if (!kept) problems.push('the app drew the page again instead of taking the drawn one over');
  if (problems.length > 0) {
    // What the server drew that the app does not show now, and the reverse: the mismatched text.
    const [drawn, now] = await page.evaluate(() => {
      const w = window as unknown as Drawn;
      return [w.drawn?.texts ?? [], w.textsOf(document.getElementById('root')!)];
    });
    const [a, b] = [new Set(drawn), new Set(now)];
    problems.push(
      `drawn only: ${JSON.stringify([...a].filter((l) => !b.has(l)).slice(0, 8))}`,
      `app only: ${JSON.stringify([...b].filter((l) => !a.has(l)).slice(0, 8))}`,
    );
  }
  return problems;
}

/** A visitor who chose `language` before (the app keeps it in storage and in the cookie the server reads). */
async function visitorIn(page: Page, origin: string, language: Language, theme?: 'light' | 'dark') {
  await page.context().addCookies([{ name: 'lang', value: language, url: origin }]);
  await page.addInitScript(
    // Once: what the app saves later (a language the brand does not offer gives way to English) stays saved.
    ([o, l, t]) => {
      if (location.origin !== o) return;
      if (localStorage.getItem('lang') === null) localStorage.setItem('lang', l!);
      if (t && localStorage.getItem('theme') === null) localStorage.setItem('theme', t);
    },
    [origin, language, theme] as const,
  );
}

/** Opens every drawn page in turn and tells what went wrong with each takeover, named by page, language and brand. */
async function everyPage(page: Page, origin: string, named: string): Promise<string[]> {
  const errors = await watch(page);
  const failures: string[] = [];
  for (const path of DRAWN_PAGES) {
    const problems = await takeover(page, errors, `${origin}${address(path)}`);
    if (problems.length > 0) failures.push(`${path} ${named}:\n  ${problems.join('\n  ')}`);
  }
  return failures;
}

test.describe('on a phone (375 px), every drawn page in every catalogue is taken over as drawn', () => {
  test.use({ ...PHONE, ...PLAYER });
  for (const language of LANGUAGES) {
    test(`in ${language}, for each brand`, async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      const failures: string[] = [];
      for (const { brand, origin } of brands(baseURL!)) {
        // A saved theme that is not the brand's default, for one of the languages.
        await visitorIn(page, origin, language, language === 'th' ? 'light' : undefined);
        failures.push(...(await everyPage(page, origin, `in ${language} for ${brand} at 375 px`)));
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});

test.describe('on a desktop (1366 px), every drawn page is taken over as drawn', () => {
  test.use({ ...DESKTOP, ...PLAYER });
  // What differs by the viewport differs in any language: each brand in its TY language.
  test('for each brand, in its TY language', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const failures: string[] = [];
    for (const { brand, origin, ty } of brands(baseURL!)) {
      await visitorIn(page, origin, ty);
      failures.push(...(await everyPage(page, origin, `in ${ty} for ${brand} at 1366 px`)));
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

test.describe('the server draws what the app will show', () => {
  test.use({ ...DESKTOP, ...PLAYER });

  test('after a switch of language, a reload and the next page are drawn in it and taken over, also on a phone', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const errors = await watch(page);
    for (const { origin, ty, switchName } of brands(baseURL!)) {
      expect(await takeover(page, errors, `${origin}/`)).toEqual([]);
      await page.getByRole('combobox', { name: 'Language' }).selectOption(ty);
      await expect(page.locator('html')).toHaveAttribute('lang', ty);
      expect(await takeover(page, errors, `${origin}/`), `home after the switch to ${ty}`).toEqual([]);
      await expect(page.locator('html')).toHaveAttribute('lang', ty);
      expect(await takeover(page, errors, `${origin}/rng`), `slots after the switch to ${ty}`).toEqual([]);
      await page.setViewportSize(PHONE.viewport!);
      expect(await takeover(page, errors, `${origin}/live`), `live on a phone in ${ty}`).toEqual([]);
      await page.setViewportSize(DESKTOP.viewport!);
      // And back: English again on the next page.
      await page.getByRole('combobox', { name: switchName }).selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await takeover(page, errors, `${origin}/hot`), `hot after the switch back to en`).toEqual([]);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
  });

  test('a saved language the brand does not offer: the page is drawn in English, as the app starts', async ({
    page,
    baseURL,
  }) => {
    const errors = await watch(page);
    for (const { origin, ty } of brands(baseURL!)) {
      const other = ty === 'vi' ? 'th' : 'vi';
      await visitorIn(page, origin, other);
      expect(await takeover(page, errors, `${origin}/`), `home with ${other} saved`).toEqual([]);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
  });

  test('a player whose New Year has come while the server’s has not sees the pages taken over as drawn', async ({
    page,
    baseURL,
  }) => {
    const errors = await watch(page);
    // 20:00 UTC on the server's New Year's Eve is 03:00 on New Year's Day in Bangkok (the player's clock).
    await page.clock.setFixedTime(new Date(Date.UTC(new Date().getUTCFullYear(), 11, 31, 20)));
    const [portico] = brands(baseURL!);
    for (const path of ['/', '/help'])
      expect(await takeover(page, errors, `${portico.origin}${path}`), path).toEqual([]);
  });

  test('a white-label link (?merchant=) is drawn for its brand, and so are the next pages', async ({
    page,
    baseURL,
  }) => {
    const errors = await watch(page);
    const [portico] = brands(baseURL!);
    expect(await takeover(page, errors, `${portico.origin}/?merchant=LOTUS`)).toEqual([]);
    await expect(page).toHaveTitle('Lotus Play');
    expect(await takeover(page, errors, `${portico.origin}/rng`)).toEqual([]);
    await expect(page).toHaveTitle('Lotus Play');
    await expect(page.getByRole('link', { name: 'Lotus Play home' })).toBeVisible();
  });
});

test.describe('an announcement the visitor has closed', () => {
  test.use({ ...PHONE, ...PLAYER });
  const headers = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
  // Specs share one server: the popup is removed afterwards, or every later spec would meet it on arrival.
  let posted: number | undefined;
  test.afterEach(async ({ request }) => {
    if (posted !== undefined) await request.delete(`/ops/merchants/PORTICO/notices/${posted}`, { headers });
    posted = undefined;
  });

  test('stays closed on the next drawn page, which is taken over as drawn', async ({ page }) => {
    const res = await page.request.post('/ops/merchants/PORTICO/notices', {
      headers,
      data: { type: 'PU', titles: { en: 'Lucky week' }, contents: { en: '<p>Spin more, win more</p>' } },
    });
    expect(res.ok()).toBe(true);
    posted = (await res.json()).value.notice.id;
    const errors = await watch(page);
    expect(await takeover(page, errors, '/')).toEqual([]);
    const popup = page.getByRole('dialog', { name: 'Lucky week' });
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
    expect(await takeover(page, errors, '/rng')).toEqual([]);
    await expect(popup).toHaveCount(0);
  });
});
