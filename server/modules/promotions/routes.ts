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
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { requestLocale } from '../../http/locale.ts';
import type { MerchantCache } from '../../http/merchantCache.ts';
import { okValue, route } from '../../http/route.ts';
import { sessionScope } from '../../http/sessionScope.ts';
import { acceptUploads, readUploads } from '../../http/uploads.ts';
import { type StoragePort, uploadsStorage } from '../../ports/storage.ts';
import type { AuditLog } from '../audit/log.ts';
import type { createSessionService } from '../auth/sessions.ts';
import type { Changes } from '../changes/service.ts';
import { cryptoRandom, type RandomInt } from '../inhouse/random.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { createApplications, promotionUpload } from './applications.ts';
import { createEntryDecisions } from './decisions.ts';
import { createPromotionCatalogue } from './operator.ts';
import { createPayout } from './payout.ts';
import { createPromotionService } from './service.ts';

export interface PromotionModuleDeps {
  db: Db;
  ledger: Ledger;
  audit: AuditLog;
  /** Where a promotion's reward and terms are drafted for a second operator's approval. */
  changes: Changes;
  sessions: ReturnType<typeof createSessionService>;
  /** Where uploads go (default: the local folder `uploadsDir`, else ./data/uploads); pictures under `promotions/`. */
  storage?: StoragePort;
  uploadsDir?: string;
  /** Who wins a raffle (tests rig it). */
  random?: RandomInt;
  now?: () => Date;
}

/** Spec §5: an application's remark and pictures. */
const APPLY_LIMITS = {
  maxFiles: APPLY_RULES.maxFiles,
  maxBytes: APPLY_RULES.maxBytes,
  maxRemark: APPLY_RULES.maxRemark,
  missing: 'Add at least one picture',
};

/** Everything a promotions module is made of, for the routes and for tests that set the clock. */
export function createPromotions(deps: PromotionModuleDeps) {
  const { db, ledger, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const storage = uploadsStorage(deps);
  const pay = createPayout(db, { ledger, audit });
  const promotions = createPromotionService(db, { ledger, pay, now });
  return {
    storage,
    promotions,
    applications: createApplications(db, { promotions, pay, storage, now }),
    catalogue: createPromotionCatalogue(db, { audit, changes: deps.changes, now }),
    decisions: createEntryDecisions(db, { audit, pay, random: deps.random ?? cryptoRandom, now }),
  };
}

/**
 * Promotions: the member's calls (merchant scope, by session; the application as multipart) and the operator's
 * (`auth: 'ops'`, resolved by the route layer). Registered on the root.
 */
export async function promotionRoutes(
  app: FastifyInstance,
  deps: PromotionModuleDeps & { merchants: MerchantCache },
): Promise<void> {
  const { storage, promotions, applications, catalogue, decisions } = createPromotions(deps);

  await app.register(async (api) => {
    sessionScope(api, deps.merchants, deps.sessions);
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
