import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, members, outbox, passwordResets } from '../../db/schema/index.ts';
import { hashPassword, needsRehash, scryptCost, verifyPassword } from '../../lib/password.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { createAuditLog } from '../audit/log.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
});
afterAll(() => t.close());

const tokenOf = async (username: string, password: string) =>
  (await api.login(username, password)).body.value.token;

describe('avatar and member icon (spec §7)', () => {
  const picture = (url: string) => {
    expect(url).toMatch(/^data:image\/svg\+xml;base64,/);
    return Buffer.from(url.split(',')[1]!, 'base64').toString();
  };

  it('give the member its initial on its own colour, and its club rank’s badge', async () => {
    const token = await tokenOf('vip01', 'Player123');
    const avatar = await api.send('GET', '/wps/relay/MCSFE_getPlayerAvatar', undefined, token);
    expect(avatar.status).toBe(200);
    expect(picture(avatar.body.value.avatarUrl)).toContain('>V</text>');
    const icon = await api.send('GET', '/wps/member/info/icon', undefined, token);
    expect(icon.body.value).toMatchObject({ labelName: 'Diamond', rankLevel: 5 });
    const badge = picture(icon.body.value.iconUrl);
    expect(badge).toContain('#3a7bd5');
    expect(badge).toContain('>5</text>');
    const plain = await api.send(
      'GET',
      '/wps/member/info/icon',
      undefined,
      await tokenOf('player01', 'Player123'),
    );
    expect(plain.body.value).toMatchObject({ labelName: 'Bronze', rankLevel: 1 });
  });

  it('are a member’s only', async () => {
    expect((await api.send('GET', '/wps/relay/MCSFE_getPlayerAvatar')).status).toBe(401);
    expect((await api.send('GET', '/wps/member/info/icon')).status).toBe(401);
  });
});

describe('member info', () => {
  it('tells member from agent and carries the club label', async () => {
    const vip = await api.send('GET', '/wps/member/info', undefined, await tokenOf('vip01', 'Player123'));
    expect(vip.body.value).toMatchObject({
      account: 'vip01',
      type: 'member',
      clubLabel: { labelName: 'Diamond', rankLevel: 5 },
      memberLabel: ['VIP'],
    });
    expect(vip.body.value.affiliateCode).toBeNull();
  });

  it('gives an agent its own invitation code (the agent centre’s invitation link)', async () => {
    const agent = await api.send('GET', '/wps/member/info', undefined, await tokenOf('agent01', 'Agent1234'));
    expect(agent.body.value).toMatchObject({ type: 'agent', agentType: 1, affiliateCode: 'AGENT01' });
  });
});

describe('change password', () => {
  it('takes the forced change of a default password and then logs in normally; other sessions end', async () => {
    const other = await tokenOf('reset01', 'Welcome123');
    const token = await tokenOf('reset01', 'Welcome123');
    const weak = await api.send(
      'POST',
      '/wps/member/password',
      { oldPassword: 'Welcome123', newPassword: 'short', confirmNewPassword: 'short' },
      token,
    );
    expect(weak.status).toBe(400);
    expect(weak.body.fields.password).toBe('Enter 6-20 characters combining letters and numbers');
    const same = await api.send(
      'POST',
      '/wps/member/password',
      { oldPassword: 'Welcome123', newPassword: 'Welcome123', confirmNewPassword: 'Welcome123' },
      token,
    );
    expect(same.body.fields.newPassword).toBe('Choose a new password');
    const wrongOld = await api.send(
      'POST',
      '/wps/member/password',
      { oldPassword: 'nope', newPassword: 'Fresh2024', confirmNewPassword: 'Fresh2024' },
      token,
    );
    expect(wrongOld.body.fields.oldPassword).toBe('The old password is incorrect');
    const ok = await api.send(
      'POST',
      '/wps/member/password',
      { oldPassword: 'Welcome123', newPassword: 'Fresh2024', confirmNewPassword: 'Fresh2024' },
      token,
    );
    expect(ok.status).toBe(200);
    expect((await api.login('reset01', 'Fresh2024')).body.value.mustChangePassword).toBeNull();
    expect((await api.login('reset01', 'Welcome123')).status).toBe(401);
    expect((await api.send('GET', '/wps/member/info', undefined, token)).status).toBe(200);
    expect((await api.send('GET', '/wps/member/info', undefined, other)).status).toBe(401);
    expect(await auditRows((await memberRow('reset01')).id, 'PASSWORD_CHANGED')).toHaveLength(1);
  });

  it('a trial account cannot change a password', async () => {
    const { token } = (await api.send('POST', '/wps/session/login/freeplay', {})).body.value;
    const res = await api.send(
      'POST',
      '/wps/member/password',
      { oldPassword: 'x', newPassword: 'Fresh2024', confirmNewPassword: 'Fresh2024' },
      token,
    );
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'Please Register An Account First' });
  });
});

