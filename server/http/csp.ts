import type { IncomingMessage } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIREBASE_ORIGINS } from '../ports/firebase.ts';
import { BOOT_SCRIPT_HASH } from './firstScreen.ts';
import type { Merchant } from './merchantCache.ts';
import { isPagePath } from './spa.ts';

/**
 * The Content-Security-Policy, per request: Google's hosts (Firebase Auth's scripts, frames and APIs for social
 * login and phone codes) only on the pages of a merchant with a Firebase project; every other page and reply allows
 * the site itself, and a drawn page's one inline script by its hash (http/firstScreen.ts).
 *
 * `pagePolicy` must be called before helmet is registered: its hook resolves a page's merchant before helmet's
 * hook writes the header.
 */
export function pagePolicy(
  app: FastifyInstance,
  merchantOf: (req: FastifyRequest) => Promise<Merchant>,
): NonNullable<FastifyHelmetOptions['contentSecurityPolicy']> {
  const firebasePages = new WeakSet<IncomingMessage>();
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'GET' || !isPagePath(req.url) || req.url.split('?')[0] === '/ops') return;
    const merchant = await merchantOf(req).catch(() => undefined);
    if (merchant?.settings.firebase) firebasePages.add(req.raw);
  });
  const withFirebase = (own: string[], google: string[]) => (req: IncomingMessage) =>
    [...own, ...(firebasePages.has(req) ? google : [])].join(' ');
  return {
    directives: {
      upgradeInsecureRequests: null,
      imgSrc: ["'self'", 'data:', 'blob:'],
      scriptSrc: [withFirebase(["'self'", BOOT_SCRIPT_HASH], FIREBASE_ORIGINS.scripts)],
      frameSrc: [withFirebase(["'self'"], FIREBASE_ORIGINS.frames)],
      connectSrc: [withFirebase(["'self'"], FIREBASE_ORIGINS.apis)],
    },
  };
}
