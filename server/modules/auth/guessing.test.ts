import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginFailures, members, outbox, smsCodes } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { createAuditLog } from '../audit/log.ts';
import { CAPTCHA_AFTER_FAILURES } from './logins.ts';
import { SMS_RULES } from './sms.ts';

/**
 * Guessing limits (issue 22 item 5): every counter is taken atomically, so parallel tries each count; SMS codes need
 * a solved captcha and stay under per-number and per-address caps; logins leave audit rows. The per-IP rate limit
 * is off here (its own suite is server/quality/limits.test.ts) so the counters themselves are what answers.
 */

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp({ rateLimit: false });
  api = client(t.app);
});
afterAll(() => t.close());

const db = () => t.database.db;
const parallel = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));
const failuresOf = async (account: string) =>
  (
    await db()
      .select({ n: loginFailures.failures })
      .from(loginFailures)
      .where(and(eq(loginFailures.merchantCode, 'PORTICO'), eq(loginFailures.account, account)))
  )[0]?.n ?? 0;

describe('login tries', () => {
  it('30 parallel wrong logins count 30, and only the first 3 get past the captcha', async () => {
    const replies = await parallel(30, () => api.login('vip01', 'wrong-password'));
    expect(replies.map((r) => r.status)).toEqual(Array(30).fill(401));
    expect(await failuresOf('vip01')).toBe(30);
    const askedForCaptcha = replies.filter((r) => r.body.fields?.captcha);
    expect(askedForCaptcha).toHaveLength(30 - CAPTCHA_AFTER_FAILURES);
    expect(askedForCaptcha.every((r) => r.body.captchaRequired === true)).toBe(true);

    const right = await api.login('vip01', 'Player123');
    expect(right.body).toMatchObject({ code: 'UNAUTHORIZED', captchaRequired: true });
    const solved = await api.login('vip01', 'Player123', await api.solvedCaptcha());
    expect(solved.status).toBe(200);
    expect(await failuresOf('vip01')).toBe(0);
  });

  it('accepts a captcha answered twice in parallel once', async () => {
    const solved = await api.solvedCaptcha();
    const replies = await parallel(2, (i) =>
      api.send('PUT', '/wps/member/register', {
        username: `twice0${i}`,
        password: 'abc12345',
        confirmPassword: 'abc12345',
        ...solved,
      }),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.status === 400)?.body.fields.captcha).toMatch(/Captcha is incorrect/);
  });
});

const to = (mobileNo: string) => ({ countryDialingCode: '+84', mobileNo });
const askCode = async (path: 'register' | 'noLogin', mobileNo: string, ip?: string) =>
  (ip ? client(t.app, 'PORTICO', ip) : api).send('POST', `/wps/verification/sms/${path}`, {
    ...to(mobileNo),
    ...(await api.solvedCaptcha()),
  });
/** Moves the number's last send back past the resend interval. */
const pastInterval = (mobile: string) =>
  db().execute(
    sql`update sms_sends set last_sent_at = last_sent_at - interval '2 minutes' where key = ${`mobile:${mobile}`}`,
  );
const outboxFor = async (digits: string) =>
  (await db().select().from(outbox)).filter((m) => m.recipient.replace(/\D/g, '').endsWith(digits));

