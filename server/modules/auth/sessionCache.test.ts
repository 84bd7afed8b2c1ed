import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { createInvalidation } from '../../db/invalidation.ts';
import { members, sessions } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/secrets.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { newMember } from '../../test/play.ts';
import { createBalanceReader } from '../wallet/balance.ts';
import { createLedger } from '../wallet/ledger.ts';
import { createSessionService } from './sessions.ts';

const OPS = 'session-cache-test-ops-token-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  await t.app.invalidation.start();
});
afterAll(() => t.close());

const ops = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${OPS}` }, payload });

/** Registers a fresh member of PORTICO and logs it in. */
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
  const token = login.body.value.token as string;
  const balance = async () => api.send('GET', '/wps/v2/wallets/balance', undefined, token);
  return { api, token, id: row!.id, balance };
}

/** Credits a member's MAIN wallet through the ledger (a money path), as a deposit would. */
async function credit(memberId: number, amount: bigint, key: string) {
  const ledger = createLedger(t.database.db);
  const main = await ledger.wallet('PORTICO', memberId, 'MAIN');
  const promo = await ledger.wallet('PORTICO', null, 'HOUSE_PROMO');
  await ledger.post('PORTICO', key, 'TEST_CREDIT', [
    { walletId: promo, amount: -amount },
    { walletId: main, amount },
  ]);
}

/** Makes the session's row idle-expired behind the cache's back (last_seen_at does not notify). */
const ageRow = (token: string) =>
  t.database.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - 10 * 3_600_000) })
    .where(eq(sessions.tokenHash, sha256(token)));

describe('the session cache', () => {
  it('answers a kept session without reading it, and a cold one from the database', async () => {
    const m = await freshMember('cache1');
    // The login's own writes heard first: a notification arriving during the cold read below would (rightly) keep
    // the cache from keeping the row, and the next call would read the aged row.
    await vi.waitFor(() => expect(t.app.invalidation.live()).toBe(true), { timeout: 2_000, interval: 5 });
    // Cold: the first call reads the row.
    expect((await m.balance()).status).toBe(200);
    await ageRow(m.token);
    // A write to a watched table in this process makes its caches stand aside until its listener has caught up (a
    // round trip on PostgreSQL, server/db/invalidation.ts); the row's own write notifies nothing.
    await vi.waitFor(() => expect(t.app.invalidation.live()).toBe(true), { timeout: 2_000, interval: 5 });
    // Kept: the row's (now idle-expired) times are not read again.
    expect((await m.balance()).status).toBe(200);
    // A fresh process has nothing kept: it reads the row and ends the idle session.
    const other = await buildApp({ db: t.database.db });
    try {
      await other.invalidation.start();
      const res = await other.inject({
        method: 'GET',
        url: '/wps/v2/wallets/balance',
        headers: { merchant: 'PORTICO', authorization: `Bearer ${m.token}` },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('drops a session at logout: the next call is not logged in', async () => {
    const m = await freshMember('cache2');
    expect((await m.balance()).status).toBe(200);
    expect((await m.api.send('DELETE', '/wps/session/logout', undefined, m.token)).status).toBe(200);
    expect((await m.balance()).status).toBe(401);
  });

  it('ends the other sessions at a password change', async () => {
    const m = await freshMember('cache3');
    const other = (await m.api.login('cache3', 'Player123')).body.value.token as string;
    const balanceOf = (token: string) => m.api.send('GET', '/wps/v2/wallets/balance', undefined, token);
    expect((await balanceOf(other)).status).toBe(200);
    const changed = await m.api.send(
      'POST',
      '/wps/member/password',
      { oldPassword: 'Player123', newPassword: 'Changed123', confirmNewPassword: 'Changed123' },
      m.token,
    );
    expect(changed.status).toBe(200);
    expect((await balanceOf(other)).status).toBe(401);
    expect((await balanceOf(m.token)).status).toBe(200);
  });

  it('sees an operator lock, a lock written directly, and a forced password change at the next call', async () => {
    const a = await freshMember('cache4');
    expect((await a.balance()).status).toBe(200);
    expect((await ops(`/ops/members/${a.id}/lock`, { locked: true })).statusCode).toBe(200);
    expect((await a.balance()).status).toBe(401);

    const b = await freshMember('cache5');
    expect((await b.balance()).status).toBe(200);
    // Written by anyone (psql, a tool): the trigger tells the cache.
    await t.database.db.update(members).set({ lockedAt: new Date() }).where(eq(members.id, b.id));
    expect((await b.balance()).body.code).toBe('ACCOUNT_LOCKED');

    const c = await freshMember('cache6');
    expect((await c.balance()).status).toBe(200);
    await t.database.db.update(members).set({ mustChangePassword: true }).where(eq(members.id, c.id));
    expect((await c.balance()).body.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('sees a session revoked in SQL, and a revocation inside a transaction once it commits', async () => {
    const m = await freshMember('cache7');
    expect((await m.balance()).status).toBe(200);
    await t.database.db.execute(
      sql`update sessions set revoked_at = now() where token_hash = ${sha256(m.token)}`,
    );
    expect((await m.balance()).status).toBe(401);

    const n = await freshMember('cache8');
    expect((await n.balance()).status).toBe(200);
    await t.database.db.transaction(async (tx) => {
      await createSessionService(t.database.db).revokeOthers(n.id, undefined, tx);
      await tx.execute(sql`select 1`);
    });
    expect((await n.balance()).status).toBe(401);
  });

  it('is bypassed while the database is not listened to, and used again once it is', async () => {
    const m = await freshMember('cache9');
    expect((await m.balance()).status).toBe(200);
    t.app.invalidation.breakConnection();
    expect(t.app.invalidation.live()).toBe(false);
    // Behind the cache's back: only a read of the row can tell.
    await ageRow(m.token);
    expect((await m.balance()).status).toBe(401);
    await vi.waitFor(() => expect(t.app.invalidation.live()).toBe(true), { timeout: 10_000, interval: 100 });
    const n = await freshMember('cache10');
    expect((await n.balance()).status).toBe(200);
    await n.api.send('DELETE', '/wps/session/logout', undefined, n.token);
    expect((await n.balance()).status).toBe(401);
  });

  it('keeps at most its cap of sessions, the least recently used going first', async () => {
    const invalidation = createInvalidation(t.database.db);
    await invalidation.start();
    try {
      const service = createSessionService(t.database.db, undefined, { invalidation, cap: 2 });
      const tokens = await Promise.all(
        ['cachecap1', 'cachecap2', 'cachecap3'].map(async (account) => {
          const m = await newMember(t.database.db, account, 0n);
          const [row] = await t.database.db.select().from(members).where(eq(members.id, m.id));
          return service.open(row!);
        }),
      );
      // Opening wrote three sessions: the cache stays out of use until this process's writes are heard.
      await vi.waitFor(() => expect(invalidation.live()).toBe(true), { timeout: 5_000, interval: 1 });
      for (const token of tokens) await service.resolve('PORTICO', token);
      expect(service.cached()).toBe(2);
      // The first one was evicted: it is read again, and ends now that its row is idle-expired.
      await ageRow(tokens[0]!);
      await expect(service.resolve('PORTICO', tokens[0]!)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      // A token of another merchant is not logged in there, kept or not.
      await expect(service.resolve('OTHER', tokens[2]!)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    } finally {
      await invalidation.close();
    }
  });
});

describe('the balance', () => {
  it('shows a credit, money held for a withdrawal and a write in SQL at the next call', async () => {
    const m = await freshMember('cachebal1');
    const before = (await m.balance()).body.value.sumBalance as number;
    await credit(m.id, 1234n, 'cache-test:credit:1');
    expect((await m.balance()).body.value.sumBalance).toBe(before + 1234);
    // Money moved out of the spendable wallets (held for a withdrawal) lowers it.
    const ledger = createLedger(t.database.db);
    const main = await ledger.wallet('PORTICO', m.id, 'MAIN');
    const held = await ledger.wallet('PORTICO', m.id, 'WITHDRAWAL_HOLD');
    await ledger.post('PORTICO', 'cache-test:hold:1', 'TEST_HOLD', [
      { walletId: main, amount: -200n },
      { walletId: held, amount: 200n },
    ]);
    expect((await m.balance()).body.value.sumBalance).toBe(before + 1034);
    // Written in SQL by anyone.
    await t.database.db.execute(sql`update wallets set balance = balance + 1 where id = ${main}`);
    expect((await m.balance()).body.value.sumBalance).toBe(before + 1035);
  });
});

describe('the balance reader', () => {
  it('keeps balances on PGlite only, and reads the database while not listening', async () => {
    const invalidation = createInvalidation(t.database.db);
    await invalidation.start();
    try {
      const balances = createBalanceReader(t.database.db, { invalidation });
      const m = await newMember(t.database.db, 'cachebal2', 700n);
      expect(await balances.read('PORTICO', m.id)).toBe(700n);
      if (process.env.DATABASE_URL) {
        // No wallet notifications on PostgreSQL: nothing may be kept.
        expect(balances.cached()).toBe(0);
        return;
      }
      expect(balances.cached()).toBe(1);
      // With triggers off (superuser only) the write goes unheard: only a kept balance still says 700.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update wallets set balance = balance + 1 where id = ${m.main}`);
      });
      expect(await balances.read('PORTICO', m.id)).toBe(700n);
      invalidation.breakConnection();
      expect(await balances.read('PORTICO', m.id)).toBe(701n);
      expect(balances.cached()).toBe(0);
    } finally {
      await invalidation.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
  it('a write of this process holds the cache off until its notification is heard', async () => {
    const invalidation = createInvalidation(t.database.db);
    invalidation.watch('members');
    await invalidation.start();
    const heard: (string | null)[] = [];
    invalidation.on('member', (key) => heard.push(key));
    try {
      const m = await newMember(t.database.db, 'cachefence1', 0n);
      await t.database.db.update(members).set({ nickname: 'fenced' }).where(eq(members.id, m.id));
      // Right after the write returned: the notification is on its way, so the cache may not answer.
      expect(invalidation.live()).toBe(false);
      await vi.waitFor(() => expect(invalidation.live()).toBe(true), { timeout: 5_000, interval: 1 });
      expect(heard).toContain(String(m.id));
    } finally {
      await invalidation.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  it('each sees a revocation and a lock made through the other', async () => {
    // Its own pool, as another process has: only the notification can tell it.
    const url = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    const second = await openDatabase({ kind: 'postgres', url });
    const b = await buildApp({ db: second.db });
    try {
      await b.invalidation.start();
      const inB = (token: string) =>
        b.inject({
          method: 'GET',
          url: '/wps/v2/wallets/balance',
          headers: { merchant: 'PORTICO', authorization: `Bearer ${token}` },
        });
      const m = await freshMember('cachepg1');
      expect((await inB(m.token)).statusCode).toBe(200);
      expect((await m.api.send('DELETE', '/wps/session/logout', undefined, m.token)).status).toBe(200);
      await vi.waitFor(async () => expect((await inB(m.token)).statusCode).toBe(401), { timeout: 5_000 });

      const n = await freshMember('cachepg2');
      expect((await inB(n.token)).statusCode).toBe(200);
      expect((await ops(`/ops/members/${n.id}/lock`, { locked: true })).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await inB(n.token)).statusCode).not.toBe(200), { timeout: 5_000 });

      // A balance changed through one process is what the other answers next.
      const p = await freshMember('cachepg3');
      const before = (await inB(p.token)).json().value.sumBalance as number;
      await credit(p.id, 500n, 'cache-test:pg:credit');
      expect((await inB(p.token)).json().value.sumBalance).toBe(before + 500);
    } finally {
      await b.close();
      await second.close();
    }
  });
});
