import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';

/**
 * The agent hierarchy as a closure table: one row per (ancestor, descendant) pair, depth 0 for a member itself. A
 * subtree is one indexed lookup at any depth. Database triggers keep it in step with `members.upline_id` (on insert
 * and when an upline changes, refusing a cycle), so every way an account is made is covered.
 */
export const memberTree = pgTable(
  'member_tree',
  {
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => members.id),
    descendantId: integer('descendant_id')
      .notNull()
      .references(() => members.id),
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('member_tree_descendant').on(t.descendantId),
  ],
);
