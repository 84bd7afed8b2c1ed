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
  /**
   * Takes one try before the password is checked, in one statement, so parallel guesses each get their own number
   * and only the first PAYMENT_PASSWORD_TRIES are checked at all: the try that reaches the limit sets the lock,
   * and a right password lifts it again. An expired lock starts a new count. Null when the lock holds.
   */
  async function takeTry(memberId: number) {
    const at = now();
    const atSql = sql`${at.toISOString()}::timestamptz`;
    const expired = sql`(${members.paymentPasswordLockedUntil} is not null and ${members.paymentPasswordLockedUntil} <= ${atSql})`;
    const tries = sql`(case when ${expired} then 0 else ${members.paymentPasswordFailures} end + 1)`;
    const [row] = await db
      .update(members)
      .set({
        paymentPasswordFailures: tries,
        paymentPasswordLockedUntil: sql`case when ${tries} >= ${PAYMENT_PASSWORD_TRIES} then ${new Date(at.getTime() + PAYMENT_PASSWORD_LOCK_MS).toISOString()}::timestamptz else null end`,
      })
      .where(
        and(
          eq(members.id, memberId),
          isNotNull(members.paymentPasswordHash),
          or(isNull(members.paymentPasswordLockedUntil), lte(members.paymentPasswordLockedUntil, at)),
        ),
      )
      .returning({
        hash: members.paymentPasswordHash,
        tries: members.paymentPasswordFailures,
        lockedUntil: members.paymentPasswordLockedUntil,
      });
    return row;
  }

  /** Counted check of the payment password; a wrong one is a field error on `field`. */
  async function check(member: Member, paymentPassword: string, field: string): Promise<void> {
    const taken = await takeTry(member.id);
    if (!taken) {
      const [row] = await db
        .select({ hash: members.paymentPasswordHash, until: members.paymentPasswordLockedUntil })
        .from(members)
        .where(eq(members.id, member.id));
      if (!row?.hash) throw wrong(field, 'Set a payment password first');
      throw lockedOut(row.until ?? now());
    }
    if (await verifyPassword(paymentPassword, taken.hash!)) {
      await db
        .update(members)
        .set({ paymentPasswordFailures: 0, paymentPasswordLockedUntil: null })
        .where(eq(members.id, member.id));
      return;
    }
    if (taken.lockedUntil) {
      await audit.record({
        merchantCode: member.merchantCode,
        actor: `member:${member.id}`,
        action: 'PAYMENT_PASSWORD_LOCKED',
        subject: { tries: taken.tries, until: taken.lockedUntil.toISOString() },
      });
      throw lockedOut(taken.lockedUntil);
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
