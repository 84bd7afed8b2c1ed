import type { FastifyInstance } from 'fastify';
import {
  convertPoints,
  opsApproveRedemption,
  opsRedemptions,
  opsRejectRedemption,
  pointEntries,
  pointRedemptions,
  pointRewards,
  pointsBalance,
  pointsConfigCall,
  redeemReward,
} from '../../../contract/points.ts';
import { requestLocale } from '../../http/locale.ts';
import type { MerchantCache } from '../../http/merchantCache.ts';
import { okValue, route } from '../../http/route.ts';
import { sessionScope } from '../../http/sessionScope.ts';
import type { createSessionService } from '../auth/sessions.ts';
import type { RedemptionDecisions } from './decisions.ts';
import type { PointsService } from './service.ts';

export interface PointsModuleDeps {
  merchants: MerchantCache;
  points: PointsService;
  decisions: RedemptionDecisions;
  sessions: ReturnType<typeof createSessionService>;
}

/**
 * The points mall: the member's calls (merchant scope, by session) and the operator's redemption queue (by ops
 * token). Registered on the root, each part in its own scope.
 */
export async function pointsRoutes(app: FastifyInstance, deps: PointsModuleDeps): Promise<void> {
  const { points, decisions } = deps;

  await app.register(async (api) => {
    sessionScope(api, deps.merchants, deps.sessions);
    route(api, pointsBalance, async ({ merchant, auth }) =>
      okValue(await points.balance(merchant, auth.member)),
    );
    route(api, pointsConfigCall, async ({ merchant }) => okValue(await points.config(merchant)));
    route(api, pointRewards, async ({ merchant, req, query }) =>
      okValue(await points.rewards(merchant, requestLocale(req), query)),
    );
    route(
      api,
      redeemReward,
      async ({ merchant, auth, req, body }) =>
        okValue(await points.redeem(merchant, auth.member, requestLocale(req), body)),
      // A password is checked here: guesses are slowed down.
      { rateLimit: { max: 20, timeWindow: '1 minute' } },
    );
    route(api, pointRedemptions, async ({ merchant, auth, req, query }) =>
      okValue(await points.redemptions(merchant, auth.member, requestLocale(req), query)),
    );
    route(api, convertPoints, async ({ merchant, auth, body }) =>
      okValue(await points.convert(merchant, auth.member, body)),
    );
    route(api, pointEntries, async ({ merchant, auth, query }) =>
      okValue(await points.entries(merchant, auth.member, query)),
    );
  });

  route(app, opsRedemptions, async ({ params, query }) =>
    okValue(await decisions.opsList(params.code, query)),
  );
  route(app, opsApproveRedemption, async ({ params, body }) =>
    okValue(await decisions.approve(params.id, body?.remark)),
  );
  route(app, opsRejectRedemption, async ({ params, body }) =>
    okValue(await decisions.reject(params.id, body?.remark)),
  );
}
