import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Back-office operators (`/ops`): their own accounts, apart from members, with a role that decides which operator
 * calls they may make. Operators work across merchants (the platform runs every brand).
 */
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** ADMIN, FINANCE, CONTENT, SUPPORT (contract/backoffice.ts). */
  role: text('role').notNull(),
  disabledAt: at('disabled_at'),
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
