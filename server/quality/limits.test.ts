import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/call.ts';
import { members } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { teamMember } from '../modules/agent/testTeam.ts';
import { CAPTCHA_AFTER_FAILURES } from '../modules/auth/logins.ts';
import { SMS_RULES } from '../modules/auth/sms.ts';
import { OPS_LOGIN_RATE_LIMIT } from '../modules/backoffice/routes.ts';
import { FEEDBACK_RATE_LIMIT } from '../modules/help/routes.ts';
import { PAYMENT_PASSWORD_TRIES } from '../modules/payments/paymentPassword.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { memberWithToken } from '../test/wallet.ts';
import { report } from './report.ts';

/**
 * Rate limits, proven: from one address, a limited call answers as usual up to its limit and 429 with the error
 * envelope past it, while another address still gets through. The per-call limits are the spec's and the ones that
 * slow password and code guessing; the global one holds every other API call.
 */

interface Limited {
  what: string;
  max: number;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  as?: 'member' | 'agent' | 'payer' | 'unset';
  /** The i-th request's body (distinct numbers and names, so no other rule answers first). */
  body?: (i: number) => object;
}

/** Distinct numbers per call and request: the SMS service's own per-number pause must not answer first. */
const mobile = (prefix: string) => (i: number) => ({
  countryDialingCode: '84',
  mobileNo: `${prefix}${1_000_000 + i}`,
});
const LIMITS: Limited[] = [
  {
    what: 'login',
    max: 20,
    method: 'POST',
    url: '/wps/session/login',
    body: (i) => ({ type: 'username', username: `nobody${i}`, password: 'Wrong-pass1' }),
  },
  {
    what: 'SMS code for login',
    max: 10,
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    body: mobile('93'),
  },
  {
    what: 'SMS code for registration',
    max: 10,
    method: 'POST',
    url: '/wps/verification/sms/register',
    body: mobile('94'),
  },
  { what: 'captcha', max: 30, method: 'GET', url: '/wps/captcha' },
  {
    what: 'registration',
    max: 10,
    method: 'PUT',
    url: '/wps/member/register',
    body: (i) => ({ username: `limit${i}`, password: 'short', confirmPassword: 'short' }),
  },
  {
    what: 'registration by mobile',
    max: 10,
    method: 'PUT',
    url: '/wps/member/register/mobile',
    body: (i) => ({
      countryDialingCode: '84',
      mobileNum: `91${String(1_000_000 + i)}`,
      verificationCode: '000000',
    }),
  },
  {
    what: 'free play account',
    max: 10,
    method: 'POST',
    url: '/wps/session/login/freeplay',
    body: () => ({}),
  },
  {
    what: 'password reset by email',
    max: 5,
    method: 'POST',
    url: '/wps/member/password/email',
    body: (i) => ({ username: `nobody${i}`, email: 'no@example.com' }),
  },
  {
    what: 'password reset with an e-mailed code',
    max: 10,
    method: 'POST',
    url: '/wps/member/password/reset',
    body: (i) => ({ username: `nobody${i}`, code: 'WRONG234', newPassword: 'Newpass123' }),
  },
  {
    what: 'password reset by phone',
    max: 10,
    method: 'POST',
    url: '/wps/member/password/verification',
    body: (i) => ({
      countryDialingCode: '84',
      mobileNum: `92${String(1_000_000 + i)}`,
      verificationCode: '000000',
      newPassword: 'Newpass123',
    }),
  },
  {
    what: 'feedback',
    max: FEEDBACK_RATE_LIMIT.max,
    method: 'PUT',
    url: '/wps/feedback',
    body: (i) => ({ content: `Limits test feedback number ${i}` }),
  },
  {
    what: 'promo code',
    max: 20,
    method: 'POST',
    url: '/wps/promotion/code',
    as: 'member',
    body: (i) => ({ code: `NOPE${i}` }),
  },
  {
    what: 'operator login',
    max: OPS_LOGIN_RATE_LIMIT.max,
    method: 'POST',
    url: '/ops/login',
    body: () => ({ username: 'admin', password: 'Wrong-password' }),
  },
  {
    what: 'points redemption (password)',
    max: 20,
    method: 'POST',
    url: '/wps/points/redeem',
    as: 'member',
    body: () => ({ rewardId: 1, password: 'Wrong-pass1', requestId: crypto.randomUUID() }),
  },
  {
    what: 'break from play (password)',
    max: 10,
    method: 'POST',
    url: '/wps/member/responsible/break',
    as: 'member',
    body: () => ({ length: 'DAY', password: 'Wrong-pass1' }),
  },
  {
    what: 'transfer to upline (payment password)',
    max: 30,
    method: 'POST',
    url: '/wps/wallet/transferUpline',
    as: 'unset',
    body: () => ({ requestId: crypto.randomUUID(), amount: 100, paymentPassword: '000000' }),
  },
  {
    what: 'withdrawal (payment password)',
    max: 30,
    method: 'POST',
    url: '/wps/payment/withdraw',
    as: 'unset',
    body: () => ({
      requestId: crypto.randomUUID(),
      amount: 10_000,
      paymentPassword: '000000',
      bankName: 'Bank',
      accountName: 'Holder',
      accountNo: '123456789',
    }),
  },
  {
    what: 'payment password (login password)',
    max: 30,
    method: 'PUT',
    url: '/wps/member/paymentPassword',
    as: 'member',
    body: () => ({ loginPassword: 'Wrong-pass1', oldPaymentPassword: '000000', paymentPassword: '135790' }),
  },
  {
    what: 'password change (old password)',
    max: 30,
    method: 'POST',
    url: '/wps/member/password',
    as: 'member',
    body: () => ({ oldPassword: 'Wrong-pass1', newPassword: 'Newpass123', confirmNewPassword: 'Newpass123' }),
  },
  {
    what: 'downline account (agent)',
    max: 10,
    method: 'PUT',
    url: '/wps/agent/downline',
    as: 'agent',
    body: (i) => ({ accountType: 'MEMBER', username: 'x', password: `a${i}`, confirmPassword: 'b' }),
  },
];
/** Every API call without a limit of its own counts against this one. */
const GLOBAL_MAX = 1200;

