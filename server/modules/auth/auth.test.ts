import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../../../contract/auth.ts';
import type { AnyCall } from '../../../contract/call.ts';
import * as games from '../../../contract/games.ts';
import * as member from '../../../contract/member.ts';
import * as wallet from '../../../contract/wallet.ts';
import { members, sessions } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/secrets.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
});
afterAll(() => t.close());

const countMembers = async () => (await t.database.db.select().from(members)).length;
const newUser = (username: string) => ({ username, password: 'abc12345', confirmPassword: 'abc12345' });

describe('register settings', () => {
  it('publishes the merchant rules, age limit and countries', async () => {
    const { body } = await api.send('GET', '/wps/system/setting/register');
    expect(body.value.fields.find((r: { field: string }) => r.field === 'username')).toMatchObject({
      enabled: true,
      required: true,
      minLength: 6,
      maxLength: 16,
      patternId: 1,
      acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    });
    expect(body.value.ageLimit).toBe(18);
    expect(body.value.countries).toContainEqual({ countryCode: 'VN', countryDialingCode: '+84' });
  });
});

describe('captcha', () => {
  it('is a base64 PNG that works once', async () => {
    const { body } = await api.send('GET', '/wps/captcha');
    expect(body.value.image).toMatch(/^data:image\/png;base64,iVBOR/);
    const solved = await api.solvedCaptcha();
    const first = await api.send('PUT', '/wps/member/register', { ...newUser('captcha01'), ...solved });
    expect(first.status).toBe(200);
    const replay = await api.send('PUT', '/wps/member/register', { ...newUser('captcha02'), ...solved });
    expect(replay.status).toBe(400);
    expect(replay.body.fields.captcha).toMatch(/Captcha is incorrect/);
  });
});

describe('register by username', () => {
  it('creates the account, logs it in and enforces the rules the client shows', async () => {
    const res = await api.send('PUT', '/wps/member/register', {
      ...newUser('Newbie01'),
      ...(await api.solvedCaptcha()),
    });
    expect(res.body.value).toMatchObject({ account: 'newbie01', firstTimeLogin: true });
    const info = await api.send('GET', '/wps/member/info', undefined, res.body.value.token);
    expect(info.body.value).toMatchObject({ account: 'newbie01', type: 'member', agentType: 0 });
  });

  it('answers missing fields, wrong patterns and a wrong confirmation with field messages and creates nothing', async () => {
    const before = await countMembers();
    const res = await api.send('PUT', '/wps/member/register', {
      username: '9lives',
      password: 'onlyletters',
      confirmPassword: 'different1',
      email: 'not-an-email',
      ...(await api.solvedCaptcha()),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      username: 'Enter 6-16 characters starting with a letter, then letters or numbers',
      password: 'Enter 6-20 characters combining letters and numbers',
      confirmPassword: 'Incorrect confirmation input',
      email: 'Enter a valid email address (5-100 characters)',
    });
    const missing = await api.send('PUT', '/wps/member/register', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields)).toEqual(expect.arrayContaining(['username', 'password']));
    expect(await countMembers()).toBe(before);
  });

  it('refuses SQL and HTML in every text field without creating an account', async () => {
    const before = await countMembers();
    const evil = "x'); drop table members; --<script>alert(1)</script>";
    for (const field of ['username', 'password', 'email', 'payeeName', 'affiliateCode']) {
      const res = await api.send('PUT', '/wps/member/register', {
        ...newUser('safeuser1'),
        [field]: evil,
        ...(field === 'password' ? { confirmPassword: evil } : {}),
        ...(await api.solvedCaptcha()),
      });
      expect(res.status, field).toBe(400);
      expect(res.body.fields[field], field).toBeTruthy();
    }
    expect(await countMembers()).toBe(before);
  });

  it('refuses a taken username with a field message', async () => {
    const res = await api.send('PUT', '/wps/member/register', {
      ...newUser('PLAYER01'),
      ...(await api.solvedCaptcha()),
    });
    expect(res.status).toBe(409);
    expect(res.body.fields.username).toBe('This username is already taken');
  });

  it('binds a new member to the agent of a valid invitation code and refuses an invalid one', async () => {
    expect((await api.send('GET', '/wps/agent/affiliate?code=agent01')).body.value.valid).toBe(true);
    expect((await api.send('GET', '/wps/agent/affiliate?code=PLAYER01')).body.value.valid).toBe(false);
    const bad = await api.send('PUT', '/wps/member/register', {
      ...newUser('invited2'),
      affiliateCode: 'NOPE1',
      ...(await api.solvedCaptcha()),
    });
    expect(bad.body.fields.affiliateCode).toBe('Invalid invitation code');
    const ok = await api.send('PUT', '/wps/member/register', {
      ...newUser('invited1'),
      affiliateCode: 'AGENT01',
      ...(await api.solvedCaptcha()),
    });
    const info = await api.send('GET', '/wps/member/info', undefined, ok.body.value.token);
    expect(info.body.value.toUpline).toBe(true);
  });
});

