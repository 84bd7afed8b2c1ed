import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isPagePath } from './spa.ts';

/**
 * Helmet's security headers on every reply, its middleware built once (@fastify/helmet builds it afresh for every
 * request). A page's Content-Security-Policy depends on its merchant (http/csp.ts), so a page request runs the
 * middleware; every other reply's headers are the same, computed once at start and set from that list.
 *
 * Register after `pagePolicy` (its hook resolves a page's merchant before this one writes the header).
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const middleware = helmet(options);
  const fixed = fixedHeaders(middleware);
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method === 'GET' && isPagePath(req.url))
      return middleware(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    const res = reply.raw;
    for (const [name, value] of fixed.set) res.setHeader(name, value);
    for (const name of fixed.removed) res.removeHeader(name);
    done();
  });
}

/** What the middleware does to a reply outside any page: the headers it sets and those it removes. */
function fixedHeaders(middleware: ReturnType<typeof helmet>) {
  const set = new Map<string, string | number | readonly string[]>();
  const removed: string[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, value);
      return res;
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  const req = { method: 'POST', url: '/wps/', headers: {} };
  middleware(req as unknown as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return { set: [...set], removed };
}
