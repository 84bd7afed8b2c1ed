import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
});
afterAll(() => t.close());

const tokenOf = async (username: string, password: string) =>
  (await api.login(username, password)).body.value.token;

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

describe('forgot password', () => {
  it('by e-mail: a temporary password arrives in the outbox and must be changed at login', async () => {
    await api.send('PUT', '/wps/member/register', {
      username: 'mailer01',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      email: 'Mailer01@Example.com',
      ...(await api.solvedCaptcha()),
    });
    const unknown = await api.send('POST', '/wps/member/password/email', {
      username: 'mailer01',
      email: 'x@y.zz',
    });
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', message: 'Username/Email does not exist' });
    expect(
      (
        await api.send('POST', '/wps/member/password/email', {
          username: 'mailer01',
          email: 'mailer01@example.com',
        })
      ).status,
    ).toBe(200);
    const outbox = (await t.app.inject({ method: 'GET', url: '/__dev/outbox' })).json().value;
    const mail = outbox.find((m: { channel: string; recipient: string }) => m.channel === 'email');
    const temporary = mail.body.match(/temporary password is (\S+)\./)[1];
    expect((await api.login('mailer01', 'abc12345')).status).toBe(401);
    expect((await api.login('mailer01', temporary)).body.value.mustChangePassword).toBe('default');
  });

  it('by phone: an SMS code sets a new password', async () => {
    await api.send('POST', '/wps/verification/sms/noLogin', {
      countryDialingCode: '+84',
      mobileNo: '901234567',
    });
    const code = await api.smsCode('84901234567');
    const wrong = await api.send('POST', '/wps/member/password/verification', {
      countryDialingCode: '+84',
      mobileNum: '901234567',
      verificationCode: '999999',
      newPassword: 'Phone2024',
    });
    expect(wrong.status).toBe(400);
    const ok = await api.send('POST', '/wps/member/password/verification', {
      countryDialingCode: '+84',
      mobileNum: '901234567',
      verificationCode: code,
      newPassword: 'Phone2024',
    });
    expect(ok.status).toBe(200);
    expect((await api.login('player01', 'Phone2024')).status).toBe(200);
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
