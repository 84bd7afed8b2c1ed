import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyCall } from '../../../contract/call.ts';
import { auditLog } from '../../db/schema/index.ts';
import { DEMO_OPERATORS } from '../../db/seed/operators.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';

const contracts = import.meta.glob<Record<string, unknown>>('../../../contract/*.ts', { eager: true });
const opsCalls = Object.values(contracts)
  .flatMap((m) => Object.values(m))
  .filter((c): c is AnyCall => typeof c === 'object' && c !== null && (c as AnyCall).auth === 'ops')
  // Logging out would end the probing session itself (it is tested on its own).
  .filter((c) => c.path !== '/ops/logout')
  // A stream stays open while it is valid (every role may open it): opsEvents/events.test.ts checks its roles and scope.
  .filter((c) => c.path !== '/ops/events');

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: 'env-token' });
});
afterAll(() => t.close());

let ip = 0;
const send = async (method: string, url: string, token?: string, payload?: object) => {
  ip += 1;
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      'x-forwarded-for': `10.9.${ip >> 8}.${ip & 255}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};
const password = (username: string) => DEMO_OPERATORS.find((o) => o.username === username)!.password;
const login = async (username: string) => {
  const res = await send('POST', '/ops/login', undefined, { username, password: password(username) });
  expect(res.status).toBe(200);
  return res.body.value.token as string;
};
const fill = (path: string) =>
  path
    .replace(':code', 'LOTUS')
    .replace(':topic', 'rebate')
    .replace(/:id/g, '999999')
    .replace('${action}', 'approve');

describe('operator login', () => {
  it('answers a wrong password and an unknown name alike, and opens a session on the right one', async () => {
    for (const body of [
      { username: 'admin', password: 'wrong-password' },
      { username: 'nobody', password: 'wrong-password' },
    ]) {
      const res = await send('POST', '/ops/login', undefined, body);
      expect(res.status).toBe(401);
      expect(res.body.fields).toEqual({ password: 'Wrong username or password' });
    }
    const token = await login('finance');
    const me = await send('GET', '/ops/me', token);
    expect(me.body.value.operator).toMatchObject({ username: 'finance', role: 'FINANCE' });
    expect((await send('POST', '/ops/logout', token)).status).toBe(200);
    expect((await send('GET', '/ops/me', token)).status).toBe(401);
    // Each try is in the audit log, with the name tried and the address.
    const rows = await t.database.db
      .select({ actor: auditLog.actor, action: auditLog.action, subject: auditLog.subject })
      .from(auditLog)
      .where(inArray(auditLog.action, ['OPS_LOGIN', 'OPS_LOGIN_FAILED']))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.actor, r.action, (r.subject as { reason?: string }).reason])).toEqual([
      ['ops:admin', 'OPS_LOGIN_FAILED', 'password'],
      ['visitor', 'OPS_LOGIN_FAILED', 'unknown'],
      ['ops:finance', 'OPS_LOGIN', undefined],
    ]);
    expect((rows[1]!.subject as { username: string }).username).toBe('nobody');
  });

  it('limits login attempts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/ops/login',
        headers: { 'x-forwarded-for': '10.77.0.1' },
        payload: { username: 'admin', password: `guess-number-${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('takes the environment token as an administrator named ops', async () => {
    const me = await send('GET', '/ops/me', 'env-token');
    expect(me.body.value.operator).toMatchObject({ id: 0, username: 'ops', role: 'ADMIN' });
  });
});

describe('roles', () => {
  it('refuses every operator call a role is not given (403) and lets through the ones it is', async () => {
    expect(opsCalls.length).toBeGreaterThan(30);
    const tokens = {
      FINANCE: await login('finance'),
      CONTENT: await login('editor'),
      SUPPORT: await login('support'),
    };
    let refused = 0;
    for (const call of opsCalls) {
      for (const [role, token] of Object.entries(tokens)) {
        const allowed = (call.opsRoles as readonly string[] | undefined)?.includes(role) ?? false;
        const res = await send(call.method, fill(call.path), token, call.method === 'GET' ? undefined : {});
        if (allowed) expect([res.status, call.path]).not.toEqual([403, call.path]);
        else {
          expect([res.status, role, call.path]).toEqual([403, role, call.path]);
          refused += 1;
        }
        expect(res.status).not.toBe(401);
      }
    }
    expect(refused).toBeGreaterThan(40);
  });

  it('names the operator in the audit log of what it does', async () => {
    const editor = await login('editor');
    const added = await send('POST', '/ops/merchants/LOTUS/banners', editor, {
      groupName: 'home',
      titles: { en: 'Audited banner' },
    });
    expect(added.status).toBe(200);
    const admin = await login('admin');
    const log = await send('GET', '/ops/audit?actor=ops:editor&action=BANNER_ADDED', admin);
    expect(log.body.value.list[0]).toMatchObject({
      actor: 'ops:editor',
      action: 'BANNER_ADDED',
      merchantCode: 'LOTUS',
      subject: { bannerId: added.body.value.banner.id },
    });
    expect((await send('GET', '/ops/audit/verify', admin)).body.value.ok).toBe(true);
  });
});

