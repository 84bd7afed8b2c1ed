import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Back-office operators (`/ops`): their own accounts, apart from members, with a role that decides which operator
 * calls they may make, and the merchants they are granted (`{*}`: every merchant, the platform's own staff).
 */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** ADMIN, FINANCE, CONTENT, SUPPORT (contract/backoffice.ts). */
  role: text('role').notNull(),
  disabledAt: at('disabled_at'),
  /** Merchant codes the operator works on; `*` alone: every merchant. None until granted. */
  merchants: text('merchants').array().notNull().default(sql`'{}'::text[]`),
  /** TOTP (RFC 6238) secret, base32; in force once `totpEnabledAt` is set, never shown again after enrolment. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: at('totp_enabled_at'),
  /** The last accepted code's time step: a code of that step or an earlier one is refused (no replay). */
  totpLastStep: integer('totp_last_step'),
  /** Wrong codes in a row; the fifth locks the login for 15 minutes (`lockedUntil`). */
  totpFailures: integer('totp_failures').notNull().default(0),
  lockedUntil: at('locked_until'),
  lastLoginAt: at('last_login_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Operator sessions: only the token's hash is stored; they expire and can be revoked. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('operator_sessions_operator').on(t.operatorId)],
);
