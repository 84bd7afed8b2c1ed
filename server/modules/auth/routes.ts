import type { FastifyInstance } from 'fastify';
import {
  affiliateCheck,
  captcha,
  freePlay,
  login,
  loginSms,
  logout,
  register,
  registerMobile,
  registerSettings,
  registerSms,
} from '../../../contract/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { okValue, route } from '../../http/route.ts';
import type { CaptchaService } from './captcha.ts';
import type { AuthService } from './service.ts';
import type { SessionService } from './sessions.ts';
import type { SmsService } from './sms.ts';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export async function authRoutes(
  app: FastifyInstance,
  s: {
    auth: AuthService;
    captcha: CaptchaService;
    sms: SmsService;
    sessions: SessionService;
    devTools: boolean;
  },
): Promise<void> {
  route(app, registerSettings, async ({ merchant }) => okValue(s.auth.settings(merchant)));
  route(
    app,
    captcha,
    async ({ merchant }) => okValue(await s.captcha.issue(merchant, s.devTools)),
    perMinute(30),
  );
  route(
    app,
    registerSms,
    async ({ merchant, body, req }) =>
      okValue(await s.sms.send(merchant, 'register', body, req.ip, requestLocale(req))),
    perMinute(10),
  );
  route(
    app,
    loginSms,
    async ({ merchant, body, req }) =>
      okValue(await s.sms.send(merchant, 'login', body, req.ip, requestLocale(req))),
    perMinute(10),
  );
  route(
    app,
    register,
    async ({ merchant, body }) => okValue(await s.auth.register(merchant, body)),
    perMinute(10),
  );
  route(
    app,
    registerMobile,
    async ({ merchant, body }) => okValue(await s.auth.registerMobile(merchant, body)),
    perMinute(10),
  );
  route(app, affiliateCheck, async ({ merchant, query }) =>
    okValue({ valid: await s.auth.affiliateValid(merchant, query.code) }),
  );
  route(
    app,
    login,
    async ({ merchant, body, req }) => okValue(await s.auth.login(merchant, body, req.ip)),
    perMinute(20),
  );
  route(
    app,
    freePlay,
    async ({ merchant, req }) => okValue(await s.auth.freePlay(merchant, req.ip)),
    perMinute(10),
  );
  route(app, logout, async ({ auth }) => {
    await s.sessions.revoke(auth.tokenHash);
    return okValue(null);
  });
}
