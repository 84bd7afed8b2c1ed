import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, FIRST_SCREEN_MODULE, intlSample } from '../../contract/firstScreen.ts';
import { type TestApp, testApp } from '../test/app.ts';

// A build as `npm run build` lays it out, with a stand-in for the SPA's server render (src/ssr/firstScreen.tsx,
// exercised for real by its own test and tests/e2e/firstScreen.spec.ts): it echoes what it was asked, counts its
// renders, and draws a few of the portal's pages.
const dist = mkdtempSync(join(tmpdir(), 'portico-first-screen-'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html>
<html lang="en" data-theme="dark">
  <head>
    <link rel="icon" href="/favicon.svg" />
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/app-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-V.js">
    <link rel="stylesheet" crossorigin href="/assets/app-C.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
);
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'app-C.css'), 'body{color:red}');
mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({ 'locales/en/messages.po': { file: 'assets/messages-EN.js' } }),
);
mkdirSync(join(dist, '.ssr'));
writeFileSync(
  join(dist, FIRST_SCREEN_MODULE),
  `globalThis.firstScreenRenders = 0;
globalThis.firstScreenAtOnce = { now: 0, most: 0 };
export default {
  paths: ['/', '/rng', '/promotions', '/live', '/hot', '/fish'],
  async render(url, block) {
    globalThis.firstScreenRenders++;
    if (url.startsWith('/fish')) throw new Error('a render that fails');
    if (url.startsWith('/hot')) {
      const atOnce = globalThis.firstScreenAtOnce;
      atOnce.most = Math.max(atOnce.most, ++atOnce.now);
      await new Promise((r) => setTimeout(r, 500));
      atOnce.now--;
    }
    return '<link rel="preload" as="image" href="/x.webp"/><header>' + block.merchant + ' ' + block.language + ' ' + url + '</header><script>alert(1)</script>';
  },
};`,
);
const renders = () => (globalThis as { firstScreenRenders?: number }).firstScreenRenders ?? 0;

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ distDir: dist });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const DRAWN =
  /<div id="root" data-drawn="([^"]*)" inert>(.*?)<\/div><div id="drawn-end" hidden><\/div>\s*<\/body>/s;
const drawn = (html: string) => DRAWN.exec(html)?.[2];
/** How the server wrote a number and a date in the page's language (the app compares its own, src/main.tsx). */
const sampleOf = (html: string) => DRAWN.exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('the first screen the server draws', () => {
  it('puts the render in the page, with the stylesheet inline and the code named for the boot script', async () => {
    const res = await get('/rng?vendor=PT');
    const html = res.body;
    expect(drawn(html)).toBe('<header>PORTICO en /rng?vendor=PT</header>');
    // The code and the catalogue: loaded by the boot script after the first paint, not by the HTML beside it.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(/<script type="application\/json" id="app-entry">(.*?)<\/script>/.exec(html)?.[1]).toBe(
      JSON.stringify(['/assets/app-A.js', '/assets/vendor-V.js', '/assets/messages-EN.js']),
    );
    expect(html).toContain('<style>body{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    // The merchant's look before any code: theme, colours, name.
    expect(html).toMatch(
      /<html lang="en" data-theme="(dark|light)" style="--brand-primary:#[0-9a-f]{6};--brand-accent:#[0-9a-f]{6}">/,
    );
    expect(html).toContain('<title>Portico</title>');
    // No paint until the whole screen is read (the mark after it is render-blocking).
    expect(html).toMatch(/<head>.*<link rel="expect" href="#drawn-end" blocking="render">.*<\/head>/s);
    // Its one inline script is the boot script, which the CSP allows by its hash and no other.
    const inline = [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1]);
    expect(inline).toEqual([BOOT_SCRIPT]);
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(/script-src [^;]*/.exec(String(res.headers['content-security-policy']))?.[0]).not.toContain(
      'unsafe-inline',
    );
  });

  it('draws a page for the brand and in the language the app starts in: a link’s merchant, an offered language', async () => {
    const html = (await get('/promotions?merchant=LOTUS', { cookie: 'lang=th' })).body;
    expect(drawn(html)).toBe('<header>LOTUS th /promotions?merchant=LOTUS</header>');
    expect(html).toMatch(/<html lang="th" data-theme="light" /);
    expect(html).toContain('<title>Lotus Play</title>');
    // PORTICO offers English and Vietnamese: Chinese saved gives English, on the page and in the app (src/main.tsx).
    const portico = (await get('/promotions', { cookie: 'lang=zh' })).body;
    expect(drawn(portico)).toBe('<header>PORTICO en /promotions</header>');
    expect(portico).toMatch(/<html lang="en" /);
  });

  it('marks a drawn page with how the server writes numbers and dates in its language', async () => {
    const thai = sampleOf((await get('/promotions?merchant=LOTUS', { cookie: 'lang=th' })).body);
    const english = sampleOf((await get('/promotions')).body);
    expect(thai).toBe(intlSample('th'));
    expect(english).toBe(intlSample('en'));
    // Thai dates count Buddhist years: a browser writing 2026 where the server wrote 2569 draws the page itself.
    expect(thai).toContain('2569');
    expect(english).toContain('2026');
  });

  it('draws a page once for the same address, merchant and language', async () => {
    await get('/live?x=1');
    const before = renders();
    await get('/live?x=1');
    expect(renders()).toBe(before);
    await get('/live?x=2');
    expect(renders()).toBe(before + 1);
  });

  it('renders a burst of pages side by side, a few at most: the others go without their first screen', async () => {
    const pages = await Promise.all(Array.from({ length: 8 }, (_, i) => get(`/hot?burst=${i}`)));
    const drawnPages = pages.filter((p) => drawn(p.body) !== undefined);
    expect(drawnPages).toHaveLength(4);
    // Each render its own state (src/ssr/firstScreen.tsx): none waits for another.
    expect((globalThis as { firstScreenAtOnce?: { most: number } }).firstScreenAtOnce?.most).toBe(4);
    for (const p of pages.filter((p) => drawn(p.body) === undefined))
      expect(p.body).toContain('<script type="module" crossorigin src="/assets/app-A.js"></script>');
  });

  it('leaves a member’s pages, the back office and a failed render to the SPA, as before', async () => {
    for (const url of ['/member', '/agent', '/ops', '/play/slot', '/fish']) {
      const html = (await get(url)).body;
      expect(drawn(html), url).toBeUndefined();
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/app-A.js"></script>');
      expect(html, url).not.toContain(BOOT_SCRIPT);
    }
  });
});
