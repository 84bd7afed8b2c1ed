import { and, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameLaunches, members } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuditLog } from '../audit/log.ts';
import { enforceRules } from '../auth/rules.ts';
import type { Member, SessionService } from '../auth/sessions.ts';

export type PasswordAction = 'PASSWORD_CHANGED' | 'PASSWORD_RESET';

export interface PasswordChange {
  action: PasswordAction;
  /** What the audit row says besides the action (how the change was proven, from where). */
  subject: Record<string, unknown>;
  /** The session that made the change, which stays; every other one ends. */
  keepTokenHash?: string;
  /** Statements that commit with the change (using up the reset code); may refuse it by throwing. */
  inTx?: (tx: Tx) => Promise<void>;
}

/** The merchant's password rule (spec §5 "password"). */
export const enforcePasswordRule = (m: Merchant, password: string) =>
  enforceRules(
    m.settings.registerFields.filter((r) => r.field === 'password'),
    { password },
  );

/** A new password: the merchant's rule, and neither the old one nor the default (which must be changed). */
export function checkNewPassword(m: Merchant, password: string, old?: string): void {
  enforcePasswordRule(m, password);
  if (password === old || password === m.settings.defaultPassword)
    throw new DomainError(400, 'VALIDATION', 'Choose a new password', {
      newPassword: 'Choose a new password',
    });
}

/**
 * A member's password is replaced in one transaction with what goes with it: every other session ends, every game
 * launch ends, the audit row is written, and a reset code is used up.
 */
export function createPasswordStore(
  db: Db,
  deps: { sessions: SessionService; audit: AuditLog },
  now: () => Date = () => new Date(),
) {
  return {
    async replace(member: Member, password: string, change: PasswordChange): Promise<void> {
      // scrypt takes a few hundred ms: outside the transaction.
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await change.inTx?.(tx);
        await tx
          .update(members)
          .set({ passwordHash, passwordChangedAt: now(), mustChangePassword: false })
          .where(eq(members.id, member.id));
        await deps.sessions.revokeOthers(member.id, change.keepTokenHash, tx);
        // Every game the member has open ends too, the changing session's included: a game page holds its own token.
        await tx
          .update(gameLaunches)
          .set({ expiresAt: now() })
          .where(and(eq(gameLaunches.memberId, member.id), gt(gameLaunches.expiresAt, now())));
        await deps.audit.append(tx, {
          merchantCode: member.merchantCode,
          actor: `member:${member.id}`,
          action: change.action,
          subject: change.subject,
        });
      });
    },
  };
}
export type PasswordStore = ReturnType<typeof createPasswordStore>;
