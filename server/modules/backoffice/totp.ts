import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db, Tx } from '../../db/client.ts';
import { operatorSessions, operators } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';

type Row = typeof operators.$inferSelect;

/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Portico';
/** Wrong codes in a row that lock the operator's login, and for how long. */
export const TOTP_LOCK_AFTER = 5;
export const TOTP_LOCK_MS = 15 * 60 * 1000;
/** Audit rows of two-factor changes are the platform's, not one merchant's. */
export const PLATFORM_AUDIT = '*';

/** Where a code was given: the audit row of a wrong one says so. */
type Use = 'LOGIN' | 'ENROL' | 'DISABLE';

/** The 30-second step a 6-digit code belongs to, one step either side of now (RFC 6238 §5.2); null when none. */
export async function stepOf(secret: string, code: string, now = Date.now()): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: Math.floor(now / 1000), epochTolerance: 30 });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export const lockedError = (until: Date) =>
  new DomainError(
    403,
    'ACCOUNT_LOCKED',
    'Too many wrong codes: signing in is locked for 15 minutes',
    {},
    { until: until.toISOString() },
  );

export const isLocked = (row: Pick<Row, 'lockedUntil'>, now = new Date()) =>
  row.lockedUntil !== null && row.lockedUntil > now;

/**
 * Operators' two-factor login (TOTP): enrolment (a pending secret confirmed by a first code), the check at login,
 * turning it off, an administrator's reset. A code is accepted once: its step must be later than the last accepted
 * one, in the same statement that records it, so two requests with one code cannot both pass. Wrong codes count
 * in the same way (one statement), and the fifth locks the login for 15 minutes.
 */
export function createTwoFactor(db: Db, audit: AuditLog) {
  const actorOf = (row: Row) => `ops:${row.username}`;

  async function wrong(row: Row, use: Use): Promise<never> {
    const lockAt = new Date(Date.now() + TOTP_LOCK_MS).toISOString();
    const reaches = sql`${operators.totpFailures} + 1 >= ${TOTP_LOCK_AFTER}`;
    const counted = await db.transaction(async (tx) => {
      const [after] = await tx
        .update(operators)
        .set({
          totpFailures: sql`case when ${reaches} then 0 else ${operators.totpFailures} + 1 end`,
          lockedUntil: sql`case when ${reaches} then ${lockAt}::timestamptz else ${operators.lockedUntil} end`,
        })
        .where(eq(operators.id, row.id))
        .returning({ lockedUntil: operators.lockedUntil });
      const locked = after !== undefined && isLocked(after);
      await audit.append(tx, {
        merchantCode: PLATFORM_AUDIT,
        actor: actorOf(row),
        action: 'OPS_TOTP_FAILED',
        subject: { operatorId: row.id, username: row.username, use, locked },
      });
      return after;
    });
    if (counted && isLocked(counted)) throw lockedError(counted.lockedUntil!);
    throw new DomainError(401, 'TOTP_REQUIRED', 'Wrong or already used code', {
      code: 'Wrong or already used code',
    });
  }

  /** Accepts `code` once (and runs `then` in the same transaction), or counts it as wrong and throws. */
  async function accept(row: Row, code: string, use: Use, then?: (tx: Tx) => Promise<void>): Promise<void> {
    if (isLocked(row)) throw lockedError(row.lockedUntil!);
    const step = row.totpSecret ? await stepOf(row.totpSecret, code) : null;
    const now = new Date();
    const accepted =
      step !== null &&
      (await db.transaction(async (tx) => {
        const [won] = await tx
          .update(operators)
          .set({ totpLastStep: step, totpFailures: 0 })
          .where(
            and(
              eq(operators.id, row.id),
              or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
              or(isNull(operators.lockedUntil), lte(operators.lockedUntil, now)),
            ),
          )
          .returning({ id: operators.id });
        if (!won) return false;
        await then?.(tx);
        return true;
      }));
    if (!accepted) await wrong(row, use);
  }

  const clear = { totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpFailures: 0 } as const;

  return {
    accept,

    /** A new pending secret (replacing one not confirmed); refused while two-factor is on. */
    async enrol(row: Row): Promise<{ secret: string; uri: string }> {
      if (row.totpEnabledAt)
        throw new DomainError(409, 'CONFLICT', 'Two-factor login is on already: turn it off first');
      const secret = generateSecret();
      await db
        .update(operators)
        .set({ totpSecret: secret, totpLastStep: null })
        .where(eq(operators.id, row.id));
      return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: row.username, secret }) };
    },

    async confirm(row: Row, code: string): Promise<void> {
      if (row.totpEnabledAt) throw new DomainError(409, 'CONFLICT', 'Two-factor login is on already');
      if (!row.totpSecret) throw new DomainError(409, 'CONFLICT', 'Start the enrolment first');
      await accept(row, code, 'ENROL', async (tx) => {
        await tx.update(operators).set({ totpEnabledAt: new Date() }).where(eq(operators.id, row.id));
        await audit.append(tx, {
          merchantCode: PLATFORM_AUDIT,
          actor: actorOf(row),
          action: 'OPS_TOTP_ENROLLED',
          subject: { operatorId: row.id, username: row.username },
        });
      });
    },

    /** The operator's own: with a current code. */
    async disable(row: Row, code: string): Promise<void> {
      if (!row.totpEnabledAt) throw new DomainError(409, 'CONFLICT', 'Two-factor login is off');
      await accept(row, code, 'DISABLE', async (tx) => {
        await tx.update(operators).set(clear).where(eq(operators.id, row.id));
        await audit.append(tx, {
          merchantCode: PLATFORM_AUDIT,
          actor: actorOf(row),
          action: 'OPS_TOTP_DISABLED',
          subject: { operatorId: row.id, username: row.username },
        });
      });
    },

    /** An administrator's, for a lost phone: the sessions end too, and the lock is lifted. */
    async reset(row: Row): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(operators)
          .set({ ...clear, lockedUntil: null })
          .where(eq(operators.id, row.id));
        await tx
          .update(operatorSessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(operatorSessions.operatorId, row.id), isNull(operatorSessions.revokedAt)));
        await audit.append(tx, {
          merchantCode: PLATFORM_AUDIT,
          actor: 'ops',
          action: 'OPS_TOTP_RESET',
          subject: { operatorId: row.id, username: row.username, wasOn: row.totpEnabledAt !== null },
        });
      });
    },
  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;
