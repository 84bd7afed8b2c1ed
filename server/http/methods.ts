import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

/**
 * The methods each path answers, collected as routes are added (install before any route), matched the way
 * Fastify's router matches: for the not-found handler's 405 and its `Allow` header. Returns, for a path and the
 * method asked, the methods the path has when the one asked is not among them (none: it is a plain 404).
 */
export function knownMethods(app: FastifyInstance): (method: string, path: string) => string[] {
  const router = FindMyWay({ caseSensitive: true, ignoreTrailingSlash: false, maxParamLength: 100 });
  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      methods.add(method);
      try {
        router.on(method as never, route.url, () => undefined);
      } catch {
        // The same path and method twice (under other constraints): once is enough to know it exists.
      }
    }
  });
  return (method, path) => {
    const has = [...methods].filter((m) => router.find(m as never, path) !== null).sort();
    // A route of this very method sent the request on to the not-found handler (a static file it refuses to
    // serve): a plain 404, not a wrong method.
    return has.includes(method) ? [] : has;
  };
}
