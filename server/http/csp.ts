import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HelmetOptions } from 'helmet';
import { isCdnOrigin } from '../../contract/cdn.ts';
import { GTAG_ID } from '../../contract/system.ts';
import { FIREBASE_ORIGINS } from '../ports/firebase.ts';
import { BOOT_SCRIPT_HASH } from './firstScreen.ts';
import type { Merchant } from './merchantCache.ts';
import { isPagePath } from './spa.ts';

/** Google Analytics 4's hosts (its gtag.js, beacons and pixels), named only for a merchant with a tag. */
export const ANALYTICS_ORIGINS = {
  scripts: ['https://*.googletagmanager.com'],
  apis: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  images: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/**
 * The Content-Security-Policy, per request: the site itself and a drawn page's one inline script by its hash
 * (http/firstScreen.ts), and on a page only what its merchant uses: Google's hosts for Firebase Auth (social login,
 * phone codes) and for its analytics tag, its image CDNs as picture sources and its launch CDNs as frames. Every
 * other reply allows the site itself.
 *
 * `pagePolicy` must be called before helmet is registered: its hook resolves a page's merchant before helmet's
 * hook writes the header.
 */
export function pagePolicy(
  app: FastifyInstance,
  merchantOf: (req: FastifyRequest) => Promise<Merchant>,
): NonNullable<HelmetOptions['contentSecurityPolicy']> {
  const pageMerchant = new WeakMap<IncomingMessage, Merchant['settings']>();
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'GET' || !isPagePath(req.url) || req.url.split('?')[0] === '/ops') return;
    const merchant = await merchantOf(req).catch(() => undefined);
    if (merchant) pageMerchant.set(req.raw, merchant.settings);
  });
  const sources =
    (own: string[], of: (s: Merchant['settings']) => (string | false | undefined)[]) =>
    (req: IncomingMessage) => {
      const settings = pageMerchant.get(req);
      const extra = settings ? of(settings).filter((v): v is string => Boolean(v)) : [];
      return [...own, ...new Set(extra)].join(' ');
    };
  const tagged = (s: Merchant['settings']) => GTAG_ID.test(s.gtagId);
  const origins = (list: string[]) => list.filter(isCdnOrigin).map((o) => new URL(o).origin);
  return {
    directives: {
      upgradeInsecureRequests: null,
      imgSrc: [
        sources(["'self'", 'data:', 'blob:'], (s) => [
          ...origins(s.imageCDNs),
          ...(tagged(s) ? ANALYTICS_ORIGINS.images : []),
        ]),
      ],
      scriptSrc: [
        sources(["'self'", BOOT_SCRIPT_HASH], (s) => [
          ...(s.firebase ? FIREBASE_ORIGINS.scripts : []),
          ...(tagged(s) ? ANALYTICS_ORIGINS.scripts : []),
        ]),
      ],
      frameSrc: [
        sources(["'self'"], (s) => [
          ...(s.firebase ? FIREBASE_ORIGINS.frames : []),
          ...origins(s.launchGameCDNs),
        ]),
      ],
      connectSrc: [
        sources(["'self'"], (s) => [
          ...(s.firebase ? FIREBASE_ORIGINS.apis : []),
          ...(tagged(s) ? ANALYTICS_ORIGINS.apis : []),
        ]),
      ],
    },
  };
}
