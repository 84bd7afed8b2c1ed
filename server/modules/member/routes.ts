import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changePassword,
  forgotByEmail,
  forgotByPhone,
  memberIcon,
  memberInfo,
  playerAvatar,
  resetPassword,
} from '../../../contract/member.ts';
import { requestLocale } from '../../http/locale.ts';
import { okValue, PASSWORD_LIMIT, route } from '../../http/route.ts';
import { passwordChangeOf } from '../../http/standing.ts';
import { playerAvatar as avatarOf, memberIcon as iconOf } from './avatar.ts';
import type { PasswordRecovery, RequestSite } from './recovery.ts';
import { memberInfo as infoOf, type MemberService } from './service.ts';

const siteOf = (req: FastifyRequest): RequestSite => ({
  ip: req.ip,
  protocol: req.protocol,
  host: req.host,
  language: requestLocale(req),
});

export async function memberRoutes(
  app: FastifyInstance,
  { members, recovery }: { members: MemberService; recovery: PasswordRecovery },
): Promise<void> {
  route(app, memberInfo, async ({ auth, merchant }) =>
    okValue({
      ...infoOf(auth.member),
      mustChangePassword: passwordChangeOf(merchant, auth.member, new Date()),
    }),
  );
  route(app, playerAvatar, async ({ auth }) => okValue(avatarOf(auth.member)));
  route(app, memberIcon, async ({ auth }) => okValue(iconOf(auth.member)));
  route(
    app,
    changePassword,
    async ({ merchant, auth, body }) => {
      await members.changePassword(merchant, auth.member, auth.tokenHash, body);
      return okValue(null);
    },
    PASSWORD_LIMIT,
  );
  route(
    app,
    forgotByEmail,
    async ({ merchant, body, req }) => {
      await recovery.forgotByEmail(merchant, body.username, body.email, siteOf(req));
      return okValue(null);
    },
    { rateLimit: { max: 5, timeWindow: '1 minute' } },
  );
  route(
    app,
    resetPassword,
    async ({ merchant, body, req }) => {
      await recovery.reset(merchant, body, siteOf(req));
      return okValue(null);
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
  route(
    app,
    forgotByPhone,
    async ({ merchant, body, req }) => {
      await recovery.forgotByPhone(merchant, body, siteOf(req));
      return okValue(null);
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
}
