import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Rate-limit windows shared by every API process on one PostgreSQL (server/http/rateLimitStore.ts): one row a
 * limit and client, counting hits until `reset_at`. An expired row counts as absent; a sweep deletes them.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: at('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at').on(t.resetAt)],
);
