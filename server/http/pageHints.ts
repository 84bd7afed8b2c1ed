import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bannerGroupOf } from '../../contract/banners.ts';
import {
  isOneOf,
  LANGUAGE_HEADER,
  LOCALES,
  MERCHANT_CODE,
  MERCHANT_HEADER,
} from '../../contract/constants.ts';
import type { BannerGroup } from '../../contract/content.ts';
import {
  FIRST_REPLIES_ID,
  type FirstReplies,
  firstCalls,
  MERCHANT_COOKIE,
  offeredLanguage,
  offeredLanguages,
} from '../../contract/firstReplies.ts';
import { APP_ENTRY_ID, BOOT_SCRIPT, intlSample } from '../../contract/firstScreen.ts';
import type { Locale } from '../../contract/merchant.ts';
import type { WhitelabelInfo } from '../../contract/system.ts';
import { DRAWN_END_ID, firstScreenOf } from './firstScreen.ts';

export interface PageHintSources {
  /**
   * The merchant the page is for: `wanted` (the one the SPA keeps, from a white-label link) when it is one, else the
   * page's domain's; undefined on a domain no merchant serves.
   */
  merchantCodeOf(req: FastifyRequest, wanted?: string): Promise<string | undefined>;
  firstBannerUrl(merchantCode: string, group: BannerGroup, locale: Locale): Promise<string | undefined>;
  /** The app, asked the first calls as the visitor would ask them (same address, domain and language). */
  app: FastifyInstance;
}

const cookieOf = (req: FastifyRequest, name: string) =>
  new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(req.headers.cookie ?? '')?.[1];

/**
 * The language the SPA will start in (src/main.tsx): the `lang` cookie it keeps beside its saved language (src/i18n)
 * if the merchant offers it (`offered`: its whitelabel's offeredLanguages, when known), else English.
 */
export function pageLocale(req: FastifyRequest, offered?: readonly string[]): Locale {
  const cookie = cookieOf(req, 'lang');
  if (!isOneOf(LOCALES, cookie)) return 'en';
  return offered === undefined ? cookie : offeredLanguage(cookie, offered);
}

/**
 * The merchant the SPA will ask for (src/api/session.ts): a white-label link's (`?merchant=`), else the one it keeps
 * (the cookie it writes beside it, src/main.tsx); undefined for the domain's.
 */
