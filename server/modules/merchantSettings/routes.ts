import type { FastifyInstance } from 'fastify';
import {
  opsAddDomain,
  opsMerchantSettings,
  opsPaymentDetails,
  opsRemoveDomain,
  opsSetPaymentDetails,
  opsUpdateMerchantSettings,
} from '../../../contract/merchantSettings.ts';
import { okValue, route } from '../../http/route.ts';
import type { MerchantSettingsService } from './service.ts';

/** Operator calls of a merchant's player-facing settings, domains and house bank account (roles: contract `opsRoles`). */
export async function merchantSettingsRoutes(
  app: FastifyInstance,
  { settings }: { settings: MerchantSettingsService },
): Promise<void> {
  route(app, opsMerchantSettings, async ({ params }) =>
    okValue({ settings: await settings.read(params.code) }),
  );
  route(app, opsUpdateMerchantSettings, async ({ params, body }) =>
    okValue({ settings: await settings.update(params.code, body) }),
  );
  route(app, opsAddDomain, async ({ params, body }) =>
    okValue({ domains: await settings.addDomain(params.code, body.domain) }),
  );
  route(app, opsRemoveDomain, async ({ params }) =>
    okValue({ domains: await settings.removeDomain(params.code, params.domain) }),
  );
  route(app, opsPaymentDetails, async ({ params, auth }) =>
    okValue(await settings.paymentDetails(params.code, auth.operator)),
  );
  route(app, opsSetPaymentDetails, async ({ params, body, auth }) =>
    okValue({ change: await settings.draftBank(params.code, body, auth.operator) }),
  );
}
