import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, merchantCode } from './columns.ts';

/**
 * Maker-checker: a change to what pays members (a rules topic, a promotion's reward and terms) is drafted here by
 * one operator and takes effect only when a FINANCE or ADMIN operator other than the drafter approves it. Operators
 * are named by id (0 for the environment token) and username, as they were when they acted.
 */
export const changes = pgTable(
  'changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    /** RULES (ref: the topic) or PROMOTION (ref: the promotion's id). */
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    /** The proposed value, whole (a topic's rules; a promotion's reward and settings). */
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    /** DRAFT, APPROVED, REJECTED, or REPLACED by a later draft of the same thing. */
    status: text('status').notNull().default('DRAFT'),
    draftedById: integer('drafted_by_id').notNull(),
    draftedBy: text('drafted_by').notNull(),
    draftedAt: at('drafted_at').notNull().defaultNow(),
    decidedById: integer('decided_by_id'),
    decidedBy: text('decided_by'),
    decidedAt: at('decided_at'),
    remark: text('remark'),
  },
  (t) => [
    // One draft at a time per thing: a new draft replaces the pending one.
    uniqueIndex('changes_one_draft').on(t.merchantCode, t.kind, t.ref).where(sql`${t.status} = 'DRAFT'`),
    index('changes_status').on(t.status, t.id),
  ],
);