describe('register by mobile with an SMS code', () => {
  it('sends a code to the dev outbox, registers with it and returns the generated account number', async () => {
    const sent = await api.send('POST', '/wps/verification/sms/register', {
      countryDialingCode: '+84',
      mobileNo: '0912000111',
      ...(await api.solvedCaptcha()),
    });
    expect(sent.body.value.expiredMinutes).toBe(5);
    expect(Date.parse(sent.body.value.expirationTime)).toBeGreaterThan(Date.now());
    const code = await api.smsCode('84912000111');
    expect(code).toMatch(/^\d{6}$/);
    const res = await api.send('PUT', '/wps/member/register/mobile', {
      countryDialingCode: '+84',
      mobileNum: '0912000111',
      verificationCode: code,
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    expect(res.status).toBe(200);
    expect(res.body.value.account).toMatch(/^m\d{8}$/);
    const again = await api.send('PUT', '/wps/member/register/mobile', {
      countryDialingCode: '+84',
      mobileNum: '0912000111',
      verificationCode: code,
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    expect(again.status).toBe(400);
    expect(again.body.fields.verificationCode).toMatch(/not valid/);
  });

  it('throttles codes per number and refuses a wrong code', async () => {
    const to = { countryDialingCode: '+84', mobileNo: '0912000222' };
    const ask = async () =>
      api.send('POST', '/wps/verification/sms/register', { ...to, ...(await api.solvedCaptcha()) });
    expect((await ask()).status).toBe(200);
    const soon = await ask();
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe('RATE_LIMITED');
    const wrong = await api.send('PUT', '/wps/member/register/mobile', {
      countryDialingCode: '+84',
      mobileNum: '0912000222',
      verificationCode: '000000',
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.verificationCode).toBe('Please enter a valid verification code');
  });

  it('refuses an expired code', async () => {
    const to = { countryDialingCode: '+84', mobileNo: '0912000333' };
    await api.send('POST', '/wps/verification/sms/register', { ...to, ...(await api.solvedCaptcha()) });
    const code = await api.smsCode('84912000333');
    await t.database.db.execute(
      "update sms_codes set expires_at = now() - interval '1 minute' where mobile = '84912000333'",
    );
    const res = await api.send('PUT', '/wps/member/register/mobile', {
      countryDialingCode: '+84',
      mobileNum: '0912000333',
      verificationCode: code,
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.verificationCode).toBe('Code expired, please send again');
  });

  it('stores codes hashed, never in clear', async () => {
    const rows = await t.database.db.execute('select code_hash from sms_codes');
    for (const r of (rows as unknown as { rows: { code_hash: string }[] }).rows)
      expect(r.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('login', () => {
  it('logs in by username (trimmed, any case) and reports the first login once', async () => {
    const first = await api.login(' Player01 ', ' Player123 ');
    expect(first.body.value).toMatchObject({ firstTimeLogin: true, mustChangePassword: null });
    const second = await api.login('player01', 'Player123');
    expect(second.body.value.firstTimeLogin).toBe(false);
  });

  it('forces a password change for the default password', async () => {
    expect((await api.login('reset01', 'Welcome123')).body.value.mustChangePassword).toBe('default');
  });

  it('asks for a captcha after three failures, and then needs one', async () => {
    for (const expected of [false, false, true]) {
      const res = await api.login('vip01', 'wrong-password');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', captchaRequired: expected });
    }
    const withoutCaptcha = await api.login('vip01', 'Player123');
    expect(withoutCaptcha.status).toBe(401);
    expect(withoutCaptcha.body.captchaRequired).toBe(true);
    const withCaptcha = await api.login('vip01', 'Player123', await api.solvedCaptcha());
    expect(withCaptcha.status).toBe(200);
  });

  it('answers an unknown account like a wrong password', async () => {
    const res = await api.login('ghost999', 'whatever1');
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'Incorrect username or password' });
  });

  it('logs in by SMS code', async () => {
    await api.send('POST', '/wps/verification/sms/noLogin', {
      countryDialingCode: '+84',
      mobileNo: '0901234567',
      ...(await api.solvedCaptcha()),
    });
    const code = await api.smsCode('84901234567');
    const res = await api.send('POST', '/wps/session/login', {
      type: 'sms',
      countryDialingCode: '+84',
      mobileNo: '0901234567',
      verificationCode: code,
    });
    expect(res.body.value).toMatchObject({ mustChangePassword: null });
    const info = await api.send('GET', '/wps/member/info', undefined, res.body.value.token);
    expect(info.body.value.account).toBe('player01');
  });

  it('is refused where the merchant switched SMS login off', async () => {
    const lotus = client(t.app, 'LOTUS');
    const res = await lotus.send('POST', '/wps/session/login', {
      type: 'sms',
      countryDialingCode: '+84',
      mobileNo: '0901234567',
      verificationCode: '123456',
    });
    expect(res.status).toBe(403);
  });
});

describe('agent login', () => {
  const sessionsOf = async (account: string) => {
    const [m] = await t.database.db.select().from(members).where(eq(members.account, account));
    return (await t.database.db.select().from(sessions).where(eq(sessions.memberId, m!.id))).length;
  };

  it('lets agents in and refuses members with the spec’s message, opening no session', async () => {
    expect((await api.login('agent01', 'Agent1234', { agent: true })).status).toBe(200);
    await api.send('PUT', '/wps/member/register', {
      ...newUser('plainmem1'),
      login: false,
      ...(await api.solvedCaptcha()),
    });
    const res = await api.login('plainmem1', 'abc12345', { agent: true });
    expect(res).toEqual({
      status: 403,
      body: { success: false, code: 'FORBIDDEN', message: 'Non-agents cannot log in' },
    });
    expect(await sessionsOf('plainmem1')).toBe(0);
    expect((await api.login('plainmem1', 'abc12345')).status).toBe(200);
  });

  it('answers a wrong password as usual and counts refusals towards the captcha', async () => {
    await api.send('PUT', '/wps/member/register', {
      ...newUser('plainmem2'),
      login: false,
      ...(await api.solvedCaptcha()),
    });
    expect((await api.login('plainmem2', 'wrong-pass1', { agent: true })).body.message).toBe(
      'Incorrect username or password',
    );
    for (let i = 0; i < 2; i++)
      expect((await api.login('plainmem2', 'abc12345', { agent: true })).status).toBe(403);
    const next = await api.login('plainmem2', 'abc12345');
    expect(next.status).toBe(401);
    expect(next.body.captchaRequired).toBe(true);
  });
});

describe('rate limits', () => {
  it('limit login attempts per visitor address', async () => {
    const one = client(t.app, 'PORTICO', '198.51.100.77');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await one.login(`nobody${i}`, 'wrong-pass1')).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('trial, logout and sessions', () => {
  it('free play gives a trial account of agent type 4', async () => {
    const res = await api.send('POST', '/wps/session/login/freeplay', {});
    expect(res.body.value.account).toMatch(/^trial\d{8}$/);
    const info = await api.send('GET', '/wps/member/info', undefined, res.body.value.token);
    expect(info.body.value).toMatchObject({ agentType: 4, memberLabel: ['Trial'] });
    expect((await client(t.app, 'LOTUS').send('POST', '/wps/session/login/freeplay', {})).status).toBe(403);
  });

  it('logout revokes the token everywhere', async () => {
    const { token } = (await api.login('agent01', 'Agent1234')).body.value;
    expect((await api.send('GET', '/wps/member/info', undefined, token)).body.value.type).toBe('agent');
    expect((await api.send('DELETE', '/wps/session/logout', undefined, token)).status).toBe(200);
    const after = await api.send('GET', '/wps/member/info', undefined, token);
    expect(after).toEqual({
      status: 401,
      body: { success: false, code: 'UNAUTHORIZED', message: 'Not logged in, please login' },
    });
    expect((await api.send('DELETE', '/wps/session/logout', undefined, token)).status).toBe(401);
  });

  it('a revoked token is refused by every call that needs one', async () => {
    const { token } = (await api.login('player01', 'Player123')).body.value;
    await api.send('DELETE', '/wps/session/logout', undefined, token);
    // Every call of the contract that needs a token (the session is checked before the input is read).
    const tokenCalls = [auth, games, member, wallet]
      .flatMap((m) => Object.values(m))
      .filter((c): c is AnyCall => typeof c === 'object' && c !== null && 'auth' in c && c.auth === 'token');
    expect(tokenCalls.length).toBeGreaterThanOrEqual(4);
    for (const c of tokenCalls) {
      const res = await api.send(c.method as 'GET', c.path, c.method === 'GET' ? undefined : {}, token);
      expect(res.status, c.path).toBe(401);
    }
  });

  it('a token of one merchant is nothing at another', async () => {
    const { token } = (await api.login('player01', 'Player123')).body.value;
    const lotus = client(t.app, 'LOTUS');
    expect((await lotus.send('GET', '/wps/member/info', undefined, token)).status).toBe(401);
  });

  it('refuses token calls without a token before reading their input', async () => {
    expect((await api.send('POST', '/wps/member/password', { nonsense: true })).status).toBe(401);
  });

  it('opens a remembered session when remember-me is ticked, and a plain one otherwise', async () => {
    const remembered = async (extra: object) => {
      const { token } = (await api.login('vip01', 'Player123', extra)).body.value;
      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token)));
      return row!.remembered;
    };
    expect(await remembered({ remember: true })).toBe(true);
    expect(await remembered({})).toBe(false);
    expect((await api.login('vip01', 'Player123', { remember: 'yes' })).status).toBe(400);
  });

  it('stores passwords as scrypt hashes', async () => {
    const [row] = await t.database.db.select().from(members).where(eq(members.account, 'player01'));
    expect(row?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
  });
});

describe('registration know-your-customer fields (spec §3, §5)', () => {
  const lotus = () => client(t.app, 'LOTUS');
  /** The date `years` years and `days` days before today in the merchant's zone (LOTUS: Asia/Ho_Chi_Minh). */
  const yearsAgo = (years: number, days = 0) => {
    const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' })
      .format(new Date())
      .split('-')
      .map(Number);
    const at = new Date(Date.UTC(y! - years, m! - 1, d! - days));
    return at.toISOString().slice(0, 10);
  };
  const kyc = {
    address: '12 Nguyen Hue, District 1',
    nationality: 'Vietnamese',
    occupation: 'Engineer',
    sourceOfIncome: 'Salary',
    placeOfBirth: 'Hue',
  };
  const registerAt = async (username: string, fields: object) =>
    lotus().send('PUT', '/wps/member/register', {
      ...newUser(username),
      ...fields,
      ...(await lotus().solvedCaptcha()),
    });

  it('publishes the fields the merchant switched on and its minimum age, 21 when it sets none', async () => {
    const { body } = await lotus().send('GET', '/wps/system/setting/register');
    const on = body.value.fields
      .filter((r: { enabled: boolean }) => r.enabled)
      .map((r: { field: string }) => r.field);
    expect(on).toEqual(expect.arrayContaining([...Object.keys(kyc), 'birthday']));
    expect(body.value.ageLimit).toBe(21);
    const portico = await api.send('GET', '/wps/system/setting/register');
    expect(portico.body.value.fields.find((r: { field: string }) => r.field === 'birthday')).toMatchObject({
      enabled: false,
    });
  });

  it('wants the required ones, each with its message, and writes nothing', async () => {
    const before = await countMembers();
    const res = await registerAt('kycnone01', {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['address', 'birthday', 'nationality']);
    expect(await countMembers()).toBe(before);
  });

  it('refuses a birthday under the minimum age, a date that does not exist and one ahead', async () => {
    const young = await registerAt('kycyoung01', { ...kyc, birthday: yearsAgo(21, -1) });
    expect(young.status).toBe(400);
    expect(young.body.fields).toEqual({ birthday: 'You must be 21 years or older to register' });
    for (const birthday of ['2001-02-30', yearsAgo(0, -1), '1990/01/01']) {
      const res = await registerAt('kycbadday01', { ...kyc, birthday });
      expect(res.status, birthday).toBe(400);
      expect(res.body.fields.birthday, birthday).toBe('Enter a date as yyyy-MM-dd');
    }
  });

  it('opens the account on the day the member turns 21 and keeps what was typed', async () => {
    const birthday = yearsAgo(21);
    const res = await registerAt('kycadult01', { ...kyc, birthday });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(members).where(eq(members.account, 'kycadult01'));
    expect(row?.birthday).toBe(birthday);
    expect(row?.profile).toMatchObject(kyc);
  });

  it('leaves the fields alone where the merchant has them off', async () => {
    const res = await api.send('PUT', '/wps/member/register', {
      ...newUser('kycoff01'),
      birthday: yearsAgo(10),
      ...(await api.solvedCaptcha()),
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(members).where(eq(members.account, 'kycoff01'));
    expect(row?.birthday).toBeNull();
  });
});
