import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Append-only audit trail of every money and account action (a trigger refuses updates and deletes). A row is
 * final as inserted: its place in the hash chain is a row of `audit_chain`, which a linking pass appends after the
 * row's transaction commits, so concurrent money transactions do not queue on the chain's lock, and linking writes
 * no new version of the row (an update of this table could not be HOT: it would add an entry to every index).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    /** 'member:<id>', 'ops', 'system', 'vendor:<code>'. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: jsonb('subject').$type<Record<string, unknown>>().notNull().default({}),
    at: at('at').notNull().defaultNow(),
    /**
     * Canonical JSON of [merchant, actor, action, subject, at], the text the chain hashes: given on insert, moved
     * by the insert's trigger into `audit_pending` for the linking pass (stored null here; migration 0043).
     */
    body: text('body'),
  },
  (t) => [
    index('audit_log_merchant').on(t.merchantCode, t.id),
    // An order's history (/ops/payments/:id/history) without walking the merchant's whole log.
    index('audit_log_order')
      .on(t.merchantCode, sql`(${t.subject}->>'orderId')`)
      .where(sql`${t.subject} ? 'orderId'`),
  ],
);

/**
 * The hash chain over `audit_log` (`npm run ops -- audit:verify`): row `seq` (1, 2, 3, …) chains audit row
 * `audit_id`, its hash covering the previous one's, so a changed, removed or reordered audit row shows. Written
 * only by `portico_audit_chain()` under the chain's advisory lock; append-only, each audit row at most once.
 */
export const auditChain = pgTable('audit_chain', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  // No foreign key: its check would lock (write) the audit row. `verify` finds a chain row naming no audit row.
  auditId: bigint('audit_id', { mode: 'number' }).notNull().unique(),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});

/**
 * Audit rows committed and not yet chained, with the text their hash covers: filled by `audit_log`'s insert
 * trigger in the writer's transaction, emptied by the linking pass in the transaction that chains them.
 */
export const auditPending = pgTable('audit_pending', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  body: text('body').notNull(),
});