describe('operators', () => {
  it('adds, refuses a taken name, and a disabled account loses its sessions', async () => {
    const admin = await login('admin');
    const made = await send('POST', '/ops/operators', admin, {
      username: 'Night_Shift',
      password: 'Night-Shift-1',
      role: 'SUPPORT',
    });
    expect(made.body.value.operator).toMatchObject({ username: 'night_shift', role: 'SUPPORT' });
    const again = await send('POST', '/ops/operators', admin, {
      username: 'night_shift',
      password: 'Night-Shift-1',
      role: 'SUPPORT',
    });
    expect([again.status, again.body.fields]).toEqual([409, { username: 'Username is taken' }]);
    const night = (
      await send('POST', '/ops/login', undefined, { username: 'night_shift', password: 'Night-Shift-1' })
    ).body.value.token;
    const id = made.body.value.operator.id;
    expect((await send('PATCH', `/ops/operators/${id}`, admin, { disabled: true })).status).toBe(200);
    expect((await send('GET', '/ops/me', night)).status).toBe(401);
    const relogin = await send('POST', '/ops/login', undefined, {
      username: 'night_shift',
      password: 'Night-Shift-1',
    });
    expect(relogin.status).toBe(401);
    const me = (await send('GET', '/ops/me', admin)).body.value.operator.id;
    expect((await send('PATCH', `/ops/operators/${me}`, admin, { disabled: true })).status).toBe(409);
  });
});

describe('members and agents', () => {
  it('lists one merchant’s agents by search, with balance and upline', async () => {
    const support = await login('support');
    const res = await send('GET', '/ops/merchants/LOTUS/members?type=AGENT&account=agent', support);
    const accounts = res.body.value.list.map((m: { account: string }) => m.account);
    expect(accounts).toEqual(expect.arrayContaining(['agent01', 'agent02']));
    expect(res.body.value.list.every((m: { agentType: number }) => m.agentType !== 0)).toBe(true);
    const agent02 = res.body.value.list.find((m: { account: string }) => m.account === 'agent02');
    expect(agent02.upline).toBe('agent01');
    const members = await send('GET', '/ops/merchants/LOTUS/members?type=MEMBER&account=player01', support);
    expect(members.body.value.list).toEqual([
      expect.objectContaining({ account: 'player01', balance: 100_000 }),
    ]);
    const pct = await send('GET', '/ops/merchants/LOTUS/members?account=%25', support);
    expect(pct.body.value.list).toEqual([]);
  });

  it('locks an account: its sessions end, its logins are refused, until it is unlocked', async () => {
    const member = client(t.app, 'LOTUS');
    const session = await member.login('vip01', 'Player123');
    expect(session.status).toBe(200);
    const token = session.body.value.token as string;
    const support = await login('support');
    const list = await send('GET', '/ops/merchants/LOTUS/members?account=vip01', support);
    const id = list.body.value.list[0].id;
    const locked = await send('POST', `/ops/members/${id}/lock`, support, {
      locked: true,
      remark: 'chargeback',
    });
    expect(locked.body.value.member.locked).toBe(true);
    expect((await member.send('GET', '/wps/v2/wallets/balance', undefined, token)).status).toBe(401);
    const refused = await member.login('vip01', 'Player123');
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'This account is locked, please contact customer service',
    ]);
    expect((await member.login('vip01', 'wrong-one')).status).toBe(401);
    await send('POST', `/ops/members/${id}/lock`, support, { locked: false });
    expect((await member.login('vip01', 'Player123')).status).toBe(200);
  });
});

describe('banners and draws', () => {
  it('adds a banner members then see, refuses bad links, and removes it', async () => {
    const editor = await login('editor');
    const bad = await send('POST', '/ops/merchants/LOTUS/banners', editor, {
      groupName: 'home',
      linkageType: 'URL',
      link: 'javascript:alert(1)',
      titles: { en: 'Bad' },
    });
    expect([bad.status, bad.body.fields]).toEqual([400, { link: 'A link is an https:// address' }]);
    const added = await send('POST', '/ops/merchants/LOTUS/banners', editor, {
      groupName: 'promotion',
      linkageType: 'ROUTE',
      link: '/promotions',
      titles: { en: 'Spring festival', vi: 'Lễ hội mùa xuân' },
    });
    const id = added.body.value.banner.id;
    const listed = await send('GET', '/ops/merchants/LOTUS/banners', editor);
    expect(listed.body.value.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, link: '/promotions' })]),
    );
    expect((await send('DELETE', `/ops/merchants/LOTUS/banners/${id}`, editor)).status).toBe(200);
    expect((await send('DELETE', `/ops/merchants/LOTUS/banners/${id}`, editor)).status).toBe(404);
    // Another merchant's banner is not found through this merchant.
    expect((await send('DELETE', '/ops/merchants/LOTUS/banners/1', editor)).status).toBe(404);
  });

  it('keeps a committed draw’s numbers hidden', async () => {
    const { createDrawEngine } = await import('../lottery/draws.ts');
    const engine = createDrawEngine(t.database.db);
    await engine.ensureDraws(new Date(Date.now() - 10 * 60_000));
    await engine.ensureDraws(new Date());
    expect((await engine.revealDue(new Date())).length).toBeGreaterThan(0);
    const res = await send('GET', '/ops/lottery/draws?pageSize=100', await login('support'));
    const list = res.body.value.list as {
      status: string;
      winningNumber: string;
      salt: string;
      commitment: string;
    }[];
    expect(list.length).toBeGreaterThan(0);
    for (const d of list) {
      expect(d.commitment).toMatch(/^[0-9a-f]{64}$/);
      if (d.status === 'COMMITTED') expect([d.winningNumber, d.salt]).toEqual(['', '']);
      else expect(d.winningNumber).not.toBe('');
    }
  });
});
