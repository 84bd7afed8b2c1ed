import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../../contract/call.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, members } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/password.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { newMember } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';
import { createSessionService, type Member } from '../auth/sessions.ts';
import {
  createPaymentPasswords,
  PAYMENT_PASSWORD_LOCK_MS,
  PAYMENT_PASSWORD_TRIES,
} from './paymentPassword.ts';

const LOGIN = 'login-pass-1';
const PAY = '246810';

let t: TestApp;
let db: Db;
let hashes: { login: string; pay: string };
beforeAll(async () => {
  t = await testApp({ rateLimit: false });
  db = t.database.db;
  const [login, pay] = await Promise.all([hashPassword(LOGIN), hashPassword(PAY)]);
  hashes = { login, pay };
});
afterAll(() => t.close());

async function member(account: string): Promise<Member & { token: string }> {
  // No money needed: every call here is refused or stops at the password.
  const m = await newMember(db, account, 0n);
  const [row] = await db
    .update(members)
    .set({ passwordHash: hashes.login, paymentPasswordHash: hashes.pay })
    .where(eq(members.id, m.id))
    .returning();
  return { ...row!, token: await createSessionService(db).open(row!) };
}

const withdraw = async (m: { token: string }, paymentPassword: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/payment/withdraw',
    headers: { merchant: 'PORTICO', authorization: `Bearer ${m.token}` },
    payload: {
      requestId: randomUUID(),
      amount: 20_000,
      paymentPassword,
      bankName: 'Demo Bank',
      accountName: 'Test Member',
      accountNo: '1234 5678 90',
    },
  });
  return { status: res.statusCode, body: res.json() };
};

/** A clock the test moves. */
const clock = (start = Date.parse('2030-01-01T00:00:00Z')) => {
  let at = start;
  return { now: () => new Date(at), pass: (ms: number) => (at += ms) };
};

const settle = <T>(p: Promise<T>) =>
  p.then(
    () => 'ok',
    (e: { statusCode?: number }) => e.statusCode,
  );

describe('payment password guessing limit', () => {
  it('locks after 5 wrong tries: even the right password is refused, with until', async () => {
    const m = await member('pp_lock');
    for (let i = 1; i < PAYMENT_PASSWORD_TRIES; i += 1) {
      const wrong = await withdraw(m, '000000');
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields.paymentPassword).toBe('The payment password is incorrect');
    }
    const fifth = await withdraw(m, '000000');
    expect(fifth.status).toBe(429);
    const right = await withdraw(m, PAY);
    expect(right.status).toBe(429);
    const envelope = errorEnvelope.parse(right.body);
    expect(envelope.code).toBe('RATE_LIMITED');
    expect(envelope.message).toMatch(/locked for 15 minutes/);
    const until = Date.parse(envelope.until!);
    expect(until - Date.now()).toBeGreaterThan(PAYMENT_PASSWORD_LOCK_MS - 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(PAYMENT_PASSWORD_LOCK_MS);
    // Changing the payment password is no way round the lock.
    const change = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/paymentPassword',
      headers: { merchant: 'PORTICO', authorization: `Bearer ${m.token}` },
      payload: { loginPassword: LOGIN, oldPaymentPassword: PAY, paymentPassword: '135790' },
    });
    expect(change.statusCode).toBe(429);
    const [locked] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, `member:${m.id}`), eq(auditLog.action, 'PAYMENT_PASSWORD_LOCKED')));
    expect(locked?.subject).toMatchObject({ tries: PAYMENT_PASSWORD_TRIES });
  });

  it('unlocks after 15 minutes, and a right password resets the count', async () => {
    const m = await member('pp_clock');
    const c = clock();
    const passwords = createPaymentPasswords(db, createAuditLog(db), c.now);
    for (let i = 0; i < PAYMENT_PASSWORD_TRIES; i += 1)
      await expect(passwords.verify(m, '000000')).rejects.toBeTruthy();
    c.pass(PAYMENT_PASSWORD_LOCK_MS - 1_000);
    await expect(passwords.verify(m, PAY)).rejects.toMatchObject({ statusCode: 429 });
    c.pass(1_000);
    await expect(passwords.verify(m, PAY)).resolves.toBeUndefined();
    // The count starts again: 4 wrong, the right one, 4 wrong still leave it open.
    for (const _round of [1, 2]) {
      for (let i = 1; i < PAYMENT_PASSWORD_TRIES; i += 1)
        await expect(passwords.verify(m, '000000')).rejects.toMatchObject({ statusCode: 400 });
      await expect(passwords.verify(m, PAY)).resolves.toBeUndefined();
    }
  });

  it('30 parallel wrong tries count 30: only the first 5 are checked, the rest find it locked', async () => {
    const m = await member('pp_parallel');
    const passwords = createPaymentPasswords(db, createAuditLog(db));
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => settle(passwords.verify(m, String(100_000 + i)))),
    );
    expect(outcomes.filter((o) => o === 400)).toHaveLength(PAYMENT_PASSWORD_TRIES - 1);
    expect(outcomes.filter((o) => o === 429)).toHaveLength(30 - (PAYMENT_PASSWORD_TRIES - 1));
    await expect(passwords.verify(m, PAY)).rejects.toMatchObject({ statusCode: 429 });
  });

  it("a member's own parallel checks with the right password all pass (the extra ones wait their turn)", async () => {
    const m = await member('pp_own_parallel');
    const passwords = createPaymentPasswords(db, createAuditLog(db));
    await expect(passwords.verify(m, '000000')).rejects.toMatchObject({ statusCode: 400 });
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => settle(passwords.verify(m, PAY))));
    expect(outcomes).toEqual(Array(8).fill('ok'));
    const [row] = await db.select().from(members).where(eq(members.id, m.id));
    expect([row?.paymentPasswordFailures, row?.paymentPasswordChecks]).toEqual([0, 0]);
  });
});
