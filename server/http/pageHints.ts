import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { bannerGroupOf } from '../../contract/banners.ts';
import { isOneOf, LOCALES } from '../../contract/constants.ts';
import type { BannerGroup } from '../../contract/content.ts';
import type { Locale } from '../../contract/merchant.ts';

export interface PageHintSources {
  /** The merchant the page is for, or undefined on a domain no merchant serves. */
  merchantCodeOf(req: FastifyRequest): Promise<string | undefined>;
  firstBannerUrl(merchantCode: string, group: BannerGroup, locale: Locale): Promise<string | undefined>;
}

/** The language the SPA will start in: the `lang` cookie it keeps beside its saved language (src/i18n), else English. */
export function pageLocale(req: FastifyRequest): Locale {
  const cookie = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(req.headers.cookie ?? '')?.[1];
  return isOneOf(LOCALES, cookie) ? cookie : 'en';
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The SPA's index.html as sent for a page, with hints for two things its first screen fetches late otherwise: the
 * catalogue of its language (a module the app imports only once its own code has run) and the page's first banner
 * (its largest picture, named only by the notices call's reply). With the hints both start with the HTML, a round
 * trip or two sooner on a phone (npm run bench: Lighthouse's LCP).
 */
export function pageDocument(distDir: string, sources: PageHintSources) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const manifest: Record<string, { file: string }> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  return async (req: FastifyRequest): Promise<string> => {
    const locale = pageLocale(req);
    const hints: string[] = [];
    const catalogue = manifest[`locales/${locale}/messages.po`]?.file;
    if (catalogue) hints.push(`<link rel="modulepreload" href="/${attr(catalogue)}">`);
    const group = bannerGroupOf(req.url.split('?')[0] ?? '/');
    const merchant = group ? await sources.merchantCodeOf(req) : undefined;
    const banner = group && merchant ? await sources.firstBannerUrl(merchant, group, locale) : undefined;
    if (banner) hints.push(`<link rel="preload" as="image" href="${attr(banner)}" fetchpriority="high">`);
    return html.replace('</head>', `${hints.join('')}</head>`);
  };
}
