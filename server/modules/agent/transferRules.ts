import { z } from 'zod';
import { defineRules } from '../rules/store.ts';

const minor = z.number().int().positive().max(100_000_000_000);

/**
 * A merchant's rules for agents funding their direct downline (minor units): each transfer's bounds, and what one
 * agent may send in all per calendar day of the merchant's zone. Edited in /ops Rules (topic `agentTransfers`).
 */
export const AGENT_TRANSFER_RULES = defineRules(
  'agentTransfers',
  z
    .object({ min: minor, max: minor, dailyLimit: minor })
    .refine((r) => r.min <= r.max, { message: 'min must not exceed max', path: ['max'] })
    .refine((r) => r.max <= r.dailyLimit, {
      message: 'max must not exceed dailyLimit',
      path: ['dailyLimit'],
    }),
  { min: 1_000, max: 5_000_000, dailyLimit: 20_000_000 },
);
export type AgentTransferRules = typeof AGENT_TRANSFER_RULES.defaults;
