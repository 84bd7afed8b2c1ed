import type { FastifyInstance } from 'fastify';
import {
  helpCenter,
  opsCreateHelpItem,
  opsDeleteHelpItem,
  opsFeedback,
  opsHelpItems,
  opsOrderHelpItems,
  opsUpdateHelpItem,
  sendFeedback,
} from '../../../contract/help.ts';
import { requestLocale } from '../../http/locale.ts';
import { merchantScope } from '../../http/merchant.ts';
import type { MerchantCache } from '../../http/merchantCache.ts';
import { bearerOf, okValue, route } from '../../http/route.ts';
import type { createSessionService } from '../auth/sessions.ts';
import type { HelpItems } from './items.ts';
import type { HelpService } from './service.ts';

export interface HelpModuleDeps {
  help: HelpService;
  /** The operator's editing of help items. */
  items: HelpItems;
  merchants: MerchantCache;
  sessions: ReturnType<typeof createSessionService>;
  /** The operator's feedback list exists only with a token (PORTICO_OPS_TOKEN). */
}

/** Feedback is open to anyone, so a script could flood it: a few per address and window. */
export const FEEDBACK_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' };

/**
 * Help centre and feedback (in a merchant scope; feedback takes a session when one is sent, so it is no token call)
 * and the operator's feedback list (by ops token, merchant from the path). Registered on the root.
 */
export async function helpRoutes(app: FastifyInstance, deps: HelpModuleDeps): Promise<void> {
  const { help } = deps;

  await app.register(async (api) => {
    merchantScope(api, deps.merchants);
    route(api, helpCenter, async ({ merchant, query, req }) =>
      okValue({ list: await help.items(merchant.code, requestLocale(req, query.language)) }),
    );
    route(
      api,
      sendFeedback,
      async ({ merchant, body, req }) => {
        const token = bearerOf(req);
        // A token that is sent must be a live session: a stale one is refused like on every member call.
        const member = token ? (await deps.sessions.resolve(merchant.code, token)).member : null;
        return okValue(await help.send(merchant.code, member?.id ?? null, body.content));
      },
      { rateLimit: FEEDBACK_RATE_LIMIT },
    );
  });

  route(app, opsFeedback, async ({ params, query }) => okValue(await help.list(params.code, query)));

  const { items } = deps;
  route(app, opsHelpItems, async ({ params }) => okValue({ list: await items.list(params.code) }));
  route(app, opsCreateHelpItem, async ({ params, body }) =>
    okValue({ item: await items.create(params.code, body) }),
  );
  route(app, opsUpdateHelpItem, async ({ params, body }) =>
    okValue({ item: await items.update(params.code, params.id, body) }),
  );
  route(app, opsDeleteHelpItem, async ({ params }) =>
    okValue({ id: await items.remove(params.code, params.id) }),
  );
  route(app, opsOrderHelpItems, async ({ params, body }) =>
    okValue({ list: await items.order(params.code, body.ids) }),
  );
}
