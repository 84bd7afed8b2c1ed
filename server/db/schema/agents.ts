import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ContractKind, ContractPeriod, ContractStatus, ContractTier } from '../../../contract/agent.ts';
import { members } from './accounts.ts';
import { at, merchantCode } from './columns.ts';
import { memberId } from './memberColumn.ts';

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

/**
 * Contracts between an upline and a direct downline agent (spec §1, §7): one in force and one offer at most per
 * downline and kind. `upline_id` null: granted by the operator (the house) to a top agent.
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    kind: text('kind').$type<ContractKind>().notNull(),
    uplineId: integer('upline_id').references(() => members.id),
    downlineId: integer('downline_id')
      .notNull()
      .references(() => members.id),
    /** Dividends only; salaries settle on their own clock. */
    period: text('period').$type<ContractPeriod>(),
    tiers: jsonb('tiers').$type<ContractTier[]>().notNull(),
    status: text('status').$type<ContractStatus>().notNull(),
    proposedAt: at('proposed_at').notNull().defaultNow(),
    activeFrom: at('active_from'),
    endedAt: at('ended_at'),
  },
  (t) => [
    uniqueIndex('agent_contracts_open')
      .on(t.downlineId, t.kind, t.status)
      .where(sql`${t.status} in ('PROPOSED', 'ACTIVE')`),
    index('agent_contracts_upline').on(t.uplineId, t.kind),
  ],
);

/**
 * One row per contract and settlement window: the unique key is what makes a window pay exactly once, whatever
 * number of jobs or processes run it. Amounts in minor units.
 */
export const contractSettlements = pgTable(
  'contract_settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: merchantCode(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    /** The agent paid (the contract's downline). */
    memberId: memberId(),
    kind: text('kind').$type<ContractKind>().notNull(),
    windowStart: at('window_start').notNull(),
    windowEnd: at('window_end').notNull(),
    activeMembers: integer('active_members').notNull(),
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    base: bigint('base', { mode: 'bigint' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    gross: bigint('gross', { mode: 'bigint' }).notNull(),
    deducted: bigint('deducted', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('contract_settlements_window').on(t.contractId, t.windowStart),
    index('contract_settlements_member').on(t.memberId, t.windowStart),
  ],
);