export function pageMerchant(req: FastifyRequest): string | undefined {
  const linked = new URLSearchParams(req.url.split('?')[1] ?? '').get('merchant')?.trim().toUpperCase();
  if (linked && MERCHANT_CODE.test(linked)) return linked;
  const kept = cookieOf(req, MERCHANT_COOKIE);
  return kept && MERCHANT_CODE.test(kept) ? kept : undefined;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The replies as a JSON block in the page; `<` escaped: a notice's HTML can hold `</script>`, which would end it. */
export const firstRepliesBlock = (block: FirstReplies) =>
  `<script type="application/json" id="${FIRST_REPLIES_ID}">${JSON.stringify(block).replace(/</g, '\\u003c')}</script>`;

const WHITELABEL = '/wps/system/whitelabel';

/**
 * The first calls' replies, asked through the app itself: rate limits, region rules and merchant resolution apply as
 * to the SPA's own calls, which these replace. A call that fails is left out (the SPA then asks it). `linked`: the
 * merchant the SPA names in its calls (a white-label link's), else the domain's. In the language the SPA will start
 * in (pageLocale), which the merchant's whitelabel tells (its languages), asked first.
 */
async function firstReplies(
  app: FastifyInstance,
  req: FastifyRequest,
  merchant: string,
  linked: boolean,
  path: string,
): Promise<FirstReplies> {
  const forwarded = req.headers['x-forwarded-for'];
  const ask = async (url: string, locale: Locale) => {
    const res = await app.inject({
      method: 'GET',
      url,
      remoteAddress: req.socket.remoteAddress,
      headers: {
        host: req.headers.host ?? '',
        accept: 'application/json',
        [LANGUAGE_HEADER]: locale,
        ...(linked ? { [MERCHANT_HEADER]: merchant } : {}),
        ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
      },
    });
    return res.statusCode === 200 ? [[url, res.json()] as const] : [];
  };
  // The same in every language.
  const whitelabel = await ask(WHITELABEL, pageLocale(req));
  const info = (whitelabel[0]?.[1] as { value?: WhitelabelInfo } | undefined)?.value;
  const locale = pageLocale(req, info && offeredLanguages(info));
  // Keyed in the calls' order, not in the order they finish: the same page is the same bytes.
  const answered = await Promise.all(
    firstCalls(locale, path).map((url) => (url === WHITELABEL ? whitelabel : ask(url, locale))),
  );
  return {
    merchant,
    ...(linked ? { linked: true } : {}),
    language: locale,
    replies: Object.fromEntries(answered.flat()),
  };
}

const brandOf = (block: FirstReplies | undefined) =>
  (block?.replies['/wps/system/whitelabel'] as { value?: WhitelabelInfo } | undefined)?.value?.brand;

/**
 * The merchant's look on the page itself, whether or not its first screen is drawn: theme, colours, name and tab icon
 * from the HTML's first byte, not once the app's code has run (a `?merchant=` preview would paint the build's brand
 * for as long as its code takes to load). In the language the page's replies are in.
 */
export function brandedPage(page: string, block: FirstReplies | undefined): string {
  const brand = brandOf(block);
  if (!block || !brand) return page;
  return page
    .replace(
      /<html lang="[^"]*" data-theme="[^"]*">/,
      () =>
        `<html lang="${attr(block.language)}" data-theme="${attr(brand.defaultTheme)}" style="--brand-primary:${attr(brand.primary)};--brand-accent:${attr(brand.accent)}">`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${attr(brand.name)}</title>`)
    .replace(/<link rel="icon"[^>]*>/, () => `<link rel="icon" href="${attr(brand.iconUrl)}">`);
}

/**
 * A page with its first screen drawn (http/firstScreen.ts): the stylesheet inline (the screen paints with the HTML,
 * not a round trip later), and the app's code, with the catalogue, named for the boot script to load after the first
 * paint instead of beside it. The screen is inert until the app has taken it over (hydrated, src/main.tsx): a choice
 * made on it before would go nowhere.
 */
function drawnPage(
  page: string,
  screen: string,
  locale: string,
  readAsset: (path: string) => string,
): string {
  // The entry's scripts and the modules they preload (the build's and the page's catalogue hint), in that order.
  const tags = [
    ...page.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g),
    ...page.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g),
  ];
  const load = tags.map((m) => m[1]!);
  let out = page;
  for (const m of tags) out = out.replace(m[0], '');
  out = out
    .replace(
      /<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/,
      (_, href: string) => `<style>${readAsset(href)}</style>`,
    )
    .replace(
      '</head>',
      `<link rel="expect" href="#${DRAWN_END_ID}" blocking="render"><script type="application/json" id="${APP_ENTRY_ID}">${JSON.stringify(load)}</script><script>${BOOT_SCRIPT}</script></head>`,
    )
    // Replaced by functions: a `$&` or `$'` in the page's text is text, not a replacement pattern.
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" data-drawn="${attr(intlSample(locale))}" inert>${screen}</div><div id="${DRAWN_END_ID}" hidden></div>`,
    );
  return out;
}

/**
 * The SPA's index.html as sent for a page, with hints for two things its first screen fetches late otherwise: the
 * catalogue of its language (a module the app imports only once its own code has run) and the page's first banner
 * (its largest picture, named only by the notices call's reply). With the hints both start with the HTML, a round
 * trip or two sooner on a phone (npm run bench: Lighthouse's LCP). And the first calls' replies themselves
 * (contract/firstReplies.ts), so the first screen renders without waiting for the API; and the merchant's look
 * (brandedPage) in place of the build's default, which the page would draw only to replace.
 */
export function pageDocument(distDir: string, sources: PageHintSources) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const firstScreen = firstScreenOf(distDir);
  const assets = new Map<string, string>();
  const readAsset = (href: string) => {
    if (!assets.has(href)) assets.set(href, readFileSync(join(distDir, href), 'utf8'));
    return assets.get(href)!;
  };
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const manifest: Record<string, { file: string }> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  return async (req: FastifyRequest): Promise<string> => {
    const path = req.url.split('?')[0] ?? '/';
    // The back office makes none of the portal's first calls.
    const wanted = pageMerchant(req);
    const merchant = path === '/ops' ? undefined : await sources.merchantCodeOf(req, wanted);
    const replies = merchant
      ? await firstReplies(sources.app, req, merchant, merchant === wanted, path)
      : undefined;
    const locale = replies ? (replies.language as Locale) : pageLocale(req);
    const hints: string[] = [];
    const catalogue = manifest[`locales/${locale}/messages.po`]?.file;
    if (catalogue) hints.push(`<link rel="modulepreload" href="/${attr(catalogue)}">`);
    const group = bannerGroupOf(path);
    const banner = group && merchant ? await sources.firstBannerUrl(merchant, group, locale) : undefined;
    if (banner) hints.push(`<link rel="preload" as="image" href="${attr(banner)}" fetchpriority="high">`);
    if (replies) hints.push(firstRepliesBlock(replies));
    const page = brandedPage(html, replies).replace('</head>', () => `${hints.join('')}</head>`);
    const screen = replies && (await firstScreen(req.url, replies));
    return screen ? drawnPage(page, screen, locale, readAsset) : page;
  };
}

/**
 * A page, compressed as the browser accepts: the compression plugin's hooks belong to routes, and a page is sent by
 * the not-found handler (every path that is not a file or a call); with its first replies it is ~20 KB raw.
 */
export function sendCompressed(req: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts))
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
