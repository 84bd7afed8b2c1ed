import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';

const wrong = (field: string, message: string) =>
  new DomainError(400, 'VALIDATION', message, { [field]: message });

/** Wrong payment passwords in a row that lock it, and for how long (issue 22: 5 tries, 15 minutes). */
export const PAYMENT_PASSWORD_TRIES = 5;
export const PAYMENT_PASSWORD_LOCK_MS = 15 * 60_000;
/** A check not settled after this long (its process died) stops counting. */
const CHECK_STALE_MS = 30_000;
/** How long a check waits for the member's other checks under way before it gives up. */
const BUSY_WAIT_MS = 10_000;

const lockedOut = (until: Date) =>
  new DomainError(
    429,
    'RATE_LIMITED',
    'Too many wrong payment passwords: it is locked for 15 minutes',
    { paymentPassword: 'The payment password is locked, try again later' },
    { until: until.toISOString() },
  );

/** The payment password guards money leaving the member (withdrawal, transfer to upline); separate from login. */
export function createPaymentPasswords(db: Db, audit: AuditLog, now: () => Date = () => new Date()) {
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

  /**
   * Claims a check before the hash is compared, in one statement: wrong tries plus checks under way may not pass
   * PAYMENT_PASSWORD_TRIES, so of parallel guesses only that many are compared at all. An expired lock forgets its
   * wrong tries; a check unfinished after CHECK_STALE_MS (a crash) no longer counts. The hash, or null.
   */
  async function claim(memberId: number): Promise<string | null> {
    const at = now();
    const failures = sql`(case when ${members.paymentPasswordLockedUntil} <= ${ts(at)} then 0 else ${members.paymentPasswordFailures} end)`;
    const checks = sql`(case when ${members.paymentPasswordCheckedAt} > ${ts(new Date(at.getTime() - CHECK_STALE_MS))} then ${members.paymentPasswordChecks} else 0 end)`;
    const [row] = await db
      .update(members)
      .set({
        paymentPasswordFailures: failures,
        paymentPasswordChecks: sql`${checks} + 1`,
        paymentPasswordCheckedAt: at,
        paymentPasswordLockedUntil: null,
      })
      .where(
        and(
          eq(members.id, memberId),
          isNotNull(members.paymentPasswordHash),
          or(isNull(members.paymentPasswordLockedUntil), lte(members.paymentPasswordLockedUntil, at)),
          sql`${failures} + ${checks} < ${PAYMENT_PASSWORD_TRIES}`,
        ),
      )
      .returning({ hash: members.paymentPasswordHash });
    return row?.hash ?? null;
  }

  /** Ends a claimed check: a right password clears the wrong tries, a wrong one adds one and at the limit locks. */
  async function settle(memberId: number, right: boolean) {
    const at = now();
    const failures = right ? sql`0` : sql`${members.paymentPasswordFailures} + 1`;
    const [row] = await db
      .update(members)
      .set({
        paymentPasswordFailures: failures,
        paymentPasswordChecks: sql`greatest(${members.paymentPasswordChecks} - 1, 0)`,
        paymentPasswordLockedUntil: right
          ? null
          : sql`case when ${failures} >= ${PAYMENT_PASSWORD_TRIES} then ${ts(new Date(at.getTime() + PAYMENT_PASSWORD_LOCK_MS))} else ${members.paymentPasswordLockedUntil} end`,
      })
      .where(eq(members.id, memberId))
      .returning({
        failures: members.paymentPasswordFailures,
        lockedUntil: members.paymentPasswordLockedUntil,
      });
    return row;
  }

  /** The hash once a check is claimed; refuses while locked; waits while other checks of the member are under way. */
  async function claimed(memberId: number, field: string): Promise<string> {
    const deadline = Date.now() + BUSY_WAIT_MS;
    for (;;) {
      const hash = await claim(memberId);
      if (hash) return hash;
      const [row] = await db
        .select({ hash: members.paymentPasswordHash, until: members.paymentPasswordLockedUntil })
        .from(members)
        .where(eq(members.id, memberId));
      if (!row?.hash) throw wrong(field, 'Set a payment password first');
      if (row.until && row.until > now()) throw lockedOut(row.until);
      if (Date.now() > deadline)
        throw new DomainError(429, 'RATE_LIMITED', 'Too many payment password checks at once, try again');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Counted check of the payment password; a wrong one is a field error on `field`. */
  async function check(member: Member, paymentPassword: string, field: string): Promise<void> {
    const hash = await claimed(member.id, field);
    const right = await verifyPassword(paymentPassword, hash).catch(async (err: unknown) => {
      // No answer either way: the check stops counting.
      await db
        .update(members)
        .set({ paymentPasswordChecks: sql`greatest(${members.paymentPasswordChecks} - 1, 0)` })
        .where(eq(members.id, member.id));
      throw err;
    });
    const settled = await settle(member.id, right);
    if (right) return;
    if (settled?.lockedUntil && settled.failures >= PAYMENT_PASSWORD_TRIES) {
      if (settled.failures === PAYMENT_PASSWORD_TRIES)
        await audit.record({
          merchantCode: member.merchantCode,
          actor: `member:${member.id}`,
          action: 'PAYMENT_PASSWORD_LOCKED',
          subject: { tries: settled.failures, until: settled.lockedUntil.toISOString() },
        });
      throw lockedOut(settled.lockedUntil);
    }
    throw wrong(
      field,
      field === 'paymentPassword'
        ? 'The payment password is incorrect'
        : 'The old payment password is incorrect',
    );
  }

  return {
    /**
     * Throws a field error on `paymentPassword` unless it is the member's payment password; after
     * PAYMENT_PASSWORD_TRIES wrong ones in a row it is locked (429 with `until`), the right one included.
     */
    verify: (member: Member, paymentPassword: string) => check(member, paymentPassword, 'paymentPassword'),

    /** Set (first time: login password) or change (also the old payment password). */
    async set(
      member: Member,
      input: { loginPassword: string; oldPaymentPassword?: string; paymentPassword: string },
    ): Promise<void> {
      const [row] = await db
        .select({ login: members.passwordHash, payment: members.paymentPasswordHash })
        .from(members)
        .where(eq(members.id, member.id));
      if (!row || !(await verifyPassword(input.loginPassword, row.login)))
        throw wrong('loginPassword', 'The login password is incorrect');
      // The old payment password counts towards the same lock: changing it is no way round the limit.
      if (row.payment) await check(member, input.oldPaymentPassword ?? '', 'oldPaymentPassword');
      if (await verifyPassword(input.paymentPassword, row.login))
        throw wrong('paymentPassword', 'Choose a payment password different from the login password');
      const hash = await hashPassword(input.paymentPassword);
      await db.transaction(async (tx) => {
        await tx.update(members).set({ paymentPasswordHash: hash }).where(eq(members.id, member.id));
        await audit.append(tx, {
          merchantCode: member.merchantCode,
          actor: `member:${member.id}`,
          action: row.payment ? 'PAYMENT_PASSWORD_CHANGED' : 'PAYMENT_PASSWORD_SET',
        });
      });
    },
  };
}
export type PaymentPasswords = ReturnType<typeof createPaymentPasswords>;