/** The newest e-mail to `address` in the dev outbox, with the code and link it carries. */
async function resetMail(address: string) {
  const res = await t.app.inject({ method: 'GET', url: '/__dev/outbox' });
  const mails = (res.json().value as { recipient: string; body: string }[]).filter(
    (m) => m.recipient.toLowerCase() === address,
  );
  const mail = mails[0];
  return {
    count: mails.length,
    body: mail?.body ?? '',
    code: mail?.body.match(/reset code is (\S+)\./)?.[1] ?? '',
    link: mail?.body.match(/(https?:\/\/\S+)/)?.[1] ?? '',
  };
}

const auditRows = async (memberId: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actor, `member:${memberId}`), eq(auditLog.action, action)));

const memberRow = async (account: string) =>
  (
    await t.database.db
      .select()
      .from(members)
      .where(and(eq(members.merchantCode, 'PORTICO'), eq(members.account, account)))
  )[0]!;

/** A member with an e-mail address, logged in once. */
async function mailMember(username: string) {
  const registered = await api.send('PUT', '/wps/member/register', {
    username,
    password: 'abc12345',
    confirmPassword: 'abc12345',
    email: `${username}@Example.com`,
    login: true,
    ...(await api.solvedCaptcha()),
  });
  expect(registered.status).toBe(200);
  return { email: `${username}@example.com`, token: registered.body.value.token as string };
}

const forgot = (username: string, email: string) =>
  api.send('POST', '/wps/member/password/email', { username, email });
const reset = (username: string, code: string, newPassword = 'Fresh2024') =>
  api.send('POST', '/wps/member/password/reset', { username, code, newPassword });

describe('forgot password by e-mail', () => {
  it('sends a code and a link, and changes nothing: the old password and sessions still work', async () => {
    const { email, token } = await mailMember('mailer01');
    const res = await forgot('mailer01', 'MAILER01@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, value: null });
    const mail = await resetMail(email);
    expect(mail.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(mail.body).toContain('15 minutes');
    // The link opens the SPA's reset step on the site the request was made on (a domain of the merchant).
    const link = new URL(mail.link);
    expect(link.searchParams.get('resetCode')).toBe(mail.code);
    expect(link.searchParams.get('username')).toBe('mailer01');
    expect((await api.login('mailer01', 'abc12345')).status).toBe(200);
    expect((await api.send('GET', '/wps/member/info', undefined, token)).status).toBe(200);
    expect((await memberRow('mailer01')).mustChangePassword).toBe(false);
    const stored = await t.database.db.select().from(passwordResets);
    expect(stored.map((r) => r.codeHash)).not.toContain(mail.code);
    expect(JSON.stringify(stored)).not.toContain(mail.code);
  });

  it('answers an unknown account or a wrong e-mail exactly as a match, and sends nothing', async () => {
    await mailMember('mailer02');
    const before = (await t.database.db.select().from(outbox)).length;
    const replies = [
      await forgot('mailer02', 'someone@else.example'),
      await forgot('nobody-here', 'mailer02@example.com'),
      await forgot('mailer02', 'mailer02@example.com'),
    ];
    expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    expect((await t.database.db.select().from(outbox)).length).toBe(before + 1);
    // And about the same time: every reply waits for the same floor, however little work it took.
    const timed = async (username: string) => {
      const started = performance.now();
      await forgot(username, 'mailer02@example.com');
      return performance.now() - started;
    };
    for (const ms of [await timed('nobody-here'), await timed('mailer02')])
      expect(ms).toBeGreaterThanOrEqual(240);
  });

  it('sets the new password with the code, once; every session ends; audited', async () => {
    const { email, token } = await mailMember('mailer03');
    const other = await tokenOf('mailer03', 'abc12345');
    await forgot('mailer03', email);
    const { code } = await resetMail(email);
    const weak = await reset('mailer03', code, 'short');
    expect(weak.body.fields.password).toBe('Enter 6-20 characters combining letters and numbers');
    // Typed from the e-mail: case and spaces do not matter.
    const done = await reset('mailer03', ` ${code.slice(0, 4).toLowerCase()} ${code.slice(4)} `);
    expect(done.status).toBe(200);
    expect((await api.login('mailer03', 'abc12345')).status).toBe(401);
    expect((await api.login('mailer03', 'Fresh2024')).body.value.mustChangePassword).toBeNull();
    for (const session of [token, other])
      expect((await api.send('GET', '/wps/member/info', undefined, session)).status).toBe(401);
    const again = await reset('mailer03', code, 'Other2024');
    expect(again.body).toMatchObject({
      code: 'VALIDATION',
      fields: { code: 'This code is not valid or has expired, please ask for a new one' },
    });
    expect((await api.login('mailer03', 'Other2024')).status).toBe(401);
    const { id } = await memberRow('mailer03');
    expect(await auditRows(id, 'PASSWORD_RESET_REQUESTED')).toHaveLength(1);
    expect((await auditRows(id, 'PASSWORD_RESET'))[0]?.subject).toMatchObject({ channel: 'email' });
    expect(await createAuditLog(t.database.db).verify()).toMatchObject({ ok: true });
  });

  it('refuses a code past its 15 minutes', async () => {
    const { email } = await mailMember('mailer04');
    await forgot('mailer04', email);
    const { code } = await resetMail(email);
    const { id } = await memberRow('mailer04');
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.memberId, id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(15 * 60_000 - 5_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    // Sent 15 minutes and a second ago.
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.id, row!.id));
    expect((await reset('mailer04', code)).status).toBe(400);
    expect((await api.login('mailer04', 'abc12345')).status).toBe(200);
  });

  it('ends a code after 5 wrong tries, even tried in parallel; the same refusal for an unknown account', async () => {
    const { email } = await mailMember('mailer05');
    await forgot('mailer05', email);
    const { code } = await resetMail(email);
    const wrong = await Promise.all(Array.from({ length: 8 }, () => reset('mailer05', 'WRONG234')));
    expect(wrong.every((r) => r.status === 400)).toBe(true);
    const refused = await reset('mailer05', code);
    expect(refused.body).toEqual(wrong[0]!.body);
    expect((await api.login('mailer05', 'abc12345')).status).toBe(200);
    expect((await reset('nobody-here', code)).body).toEqual(wrong[0]!.body);
    const { id } = await memberRow('mailer05');
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.memberId, id));
    expect(row!.attempts).toBe(5);
  });

  it('sends one code a minute to an account (the reply stays the same); only the newest code counts', async () => {
    const { email } = await mailMember('mailer06');
    await forgot('mailer06', email);
    const first = await resetMail(email);
    expect((await forgot('mailer06', email)).status).toBe(200);
    expect((await resetMail(email)).count).toBe(first.count);
    const { id } = await memberRow('mailer06');
    // A minute later the member asks again: the first code no longer works.
    await t.database.db
      .update(passwordResets)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(passwordResets.memberId, id));
    await forgot('mailer06', email);
    const second = await resetMail(email);
    expect(second.code).not.toBe(first.code);
    expect((await reset('mailer06', first.code)).status).toBe(400);
    expect((await reset('mailer06', second.code)).status).toBe(200);
  });
});

