import type { FastifyInstance } from 'fastify';
import {
  APPLY_RULES,
  applyPromotion,
  claimPromotion,
  joinPromotion,
  myPromotions,
  opsApproveEntry,
  opsCreatePromotion,
  opsDrawRaffle,
  opsPromotionEntries,
  opsPromotions,
  opsRejectEntry,
  opsUpdatePromotion,
  opsUpload,
  promotionDetail,
  promotionList,
  redeemPromoCode,
} from '../../../contract/promotions.ts';
import { DomainError } from '../../http/errors.ts';
import { requestLocale } from '../../http/locale.ts';
import type { MerchantCache } from '../../http/merchantCache.ts';
import { okValue, route } from '../../http/route.ts';
import { sessionScope } from '../../http/sessionScope.ts';
import { acceptUploads, readUploads } from '../../http/uploads.ts';
import type { SessionService } from '../auth/sessions.ts';
import { promotionUpload } from './applications.ts';
import type { PromotionModule } from './module.ts';

/** Spec §5: an application's remark and pictures. */
const APPLY_LIMITS = {
  maxFiles: APPLY_RULES.maxFiles,
  maxBytes: APPLY_RULES.maxBytes,
  maxRemark: APPLY_RULES.maxRemark,
  missing: 'Add at least one picture',
};

/**
 * Promotions: the member's calls (merchant scope, by session; the application as multipart) and the operator's
 * (`auth: 'ops'`, resolved by the route layer). Registered on the root.
 */
export async function promotionRoutes(
  app: FastifyInstance,
  opts: { promotions: PromotionModule; merchants: MerchantCache; sessions: SessionService },
): Promise<void> {
  const { storage, promotions, applications, catalogue, decisions } = opts.promotions;

  await app.register(async (api) => {
    sessionScope(api, opts.merchants, opts.sessions);
    route(api, promotionList, async ({ merchant, req, query }) =>
      okValue(await promotions.list(merchant, requestLocale(req), query.category)),
    );
    route(api, promotionDetail, async ({ merchant, req, params }) =>
      okValue(await promotions.detail(merchant, requestLocale(req), params.id)),
    );
    route(api, myPromotions, async ({ merchant, auth }) =>
      okValue(await promotions.mine(merchant, auth.member)),
    );
    route(api, claimPromotion, async ({ merchant, auth, params }) =>
      okValue(await promotions.claim(merchant, auth.member, params.id)),
    );
    route(api, joinPromotion, async ({ merchant, auth, params }) =>
      okValue(await promotions.join(merchant, auth.member, params.id)),
    );
    route(
      api,
      redeemPromoCode,
      async ({ merchant, auth, body }) =>
        okValue(await applications.redeemCode(merchant, auth.member, body.code)),
      // Codes are secrets: guessing them is slowed down.
      { rateLimit: { max: 20, timeWindow: '1 minute' } },
    );
    await api.register(async (uploads) => {
      await acceptUploads(uploads, APPLY_LIMITS);
      route(uploads, applyPromotion, async ({ merchant, auth, params, req }) => {
        await applications.assertApplicable(merchant, auth.member, params.id);
        const form = await readUploads(req, APPLY_LIMITS);
        return okValue(await applications.apply(merchant, auth.member, params.id, form));
      });
    });
  });

  route(app, opsPromotions, async ({ params }) => okValue(await catalogue.list(params.code)));
  route(app, opsCreatePromotion, async ({ params, body, auth }) =>
    okValue(await catalogue.create(params.code, body, auth.operator)),
  );
  route(app, opsUpdatePromotion, async ({ params, body, auth }) =>
    okValue(await catalogue.update(params.id, body, auth.operator)),
  );
  route(app, opsPromotionEntries, async ({ params, query }) =>
    okValue(await decisions.list(params.code, query)),
  );
  route(app, opsApproveEntry, async ({ params, body }) => okValue(await decisions.approve(params.id, body)));
  route(app, opsRejectEntry, async ({ params, body }) =>
    okValue(await decisions.reject(params.id, body.remark)),
  );
  route(app, opsDrawRaffle, async ({ params }) => okValue(await decisions.draw(params.id)));
  route(app, opsUpload, async ({ params, reply }) => {
    // The name is a UUID and a type (checked by the contract): it cannot leave the folder.
    const data = await storage.get(promotionUpload(params.name));
    if (!data) throw new DomainError(404, 'NOT_FOUND', 'No such upload');
    reply
      .type(params.name.endsWith('.png') ? 'image/png' : 'image/jpeg')
      .header('cache-control', 'private, max-age=3600');
    return data;
  });
}
