import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type createSessionService, notLoggedIn } from '../modules/auth/sessions.ts';
import { merchantScope } from './merchant.ts';
import type { MerchantCache } from './merchantCache.ts';
import { bearerOf } from './route.ts';

/**
 * A scope of member calls: the request's merchant, and token calls resolved to the member's session. For modules
 * registered on the root in a scope of their own (next to their operator scope).
 */
export function sessionScope(
  app: FastifyInstance,
  merchants: MerchantCache,
  sessions: ReturnType<typeof createSessionService>,
): void {
  merchantScope(app, merchants);
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const token = bearerOf(req);
    if (!token) throw notLoggedIn();
    return sessions.resolve(req.merchant.code, token);
  });
}
