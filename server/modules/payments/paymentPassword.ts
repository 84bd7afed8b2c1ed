import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';

const wrong = (field: string, message: string) =>
  new DomainError(400, 'VALIDATION', message, { [field]: message });

/** The payment password guards money leaving the member (withdrawal, transfer to upline); separate from login. */
export function createPaymentPasswords(db: Db, audit: AuditLog) {
  return {
    /** Throws a field error on `paymentPassword` unless it is the member's payment password. */
    async verify(member: Member, paymentPassword: string): Promise<void> {
      const [row] = await db
        .select({ hash: members.paymentPasswordHash })
        .from(members)
        .where(eq(members.id, member.id));
      if (!row?.hash) throw wrong('paymentPassword', 'Set a payment password first');
      if (!(await verifyPassword(paymentPassword, row.hash)))
        throw wrong('paymentPassword', 'The payment password is incorrect');
    },

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
      if (row.payment) {
        if (!input.oldPaymentPassword || !(await verifyPassword(input.oldPaymentPassword, row.payment)))
          throw wrong('oldPaymentPassword', 'The old payment password is incorrect');
      }
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