describe('forgot password by phone', () => {
  it('an SMS code sets a new password; every session ends; audited', async () => {
    const session = await tokenOf('player01', 'Player123');
    await api.send('POST', '/wps/verification/sms/noLogin', {
      countryDialingCode: '+84',
      mobileNo: '901234567',
      ...(await api.solvedCaptcha()),
    });
    const code = await api.smsCode('84901234567');
    const wrong = await api.send('POST', '/wps/member/password/verification', {
      countryDialingCode: '+84',
      mobileNum: '901234567',
      verificationCode: '999999',
      newPassword: 'Phone2024',
    });
    expect(wrong.status).toBe(400);
    expect((await api.login('player01', 'Player123')).status).toBe(200);
    const ok = await api.send('POST', '/wps/member/password/verification', {
      countryDialingCode: '+84',
      mobileNum: '901234567',
      verificationCode: code,
      newPassword: 'Phone2024',
    });
    expect(ok.status).toBe(200);
    expect((await api.login('player01', 'Phone2024')).status).toBe(200);
    expect((await api.send('GET', '/wps/member/info', undefined, session)).status).toBe(401);
    const { id } = await memberRow('player01');
    expect((await auditRows(id, 'PASSWORD_RESET'))[0]?.subject).toMatchObject({ channel: 'sms' });
  });
});

describe('login', () => {
  it('rehashes a password hash of a lower cost than today’s', async () => {
    const { id } = await memberRow('vip01');
    await t.database.db
      .update(members)
      .set({ passwordHash: await hashPassword('Player123', 2 ** 12) })
      .where(eq(members.id, id));
    expect((await api.login('vip01', 'Player123')).status).toBe(200);
    const { passwordHash } = await memberRow('vip01');
    expect(Number(passwordHash.split('$')[1])).toBe(scryptCost());
    expect(await verifyPassword('Player123', passwordHash)).toBe(true);
    expect((await api.login('vip01', 'Player123')).status).toBe(200);
    // The seed hashes at the configured cost too, so ordinary logins rehash nothing.
    expect(needsRehash((await memberRow('agent01')).passwordHash)).toBe(false);
  });
});

describe('dev tools', () => {
  it('are absent in production mode, and captcha answers are not kept there', async () => {
    const prod = await testApp({ production: true });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/__dev/outbox' })).statusCode).toBe(404);
      const captcha = (
        await prod.app.inject({ method: 'GET', url: '/wps/captcha', headers: { merchant: 'PORTICO' } })
      ).json();
      const answer = await prod.app.inject({
        method: 'GET',
        url: `/__dev/captcha/${captcha.value.captchaId}`,
      });
      expect(answer.statusCode).toBe(404);
      const rows = await prod.database.db.execute('select dev_answer from captchas');
      expect(
        (rows as unknown as { rows: { dev_answer: string | null }[] }).rows.every(
          (r) => r.dev_answer === null,
        ),
      ).toBe(true);
    } finally {
      await prod.close();
    }
  });
});