describe('SMS codes', () => {
  it('are sent only with a solved captcha', async () => {
    const none = await api.send('POST', '/wps/verification/sms/register', to('0912300001'));
    expect(none.status).toBe(400);
    expect(none.body.fields.captcha).toMatch(/Captcha is incorrect/);
    const wrong = await api.send('POST', '/wps/verification/sms/noLogin', {
      ...to('0901234567'),
      captchaId: (await api.solvedCaptcha()).captchaId,
      captcha: 'zzzz',
    });
    expect(wrong.status).toBe(400);
    expect(await outboxFor('84912300001')).toEqual([]);
    expect((await askCode('register', '0912300001')).status).toBe(200);
    expect(await outboxFor('84912300001')).toHaveLength(1);
  });

  it('send a login code only to a number with an account, with the same reply for any number', async () => {
    const unknown = await askCode('noLogin', '0912300002');
    const known = await askCode('noLogin', '0901234567');
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(Object.keys(unknown.body.value).sort()).toEqual(Object.keys(known.body.value).sort());
    expect(unknown.body.value.expiredMinutes).toBe(known.body.value.expiredMinutes);
    expect(await outboxFor('84912300002')).toEqual([]);
    expect(await outboxFor('84901234567')).toHaveLength(1);
    // The resend interval holds for both alike.
    expect((await askCode('noLogin', '0912300002')).status).toBe(429);
    expect((await askCode('noLogin', '0901234567')).status).toBe(429);
  });

  it('10 parallel requests for one number send one code', async () => {
    const replies = await parallel(10, async () => askCode('register', '0912300003'));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(9);
    expect(await outboxFor('84912300003')).toHaveLength(1);
  });

  it(`caps a number at ${SMS_RULES.perNumberDay} codes a day`, async () => {
    for (let i = 0; i < SMS_RULES.perNumberDay; i += 1) {
      expect((await askCode('register', '0912300004')).status).toBe(200);
      await pastInterval('84912300004');
    }
    const over = await askCode('register', '0912300004');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/today/) });
    expect(Date.parse(over.body.until)).toBeGreaterThan(Date.now());
    expect(await outboxFor('84912300004')).toHaveLength(SMS_RULES.perNumberDay);
  });

  it(`caps an address at ${SMS_RULES.perAddressDay} codes a day, whatever the numbers`, async () => {
    const ip = '10.77.0.1';
    const replies = await parallel(SMS_RULES.perAddressDay + 5, (i) =>
      askCode('register', `09124${String(10_000 + i)}`, ip),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(SMS_RULES.perAddressDay);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(5);
    expect((await askCode('register', '0912499999', '10.77.0.2')).status).toBe(200);
  });

  it("30 parallel wrong codes count 30 against the code's attempt limit", async () => {
    await db()
      .update(members)
      .set({ mobile: '84912300005' })
      .where(and(eq(members.merchantCode, 'PORTICO'), eq(members.account, 'agent01')));
    expect((await askCode('noLogin', '0912300005')).status).toBe(200);
    const code = await api.smsCode('84912300005');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const smsLogin = (verificationCode: string) =>
      api.send('POST', '/wps/session/login', { type: 'sms', ...to('0912300005'), verificationCode });
    const replies = await parallel(30, () => smsLogin(wrongCode));
    expect(replies.map((r) => r.status)).toEqual(Array(30).fill(400));
    const [row] = await db()
      .select({ attempts: smsCodes.attempts })
      .from(smsCodes)
      .where(eq(smsCodes.mobile, '84912300005'));
    expect(row?.attempts).toBe(30);
    const right = await smsLogin(code);
    expect(right.status).toBe(400);
    expect(right.body.fields.verificationCode).toMatch(/send again/);
  });
});

describe('login audit', () => {
  const rows = (action: string) =>
    db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

  it('records logins and refused logins with the account, the method and the address', async () => {
    const visitor = client(t.app, 'PORTICO', '10.66.0.1');
    expect((await visitor.login('player01', 'not-it-1')).status).toBe(401);
    expect((await visitor.login('nobody77', 'not-it-1')).status).toBe(401);
    expect((await visitor.login('player01', 'Player123')).status).toBe(200);
    const trial = await visitor.send('POST', '/wps/session/login/freeplay', {});
    expect(trial.status).toBe(200);

    const [player] = await db()
      .select()
      .from(members)
      .where(and(eq(members.merchantCode, 'PORTICO'), eq(members.account, 'player01')));
    const failed = await rows('LOGIN_FAILED');
    expect(failed.slice(0, 2).map((r) => [r.actor, r.subject])).toEqual([
      ['visitor', { account: 'nobody77', method: 'username', address: '10.66.0.1', reason: 'password' }],
      [
        `member:${player!.id}`,
        { account: 'player01', method: 'username', address: '10.66.0.1', reason: 'password' },
      ],
    ]);
    const logins = await rows('LOGIN');
    expect(logins.slice(0, 2).map((r) => r.subject)).toEqual([
      { account: trial.body.value.account, method: 'trial', address: '10.66.0.1' },
      { account: 'player01', method: 'username', address: '10.66.0.1' },
    ]);
    expect(await createAuditLog(db()).verify()).toMatchObject({ ok: true });
  });

  it('records an SMS login and a wrong SMS code', async () => {
    const visitor = client(t.app, 'PORTICO', '10.66.0.2');
    await db()
      .update(members)
      .set({ mobile: '84912300006' })
      .where(and(eq(members.merchantCode, 'PORTICO'), eq(members.account, 'reset01')));
    expect((await askCode('noLogin', '0912300006')).status).toBe(200);
    const code = await api.smsCode('84912300006');
    const smsLogin = (verificationCode: string) =>
      visitor.send('POST', '/wps/session/login', { type: 'sms', ...to('0912300006'), verificationCode });
    expect((await smsLogin(code === '000000' ? '111111' : '000000')).status).toBe(400);
    expect((await smsLogin(code)).status).toBe(200);
    expect((await rows('LOGIN_FAILED'))[0]?.subject).toEqual({
      account: 'reset01',
      method: 'sms',
      address: '10.66.0.2',
      reason: 'code',
    });
    expect((await rows('LOGIN'))[0]?.subject).toEqual({
      account: 'reset01',
      method: 'sms',
      address: '10.66.0.2',
    });
  });
});
