import type { FastifyInstance } from 'fastify';

let visitor = 0;
/** A different visitor address per request, so per-IP limits only bite in the tests about them. */
const nextIp = () => {
  visitor += 1;
  return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
};

/** Calls a merchant's API as a browser would (merchant header, optional bearer token; `ip` pins the address). */
export function client(app: FastifyInstance, merchant = 'PORTICO', ip?: string) {
  const send = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token?: string,
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        merchant,
        'x-forwarded-for': ip ?? nextIp(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    send,
    /** A fresh captcha and its answer (the demo merchants are in captcha mode 'dev'). */
    async solvedCaptcha() {
      const { body } = await send('GET', '/wps/captcha');
      const answer = await app.inject({ method: 'GET', url: `/__dev/captcha/${body.value.captchaId}` });
      return { captchaId: body.value.captchaId as string, captcha: answer.json().value.answer as string };
    },
    async login(username: string, password: string, extra: object = {}) {
      return send('POST', '/wps/session/login', { type: 'username', username, password, ...extra });
    },
    /** The latest code the dev outbox holds for a number. */
    async smsCode(mobileDigits: string) {
      const res = await app.inject({ method: 'GET', url: `/__dev/outbox?to=${mobileDigits}` });
      const text: string = res.json().value[0]?.body ?? '';
      return text.match(/\b(\d{6})\b/)?.[1] ?? '';
    },
  };
}
