import type { FastifyInstance } from 'fastify';
import {
  opsAudit,
  opsBanners,
  opsCreateBanner,
  opsCreateOperator,
  opsDeleteBanner,
  opsDraws,
  opsLockMember,
  opsLogin,
  opsLogout,
  opsMe,
  opsMembers,
  opsMerchants,
  opsOperators,
  opsResetTotp,
  opsTotpConfirm,
  opsTotpDisable,
  opsTotpEnrol,
  opsUpdateOperator,
} from '../../../contract/backoffice.ts';
import { okValue, route } from '../../http/route.ts';
import type { Operators } from './operators.ts';
import { grantedMerchants } from './scope.ts';
import type { Backoffice } from './service.ts';

/** Failed or not, 10 operator logins per address in 10 minutes. */
export const OPS_LOGIN_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' };

/** The back office's own calls: operator login and accounts, members, banners, draws and the audit log. */
export async function backofficeRoutes(
  app: FastifyInstance,
  { office, operators }: { office: Backoffice; operators: Operators },
): Promise<void> {
  route(
    app,
    opsLogin,
    async ({ body, req }) => okValue(await operators.login(body.username, body.password, body.code, req.ip)),
    { rateLimit: OPS_LOGIN_RATE_LIMIT },
  );
  route(app, opsLogout, async ({ auth }) => {
    await operators.logout(auth.tokenHash);
    return okValue(null);
  });
  route(app, opsMe, async ({ auth }) =>
    okValue({
      operator: await operators.me(auth.operator),
      totpRequired: operators.mustEnrol(auth.operator),
    }),
  );
  route(app, opsTotpEnrol, async ({ auth }) => okValue(await operators.enrolTotp(auth.operator)));
  route(app, opsTotpConfirm, async ({ auth, body }) =>
    okValue({ operator: await operators.confirmTotp(auth.operator, body.code) }),
  );
  route(app, opsTotpDisable, async ({ auth, body }) =>
    okValue({ operator: await operators.disableTotp(auth.operator, body.code) }),
  );
  route(app, opsResetTotp, async ({ params }) => okValue({ operator: await operators.resetTotp(params.id) }));
  route(app, opsOperators, async () => okValue({ list: await operators.list() }));
  route(app, opsCreateOperator, async ({ body }) => okValue({ operator: await operators.create(body) }));
  route(app, opsUpdateOperator, async ({ params, body, auth }) =>
    okValue({ operator: await operators.update(params.id, body, auth.operator) }),
  );
  route(app, opsMerchants, async ({ auth }) =>
    okValue({ list: await office.merchants(grantedMerchants(auth.operator)) }),
  );
  route(app, opsMembers, async ({ params, query }) => okValue(await office.members(params.code, query)));
  route(app, opsLockMember, async ({ params, body }) =>
    okValue({ member: await office.lock(params.id, body.locked, body.remark) }),
  );
  route(app, opsBanners, async ({ params }) => okValue({ list: await office.banners(params.code) }));
  route(app, opsCreateBanner, async ({ params, body }) => {
    return okValue({ banner: await office.addBanner(params.code, body) });
  });
  route(app, opsDeleteBanner, async ({ params }) =>
    okValue({ id: await office.removeBanner(params.code, params.id) }),
  );
  route(app, opsDraws, async ({ query, auth }) =>
    okValue(await office.draws(query, grantedMerchants(auth.operator))),
  );
  route(app, opsAudit, async ({ query, auth }) =>
    okValue(await office.audit(query, grantedMerchants(auth.operator))),
  );
}
