import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../test/app.ts';
import { brandedPage, firstRepliesBlock } from './pageHints.ts';

const dist = mkdtempSync(join(tmpdir(), 'portico-hints-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><link rel="icon" href="/favicon.svg" /><title>spa</title></head><body></body></html>',
);
mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'locales/en/messages.po': { file: 'assets/messages-EN.js' },
    'locales/vi/messages.po': { file: 'assets/messages-VI.js' },
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ distDir: dist });
});
afterAll(() => t.close());

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const hints = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].map((m) => m[0]);
const tabIcon = (html: string) => /<link rel="icon"[^>]*>/.exec(html)?.[0];
const firstBlock = (html: string) =>
  /<script type="application\/json" id="first-replies">(.*?)<\/script>/s.exec(html)?.[1];
const noticeBanners = async (host: string, language: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/wps/notice/index?language=${language}`, headers: { host } })
  ).json().value.banners as { url: string; groupName: string }[];

describe('page hints', () => {
  it('hint the catalogue of the page’s language and its first banner, the very address the notices call gives', async () => {
    const first = (await noticeBanners('localhost', 'en')).find((b) => b.groupName === 'home')!;
    expect(hints(await page('/'))).toEqual([
      '<link rel="modulepreload" href="/assets/messages-EN.js">',
      `<link rel="preload" as="image" href="${first.url}" fetchpriority="high">`,
    ]);
    const rng = (await noticeBanners('localhost', 'vi')).find((b) => b.groupName === 'rng')!;
    expect(hints(await page('/rng?vendor=PT', { cookie: 'theme=dark; lang=vi' }))).toEqual([
      '<link rel="modulepreload" href="/assets/messages-VI.js">',
      `<link rel="preload" as="image" href="${rng.url}" fetchpriority="high">`,
    ]);
    expect(rng.url).toContain('lang=vi');
  });

  it('hint each merchant’s own banner, by the domain the page is asked on', async () => {
    const lotus = (await noticeBanners('lotus.localhost', 'en')).find((b) => b.groupName === 'home')!;
    expect(lotus.url).toContain('/art/LOTUS/');
    expect(hints(await page('/', { host: 'lotus.localhost' }))).toContain(
      `<link rel="preload" as="image" href="${lotus.url}" fetchpriority="high">`,
    );
  });

  it('hint no picture on a page without banners or a domain no merchant serves, and a language it lacks gives English', async () => {
    expect(hints(await page('/member'))).toEqual([
      '<link rel="modulepreload" href="/assets/messages-EN.js">',
    ]);
    expect(hints(await page('/', { host: 'nobody.example' }))).toEqual([
      '<link rel="modulepreload" href="/assets/messages-EN.js">',
    ]);
    // th is LOTUS's language, but this build's manifest lists no th catalogue; xx is none at all.
    expect(hints(await page('/member', { host: 'lotus.localhost', cookie: 'lang=th' }))).toEqual([]);
    expect(hints(await page('/member', { cookie: 'lang=xx' }))).toEqual([
      '<link rel="modulepreload" href="/assets/messages-EN.js">',
    ]);
  });

  it('carry the first calls’ replies, as the API gives them to the same visitor, with no markup that could end the block', async () => {
    const text = firstBlock(await page('/promotions', { cookie: 'lang=vi' }))!;
    expect(text).not.toContain('<');
    const block = JSON.parse(text);
    expect(block).toMatchObject({ merchant: 'PORTICO', language: 'vi' });
    const urls = Object.keys(block.replies);
    // In the calls' order whichever answers first: the same page is the same bytes (and compresses the same).
    expect(urls).toEqual([
      '/wps/system/status',
      '/wps/system/whitelabel',
      '/lgw/games/vendor?platform=html5-desktop',
      '/wps/notice/index?language=vi',
      '/lgw/games/game_menus?language=vi',
    ]);
    for (const url of urls) {
      const direct = await t.app.inject({ method: 'GET', url, headers: { language: 'vi' } });
      expect(block.replies[url], url).toEqual(direct.json());
    }

    const lotus = JSON.parse(firstBlock(await page('/', { host: 'lotus.localhost' }))!);
    expect(lotus.merchant).toBe('LOTUS');
    expect(lotus.replies['/wps/system/whitelabel'].value.brand.name).not.toBe(
      block.replies['/wps/system/whitelabel'].value.brand.name,
    );
  });

  it('are asked in the language the SPA will start in: a saved one the merchant does not offer gives English', async () => {
    // PORTICO offers en and vi, LOTUS en and th (its TY language).
    const language = async (cookie: string, host = 'localhost') =>
      JSON.parse(firstBlock(await page('/', { cookie, host }))!).language;
    expect(await language('lang=vi')).toBe('vi');
    expect(await language('lang=th')).toBe('en');
    expect(await language('lang=zh')).toBe('en');
    expect(await language('lang=th', 'lotus.localhost')).toBe('th');
    expect(await language('lang=vi', 'lotus.localhost')).toBe('en');
    const html = await page('/', { cookie: 'lang=zh' });
    expect(hints(html)[0]).toBe('<link rel="modulepreload" href="/assets/messages-EN.js">');
    expect(Object.keys(JSON.parse(firstBlock(html)!).replies)).toContain('/wps/notice/index?language=en');
  });

  it('are for the merchant the SPA keeps from a white-label link (?merchant=, then its cookie), else the domain’s', async () => {
    const block = async (url: string, cookie = '') => JSON.parse(firstBlock(await page(url, { cookie }))!);
    const linked = await block('/?merchant=lotus', 'lang=th');
    expect(linked).toMatchObject({ merchant: 'LOTUS', linked: true, language: 'th' });
    expect(linked.replies['/wps/system/whitelabel'].value.merchantCode).toBe('LOTUS');
    expect(await block('/rng', 'lang=th; merchant=LOTUS')).toMatchObject({ merchant: 'LOTUS', linked: true });
    // The link wins over the cookie; an unknown or malformed code leaves the domain's merchant.
    expect(await block('/?merchant=PORTICO', 'merchant=LOTUS')).toMatchObject({
      merchant: 'PORTICO',
      linked: true,
    });
    for (const [url, cookie] of [
      ['/?merchant=NOBODY', ''],
      ['/', 'merchant=NOBODY'],
      ['/?merchant=a%3Cb', ''],
    ] as const) {
      const domain = await block(url, cookie);
      expect(domain.merchant, url + cookie).toBe('PORTICO');
      expect(domain.linked, url + cookie).toBeUndefined();
    }
  });

  it('name the merchant’s own tab icon, a PNG, in place of the build’s default', async () => {
    expect(tabIcon(await page('/'))).toBe('<link rel="icon" href="/art/PORTICO/icon.png">');
    expect(tabIcon(await page('/agent', { host: 'lotus.localhost' }))).toBe(
      '<link rel="icon" href="/art/LOTUS/icon.png">',
    );
    expect(tabIcon(await page('/', { host: 'nobody.example' }))).toBe(
      '<link rel="icon" href="/favicon.svg" />',
    );
    const icon = await t.app.inject({ method: 'GET', url: '/art/LOTUS/icon.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('carry the merchant of a ?merchant= preview from the first byte, drawn or not: title, colours, theme, language', async () => {
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    // Pages the server does not draw (this build has no first-screen render) are branded all the same.
    for (const path of ['/', '/download', '/member', '/seamless'])
      expect(title(await page(`${path}?merchant=LOTUS`)), path).toBe('Lotus Play');
    expect(title(await page('/'))).toBe('Portico');
    expect(title(await page('/', { host: 'nobody.example' }))).toBe('spa');
    // The SPA's own index.html: its <html> tag carries the merchant's theme and colours.
    const index = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
    const block = JSON.parse(firstBlock(await page('/?merchant=LOTUS', { cookie: 'lang=th' }))!);
    const html = brandedPage(index, block);
    expect(html).toContain(
      '<html lang="th" data-theme="light" style="--brand-primary:#0f8f7e;--brand-accent:#e8486f">',
    );
    expect(html).toContain('<link rel="icon" href="/art/LOTUS/icon.png">');
    expect(brandedPage(index, undefined)).toBe(index);
  });

  it('keep markup in a reply from ending the block', () => {
    const block = {
      merchant: 'M',
      language: 'en',
      replies: { '/x': { html: '</script><script>alert(1)</script>' } },
    };
    const text = firstBlock(firstRepliesBlock(block))!;
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(block);
  });

  it('carry none for the back office or a domain no merchant serves', async () => {
    expect(firstBlock(await page('/ops'))).toBeUndefined();
    expect(firstBlock(await page('/', { host: 'nobody.example' }))).toBeUndefined();
  });

  it('travel compressed as the browser accepts (a page with its replies is ~20 KB raw)', async () => {
    const ask = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': encoding } });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('cookie');
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});
