import type { FastifyInstance } from 'fastify';
import { changePassword, forgotByEmail, forgotByPhone, memberInfo } from '../../../contract/member.ts';
import { okValue, PASSWORD_LIMIT, route } from '../../http/route.ts';
import { passwordChangeOf } from '../../http/standing.ts';
import { memberInfo as infoOf, type MemberService } from './service.ts';

export function memberRoutes(app: FastifyInstance, members: MemberService): void {
  route(app, memberInfo, async ({ auth, merchant }) =>
    okValue({
      ...infoOf(auth.member),
      mustChangePassword: passwordChangeOf(merchant, auth.member, new Date()),
    }),
  );
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
    async ({ merchant, body }) => {
      await members.forgotByEmail(merchant, body.username, body.email);
      return okValue(null);
    },
    { rateLimit: { max: 5, timeWindow: '1 minute' } },
  );
  route(
    app,
    forgotByPhone,
    async ({ merchant, body }) => {
      await members.forgotByPhone(merchant, body);
      return okValue(null);
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
}
