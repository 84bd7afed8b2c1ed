import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';
import type { Merchant } from '../../http/merchant.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from './sessions.ts';

/** After this many failed logins in the window, the next login needs a captcha (spec §4). */
export const CAPTCHA_AFTER_FAILURES = 3;
/** Failures older than this are forgotten: the count starts again. */
export const FAILURE_WINDOW_MS = 15 * 60_000;

export type LoginMethod = 'username' | 'sms' | 'social' | 'trial';

/** How a login was tried and from where (the audit row's subject). */
export interface LoginAttempt {
  method: LoginMethod;
  address: string;
}

/**
 * Login tries per account name and the audit rows of logins. A username try is counted before the password is
 * checked, in one upsert whose returned count decides whether a captcha is needed, so parallel tries each get their
 * own number and none slips past the threshold; a login clears the count.
 */
export function createLogins(
  db: Db,
  audit: AuditLog,
  now: () => Date,
  /** Told of each refused login (the app's metrics). */
  onFailure?: (attempt: LoginAttempt, reason: string) => void,
) {
  return {
    /** Counts one try of `account` and returns how many the window holds, this one included. */
    async take(m: Merchant, account: string): Promise<number> {
      const at = now();
      const stale = new Date(at.getTime() - FAILURE_WINDOW_MS);
      const [row] = await db
        .insert(loginFailures)
        .values({ merchantCode: m.code, account, failures: 1, lastFailureAt: at })
        .onConflictDoUpdate({
          target: [loginFailures.merchantCode, loginFailures.account],
          set: {
            failures: sql`case when ${loginFailures.lastFailureAt} <= ${stale.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
            lastFailureAt: at,
          },
        })
        .returning({ failures: loginFailures.failures });
      return row!.failures;
    },

    /** A refused login's audit row (its try was counted by `take`, or by the SMS code's attempts). */
    async failed(
      m: Merchant,
      who: { account: string; member?: Member },
      attempt: LoginAttempt,
      reason: string,
    ): Promise<void> {
      onFailure?.(attempt, reason);
      await audit.record({
        merchantCode: m.code,
        actor: who.member ? `member:${who.member.id}` : 'visitor',
        action: 'LOGIN_FAILED',
        subject: { account: who.account, method: attempt.method, address: attempt.address, reason },
      });
    },

    /** A login: the count cleared and the audit row written in the transaction that opens the session. */
    async succeeded<T>(
      m: Merchant,
      member: Member,
      attempt: LoginAttempt,
      open: (tx: Tx) => Promise<T>,
    ): Promise<T> {
      const opened = await db.transaction(async (tx) => {
        await tx
          .delete(loginFailures)
          .where(and(eq(loginFailures.merchantCode, m.code), eq(loginFailures.account, member.account)));
        const result = await open(tx);
        await audit.stage(tx, {
          merchantCode: m.code,
          actor: `member:${member.id}`,
          action: 'LOGIN',
          subject: { account: member.account, method: attempt.method, address: attempt.address },
        });
        return result;
      });
      await audit.link();
      return opened;
    },
  };
}
export type Logins = ReturnType<typeof createLogins>;
