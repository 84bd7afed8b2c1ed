import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, sessions } from '../db/schema/index.ts';
import { sha256 } from '../lib/secrets.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { client } from '../test/auth.ts';
import { inhouseGames } from '../test/play.ts';

const OPS = 'standing-test-ops-token-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
});
afterAll(() => t.close());

const ops = (method: 'PATCH' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${OPS}` }, payload });

/** Registers a fresh member of PORTICO and logs it in; returns its token and id. */
async function freshMember(name: string) {
  const api = client(t.app);
  const reg = await api.send('PUT', '/wps/member/register', {
    username: name,
    password: 'Player123',
    confirmPassword: 'Player123',
    ...(await api.solvedCaptcha()),
    login: true,
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const login = await api.login(name, 'Player123');
  const [row] = await t.database.db.select().from(members).where(eq(members.account, name));
  return { api, token: login.body.value.token as string, id: row!.id };
}

/** A member's launch of the in-house slot; returns the game page's launch token. */
async function launchSlot(api: ReturnType<typeof client>, token: string) {
  const { slot } = await inhouseGames(t.database.db);
  const res = await api.send(
    'POST',
    '/wps/game/launchGame',
    { nodeId: slot.nodeId, vassalage: 'PORTICO' },
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new URL(res.body.value.content, 'http://x').searchParams.get('t')!;
}

const gameSession = (launch: string) =>
  t.app.inject({
    method: 'GET',
    url: '/inhouse/session',
    headers: { merchant: 'PORTICO', 'x-launch-token': launch },
  });

describe('a locked account', () => {
  it('may only log out; its login answers ACCOUNT_LOCKED', async () => {
    const { api, token, id } = await freshMember('lockme1');
    // A lock that lands while a session is still open (the lock call also ends sessions).
    await t.database.db.update(members).set({ lockedAt: new Date() }).where(eq(members.id, id));
    for (const [method, url] of [
      ['GET', '/wps/member/info'],
      ['GET', '/wps/v2/wallets/balance'],
      ['GET', '/wps/member/accountRecord'],
    ] as const) {
      const res = await api.send(method, url, undefined, token);
      expect([url, res.status, res.body.code]).toEqual([url, 403, 'ACCOUNT_LOCKED']);
    }
    expect((await api.send('DELETE', '/wps/session/logout', undefined, token)).status).toBe(200);
    const again = await api.login('lockme1', 'Player123');
    expect([again.status, again.body.code]).toEqual([403, 'ACCOUNT_LOCKED']);
  });
});

describe('a password still to be changed', () => {
  it('answers only the change, member info and logout, on every session until changed', async () => {
    const api = client(t.app);
    const login = await api.login('reset01', 'Welcome123');
    expect(login.body.value.mustChangePassword).toBe('default');
    const token = login.body.value.token as string;
    // A reload reads member info first: it says the change is still due.
    const info = await api.send('GET', '/wps/member/info', undefined, token);
    expect([info.status, info.body.value.mustChangePassword]).toEqual([200, 'default']);
    const { slot } = await inhouseGames(t.database.db);
    for (const [method, url, body] of [
      ['GET', '/wps/v2/wallets/balance', undefined],
      ['GET', '/wps/game/recent', undefined],
      ['POST', '/wps/game/launchGame', { nodeId: slot.nodeId, vassalage: 'PORTICO' }],
    ] as const) {
      const res = await api.send(method, url, body, token);
      expect([url, res.status, res.body.code]).toEqual([url, 403, 'PASSWORD_CHANGE_REQUIRED']);
    }
    const changed = await api.send(
      'POST',
      '/wps/member/password',
      { oldPassword: 'Welcome123', newPassword: 'Changed123', confirmNewPassword: 'Changed123' },
      token,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await api.send('GET', '/wps/v2/wallets/balance', undefined, token)).status).toBe(200);
    const after = await api.send('GET', '/wps/member/info', undefined, token);
    expect(after.body.value.mustChangePassword).toBeNull();
  });
});

describe('a break (cooling-off or self-exclusion)', () => {
  it('lets the member log in, read history and withdraw, and refuses money in, play and claims', async () => {
    const { api, token } = await freshMember('breaker1');
    const launch = await launchSlot(api, token);
    const brk = await api.send(
      'POST',
      '/wps/member/responsible/break',
      { length: 'SELF_EXCLUSION', password: 'Player123' },
      token,
    );
    expect(brk.status).toBe(200);
    // The break ended the session, and the game it launched with it.
    expect((await gameSession(launch)).statusCode).toBe(401);
    const again = (await api.login('breaker1', 'Player123')).body.value.token as string;
    for (const url of ['/wps/v2/wallets/balance', '/wps/member/bettingRecord', '/wps/payment/orders'])
      expect([url, (await api.send('GET', url, undefined, again)).status]).toEqual([url, 200]);
    const { slot } = await inhouseGames(t.database.db);
    for (const [method, url, body] of [
      ['POST', '/wps/payment/deposit', { channel: 'BANK_TRANSFER', amount: 10_000 }],
      ['POST', '/wps/game/launchGame', { nodeId: slot.nodeId, vassalage: 'PORTICO' }],
      ['POST', '/wps/promotion/1/claim', {}],
      ['POST', '/wps/promotion/1/join', {}],
      ['POST', '/wps/promotion/code', { code: 'WELCOME' }],
      ['POST', '/wps/rebate/claim', {}],
      ['POST', '/wps/lottery/bets', { gameCode: 'XSMB', bets: [] }],
    ] as const) {
      const res = await api.send(method, url, body, again);
      expect([url, res.status, res.body.code, res.body.until]).toEqual([url, 403, 'SELF_EXCLUDED', null]);
    }
    // A withdrawal is not refused for the break (here: for the payment password it has not set).
    const out = await api.send(
      'POST',
      '/wps/payment/withdraw',
      { amount: 10_000, paymentPassword: '123456' },
      again,
    );
    expect(out.body.code).not.toBe('SELF_EXCLUDED');
  });
});

describe('maintenance and restricted regions', () => {
  it('refuse every member call, login included, but the status and white-label calls', async () => {
    const { api, token } = await freshMember('abroad1');
    const launch = await launchSlot(api, token);
    expect((await ops('PATCH', '/ops/merchants/PORTICO', { restrictedCountries: ['US'] })).statusCode).toBe(
      200,
    );
    const us = client(t.app, 'PORTICO', '203.0.113.7');
    const status = await us.send('GET', '/wps/system/status');
    expect(status.body.value.status).toBe(2);
    expect((await us.send('GET', '/wps/system/whitelabel')).status).toBe(200);
    for (const [method, url, body, auth] of [
      [
        'POST',
        '/wps/session/login',
        { type: 'username', username: 'abroad1', password: 'Player123' },
        undefined,
      ],
      ['GET', '/lgw/games/list', undefined, undefined],
      ['GET', '/wps/v2/wallets/balance', undefined, token],
    ] as const) {
      const res = await us.send(method, url, body, auth);
      expect([url, res.status, res.body.code]).toEqual([url, 403, 'REGION_RESTRICTED']);
    }
    // At home the same member still plays.
    expect((await api.send('GET', '/wps/v2/wallets/balance', undefined, token)).status).toBe(200);
    expect((await gameSession(launch)).statusCode).toBe(200);

    const end = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (await ops('PATCH', '/ops/merchants/PORTICO', { maintenance: true, maintenanceEnd: end })).statusCode,
    ).toBe(200);
    try {
      expect((await api.send('GET', '/wps/system/status')).body.value.status).toBe(1);
      for (const [method, url, body, auth] of [
        [
          'POST',
          '/wps/session/login',
          { type: 'username', username: 'abroad1', password: 'Player123' },
          undefined,
        ],
        ['GET', '/wps/v2/wallets/balance', undefined, token],
        ['POST', '/wps/payment/deposit', { channel: 'BANK_TRANSFER', amount: 10_000 }, token],
      ] as const) {
        const res = await api.send(method, url, body, auth);
        expect([url, res.status, res.body.code, res.body.until]).toEqual([
          url,
          403,
          'MAINTENANCE',
          new Date(end).toISOString(),
        ]);
      }
      const spin = await t.app.inject({
        method: 'GET',
        url: '/inhouse/session',
        headers: { merchant: 'PORTICO', 'x-launch-token': launch },
      });
      expect([spin.statusCode, spin.json().code]).toEqual([403, 'MAINTENANCE']);
    } finally {
      await ops('PATCH', '/ops/merchants/PORTICO', { maintenance: false, restrictedCountries: [] });
    }
  });
});

describe('launch tokens', () => {
  it('end with the session: logout, lock and password change', async () => {
    const a = await freshMember('gamer1');
    const byLogout = await launchSlot(a.api, a.token);
    expect((await gameSession(byLogout)).statusCode).toBe(200);
    await a.api.send('DELETE', '/wps/session/logout', undefined, a.token);
    expect((await gameSession(byLogout)).statusCode).toBe(401);

    const b = await freshMember('gamer2');
    const byLock = await launchSlot(b.api, b.token);
    expect((await ops('POST', `/ops/members/${b.id}/lock`, { locked: true })).statusCode).toBe(200);
    expect((await gameSession(byLock)).statusCode).toBe(401);

    const c = await freshMember('gamer3');
    const other = (await c.api.login('gamer3', 'Player123')).body.value.token as string;
    const byChange = await launchSlot(c.api, other);
    const fromChanger = await launchSlot(c.api, c.token);
    const changed = await c.api.send(
      'POST',
      '/wps/member/password',
      { oldPassword: 'Player123', newPassword: 'Changed123', confirmNewPassword: 'Changed123' },
      c.token,
    );
    expect(changed.status).toBe(200);
    expect((await gameSession(byChange)).statusCode).toBe(401);
    expect((await gameSession(fromChanger)).statusCode).toBe(401);
  });

  it('end with the session’s absolute lifetime (24 h), even while the game is played', async () => {
    const d = await freshMember('gamer4');
    const launch = await launchSlot(d.api, d.token);
    expect((await gameSession(launch)).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(sessions.tokenHash, sha256(d.token)));
    expect((await gameSession(launch)).statusCode).toBe(401);
  });
});