let t: TestApp;
const tokens = { member: '', agent: '', payer: '', unset: '' };
/** The member whose payment password the guessing test locks (its own, so no other limit test meets the lock). */
let payer = 0;
const counts = { tried: 0, proven: 0, requests: 0 };
let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.88.${address >> 8}.${address & 255}`;
};

beforeAll(async () => {
  t = await testApp({ opsToken: 'ops-token-for-limits' });
  tokens.member = (await teamMember(t.database.db, 'limitmember', { credit: 100_000n })).token;
  tokens.agent = (await teamMember(t.database.db, 'limitagent', { agentType: 1 })).token;
  // The payment-password calls' address limit is proven with a member who has none: the account's own lock
  // (5 wrong tries, proven below) must not answer first.
  tokens.unset = (await memberWithToken(t.database.db, 'limitunset', 0n, { paymentPassword: false })).token;
  const m = await teamMember(t.database.db, 'limitpayer');
  [tokens.payer, payer] = [m.token, m.id];
});
afterAll(async () => {
  report(
    `limits: ${counts.proven} of ${counts.tried} limits proven, ${counts.requests} requests, ${counts.tried - counts.proven} failures`,
  );
  await t?.close();
});

const send = async (l: Pick<Limited, 'method' | 'url' | 'as' | 'body'>, ip: string, i: number) => {
  counts.requests += 1;
  const res = await t.app.inject({
    method: l.method,
    url: l.url,
    headers: {
      merchant: 'PORTICO',
      'x-forwarded-for': ip,
      ...(l.as ? { authorization: `Bearer ${tokens[l.as]}` } : {}),
    },
    ...(l.body ? { payload: l.body(i) } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

/** Up to `max` from one address answer as usual; the next is refused with the envelope; another address passes. */
async function prove(l: Pick<Limited, 'method' | 'url' | 'as' | 'body'>, max: number) {
  counts.tried += 1;
  const ip = nextAddress();
  const statuses: number[] = [];
  for (let i = 0; i < max; i += 1) statuses.push((await send(l, ip, i)).status);
  expect(statuses.filter((s) => s === 429)).toEqual([]);
  const refused = await send(l, ip, max);
  expect(refused.status).toBe(429);
  expect(errorEnvelope.parse(refused.body).code).toBe('RATE_LIMITED');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect((await send(l, nextAddress(), max + 1)).status).not.toBe(429);
  counts.proven += 1;
}

describe('rate limits', () => {
  it.each(LIMITS.map((l) => [l.what, l] as const))('%s', async (_what, l) => {
    await prove(l, l.max);
  });

  it(`every other API call: ${GLOBAL_MAX} a minute per address`, async () => {
    await prove({ method: 'GET', url: '/wps/system/status' }, GLOBAL_MAX);
  });
});

/** A fresh captcha and its answer (the demo merchants are in captcha mode 'dev'). */
async function solvedCaptcha(ip: string) {
  const issued = await send({ method: 'GET', url: '/wps/captcha' }, ip, 0);
  const captchaId = issued.body.value.captchaId as string;
  const dev = await t.app.inject({ method: 'GET', url: `/__dev/captcha/${captchaId}` });
  return { captchaId, captcha: dev.json().value.answer as string };
}

/**
 * Limits of an account or a number rather than of an address: a guesser who rotates addresses meets them all the
 * same (every request below comes from an address of its own), and the refusal is the error envelope.
 */
describe('guessing limits, whatever the address', () => {
  const refusedWith = (body: unknown, code: string) => {
    const envelope = errorEnvelope.parse(body);
    expect(envelope.code).toBe(code);
    return envelope;
  };

  it(`payment password: locked after ${PAYMENT_PASSWORD_TRIES} wrong tries, the right one included`, async () => {
    counts.tried += 1;
    await t.database.db
      .update(members)
      .set({ paymentPasswordHash: await hashPassword('135790') })
      .where(eq(members.id, payer));
    const transfer = (paymentPassword: string) =>
      send(
        {
          method: 'POST',
          url: '/wps/wallet/transferUpline',
          as: 'payer',
          body: () => ({ requestId: crypto.randomUUID(), amount: 100, paymentPassword }),
        },
        nextAddress(),
        0,
      );
    const statuses: number[] = [];
    for (let i = 0; i < PAYMENT_PASSWORD_TRIES; i += 1) statuses.push((await transfer('000000')).status);
    expect(statuses).toEqual([...Array(PAYMENT_PASSWORD_TRIES - 1).fill(400), 429]);
    const right = await transfer('135790');
    expect(right.status).toBe(429);
    expect(refusedWith(right.body, 'RATE_LIMITED').until).toBeTruthy();
    counts.proven += 1;
  });

  it(`login: a captcha after ${CAPTCHA_AFTER_FAILURES} wrong passwords`, async () => {
    counts.tried += 1;
    const login = (password: string, extra: object = {}) =>
      send(
        {
          method: 'POST',
          url: '/wps/session/login',
          body: () => ({ type: 'username', username: 'limitcaptcha', password, ...extra }),
        },
        nextAddress(),
        0,
      );
    for (let i = 1; i <= CAPTCHA_AFTER_FAILURES; i += 1) {
      const res = await login('Wrong-pass1');
      expect(res.status).toBe(401);
      expect(res.body.captchaRequired).toBe(i >= CAPTCHA_AFTER_FAILURES);
    }
    const next = await login('Wrong-pass1');
    expect(refusedWith(next.body, 'UNAUTHORIZED')).toMatchObject({ captchaRequired: true });
    expect(next.body.fields.captcha).toBeTruthy();
    counts.proven += 1;
  });

  it(`SMS codes: a solved captcha each, and ${SMS_RULES.perNumberDay} a day to one number`, async () => {
    counts.tried += 1;
    const number = { countryDialingCode: '84', mobileNo: '951000001' };
    const without = await send(
      { method: 'POST', url: '/wps/verification/sms/register', body: () => number },
      nextAddress(),
      0,
    );
    expect(refusedWith(without.body, 'VALIDATION').fields?.captcha).toBeTruthy();
    for (let i = 0; i <= SMS_RULES.perNumberDay; i += 1) {
      const ip = nextAddress();
      const captcha = await solvedCaptcha(ip);
      const res = await send(
        { method: 'POST', url: '/wps/verification/sms/register', body: () => ({ ...number, ...captcha }) },
        ip,
        0,
      );
      if (i < SMS_RULES.perNumberDay) {
        expect(res.status).toBe(200);
        // Past the one-a-minute resend interval, so the daily cap is what answers.
        await t.database.db.execute(
          sql`update sms_sends set last_sent_at = last_sent_at - interval '2 minutes' where key = 'mobile:84951000001'`,
        );
      } else {
        expect(res.status).toBe(429);
        expect(refusedWith(res.body, 'RATE_LIMITED').until).toBeTruthy();
      }
    }
    counts.proven += 1;
  });
});
