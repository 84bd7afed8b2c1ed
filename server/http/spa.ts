import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths that belong to the API: a miss there is a 404 envelope, never the SPA page. */
export const API_PREFIXES = [
  '/wps/',
  '/lgw/',
  '/api/',
  '/ops/',
  '/art/',
  '/downloads/',
  '/__dev/',
  '/inhouse/',
  '/seamless/',
  '/vendor-demo/',
  '/gateway-demo/',
];

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for every other page (history fallback); the
 * build's brotli or gzip copy (scripts/precompress.ts) when the browser takes it.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn(`no built SPA in ${distDir}: run "npm run build" (serving the API only)`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    preCompressed: true,
    // The page itself comes from the app's page handler, with its hints (http/pageHints.ts), at / and /index.html too.
    index: false,
    allowedPath: (path) => path !== '/index.html',
    // Ours below: send's own (max-age=0) would be written after setHeaders and win.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.decorate('spaIndex', true);
}

export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/** Paths of API calls (not pictures or downloads): the ones a visitor's rate limit counts. */
export const isCallPath = (url: string) =>
  ['/wps/', '/lgw/', '/ops/', '/__dev/', '/inhouse/', '/seamless/', '/vendor-demo/', '/gateway-demo/'].some(
    (p) => url.startsWith(p),
  );

/** A page of the SPA: not an API path, and not a missing file (an asset gets a real 404, not the page). */
export function isPagePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return !isApiPath(path) && (!/\.[a-z0-9]+$/i.test(path) || path.endsWith('.html'));
}
