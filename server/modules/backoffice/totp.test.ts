import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../../db/schema/index.ts';
import { DEMO_OPERATORS } from '../../db/seed/operators.ts';
import { type TestApp, testApp } from '../../test/app.ts';

/**
 * Operators' two-factor login (TOTP, RFC 6238): enrolment by QR code address and a first code, the code asked for
 * at login, a code used once, wrong codes locking the login, an administrator's reset, the audit rows; and in
 * production an ADMIN or FINANCE operator without it limited to enrolment.
 */

const ENV = 'totp-env-token';
const password = (username: string) => DEMO_OPERATORS.find((o) => o.username === username)!.password;
/** The code of the step `steps` away from now. */
const code = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

function harness(production: boolean) {
  const h = {} as { t: TestApp };
  let ip = 0;
  const send = async (method: string, url: string, token?: string, payload?: object) => {
    ip += 1;
    const res = await h.t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        'x-forwarded-for': `10.${production ? 62 : 61}.${ip >> 8}.${ip & 255}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const login = (username: string, totp?: string) =>
    send('POST', '/ops/login', undefined, {
      username,
      password: password(username),
      ...(totp ? { code: totp } : {}),
    });
  const token = async (username: string, totp?: string) => {
    const res = await login(username, totp);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value.token as string;
  };
  /** Enrols the operator behind `bearer`; returns its secret. */
  const enrol = async (bearer: string) => {
    const started = await send('POST', '/ops/totp/enrol', bearer);
    expect(started.status).toBe(200);
    const { secret, uri } = started.body.value as { secret: string; uri: string };
    const confirmed = await send('POST', '/ops/totp/confirm', bearer, { code: await code(secret) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.value.operator.totp).toBe(true);
    return { secret, uri };
  };
  const auditOf = async (action: string) =>
    (await send('GET', `/ops/audit?action=${action}&pageSize=100`, ENV)).body.value.list as {
      merchantCode: string;
      actor: string;
      action: string;
      subject: Record<string, unknown>;
    }[];
  return { h, send, login, token, enrol, auditOf };
}

describe('two-factor login', () => {
  const { h, send, login, token, enrol, auditOf } = harness(false);
  beforeAll(async () => {
    h.t = await testApp({ opsToken: ENV });
  });
  afterAll(() => h.t?.close());

  it('enrols with a QR address, then asks for a code at login, accepts the right one once', async () => {
    const bearer = await token('finance');
    const { secret, uri } = await enrol(bearer);
    expect(uri).toBe(`otpauth://totp/Portico:finance?secret=${secret}&issuer=Portico`);
    // The secret is never shown again: not by me, not by a second enrolment.
    expect(JSON.stringify((await send('GET', '/ops/me', bearer)).body)).not.toContain(secret);
    expect((await send('POST', '/ops/totp/enrol', bearer)).status).toBe(409);

    const bare = await login('finance');
    expect([bare.status, bare.body.code]).toEqual([401, 'TOTP_REQUIRED']);
    const wrongPassword = await send('POST', '/ops/login', undefined, {
      username: 'finance',
      password: 'not-the-password',
      code: await code(secret),
    });
    expect([wrongPassword.status, wrongPassword.body.code]).toEqual([401, 'UNAUTHORIZED']);

    // The step after the one the enrolment used: a fresh code.
    const next = await code(secret, 1);
    const ok = await login('finance', next);
    expect(ok.status).toBe(200);
    expect(ok.body.value.operator).toMatchObject({ username: 'finance', totp: true });
    const replay = await login('finance', next);
    expect([replay.status, replay.body.code, replay.body.fields]).toEqual([
      401,
      'TOTP_REQUIRED',
      { code: 'Wrong or already used code' },
    ]);
    // A code of a step before the last accepted one is as used.
    const older = await login('finance', await code(secret));
    expect(older.status).toBe(401);

    const enrolled = await auditOf('OPS_TOTP_ENROLLED');
    expect(enrolled[0]).toMatchObject({
      merchantCode: '*',
      actor: 'ops:finance',
      subject: { username: 'finance' },
    });
    const failed = await auditOf('OPS_TOTP_FAILED');
    expect(failed.filter((r) => r.subject.username === 'finance')).toHaveLength(2);
  });

  it('lets one of two parallel logins with the same code through', async () => {
    const made = await send('POST', '/ops/operators', ENV, {
      username: 'race_op',
      password: 'Race-op-pass-1',
      role: 'SUPPORT',
      merchants: '*',
    });
    expect(made.status).toBe(200);
    const first = await send('POST', '/ops/login', undefined, {
      username: 'race_op',
      password: 'Race-op-pass-1',
    });
    const { secret } = await enrol(first.body.value.token);
    const next = await code(secret, 1);
    const both = await Promise.all(
      [0, 1].map(() =>
        send('POST', '/ops/login', undefined, {
          username: 'race_op',
          password: 'Race-op-pass-1',
          code: next,
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('locks the login after 5 wrong codes, counted exactly under parallel tries', async () => {
    const { secret } = await enrol(await token('editor'));
    const wrong = async () => {
      const right = await code(secret);
      return right === '000000' ? '111111' : '000000';
    };
    const tries = await Promise.all(Array.from({ length: 4 }, async () => login('editor', await wrong())));
    expect(tries.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    const [row] = await h.t.database.db.select().from(operators).where(eq(operators.username, 'editor'));
    expect(row!.totpFailures).toBe(4);
    const fifth = await login('editor', await wrong());
    expect([fifth.status, fifth.body.code]).toEqual([403, 'ACCOUNT_LOCKED']);
    expect(Date.parse(fifth.body.until) - Date.now()).toBeGreaterThan(14 * 60_000);
    // Locked: even the right code is refused.
    const right = await login('editor', await code(secret, 1));
    expect([right.status, right.body.code]).toEqual([403, 'ACCOUNT_LOCKED']);
    const locked = (await auditOf('OPS_TOTP_FAILED')).filter((r) => r.subject.username === 'editor');
    expect(locked.map((r) => r.subject.locked)).toContain(true);
  });

  it('an administrator resets it (lost phone): its sessions end, it signs in without a code', async () => {
    const bearer = await token('support');
    await enrol(bearer);
    const [row] = await h.t.database.db.select().from(operators).where(eq(operators.username, 'support'));
    const made = await send('POST', '/ops/operators', ENV, {
      username: 'finance_two',
      password: 'Finance-two-1',
      role: 'FINANCE',
      merchants: '*',
    });
    expect(made.status).toBe(200);
    const other = await send('POST', '/ops/login', undefined, {
      username: 'finance_two',
      password: 'Finance-two-1',
    });
    const byFinance = await send('DELETE', `/ops/operators/${row!.id}/totp`, other.body.value.token);
    expect(byFinance.status).toBe(403);

    const reset = await send('DELETE', `/ops/operators/${row!.id}/totp`, await token('admin'));
    expect([reset.status, reset.body.value.operator.totp]).toEqual([200, false]);
    expect((await send('GET', '/ops/me', bearer)).status).toBe(401);
    expect((await login('support')).status).toBe(200);
    const [audited] = await auditOf('OPS_TOTP_RESET');
    expect(audited).toMatchObject({ actor: 'ops:admin', subject: { username: 'support', wasOn: true } });
  });

  it('the operator turns its own off with a current code', async () => {
    const bearer = await token('admin');
    const { secret } = await enrol(bearer);
    const bad = (await code(secret, 1)) === '000000' ? '111111' : '000000';
    const wrong = await send('POST', '/ops/totp/disable', bearer, { code: bad });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'TOTP_REQUIRED']);
    const off = await send('POST', '/ops/totp/disable', bearer, { code: await code(secret, 1) });
    expect([off.status, off.body.value?.operator.totp]).toEqual([200, false]);
    expect((await login('admin')).status).toBe(200);
    expect((await auditOf('OPS_TOTP_DISABLED'))[0]).toMatchObject({ actor: 'ops:admin' });
  });
});

describe('two-factor login in production', () => {
  const { h, send, login, token, enrol } = harness(true);
  beforeAll(async () => {
    h.t = await testApp({ opsToken: ENV, production: true });
  });
  afterAll(() => h.t?.close());

  it('an ADMIN or FINANCE operator without it signs in but may only enrol', async () => {
    for (const username of ['admin', 'finance']) {
      expect((await login(username)).body.value.totpRequired).toBe(true);
      const bearer = await token(username);
      const me = await send('GET', '/ops/me', bearer);
      expect(me.body.value.totpRequired).toBe(true);
      for (const url of ['/ops/merchants', '/ops/payments', '/ops/audit'])
        expect([url, (await send('GET', url, bearer)).body.code]).toEqual([url, 'TOTP_REQUIRED']);
      expect((await send('GET', '/ops/merchants', bearer)).status).toBe(403);
      await enrol(bearer);
      expect((await send('GET', '/ops/me', bearer)).body.value.totpRequired).toBe(false);
      expect((await send('GET', '/ops/merchants', bearer)).status).toBe(200);
    }
  });

  it('other roles and the environment token are not held to it', async () => {
    const support = await token('support');
    expect((await send('GET', '/ops/me', support)).body.value.totpRequired).toBe(false);
    expect((await send('GET', '/ops/merchants', support)).status).toBe(200);
    expect((await send('GET', '/ops/merchants', ENV)).status).toBe(200);
  });
});
