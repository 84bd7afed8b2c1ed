import { AGENT_TRANSFER_RULES } from './modules/agent/transferRules.ts';
import { LOTTERY_RULES } from './modules/lottery/rules.ts';
import { MISSION_RULES } from './modules/missions/rules.ts';
import { PAYMENT_RULES } from './modules/payments/rules.ts';
import { POINTS_RULES } from './modules/points/rules.ts';
import { REBATE_RULES } from './modules/rebate/rules.ts';
import { REFERRAL_RULES } from './modules/referral/rules.ts';
import { TICKET_RULES } from './modules/rewards/rules.ts';
import type { RuleTopic, RuleTopics } from './modules/rules/store.ts';

const topic = <T>(t: RuleTopic<T>) => t as RuleTopic<unknown>;

/**
 * The rules registry: every topic an operator can read and set (`npm run ops -- rules <merchant> <topic>`). Each
 * domain declares its topic in its own rules.ts; only the composition root gathers them, so rules/ imports no domain.
 */
export const RULE_TOPICS: RuleTopics = {
  payments: topic(PAYMENT_RULES),
  referral: topic(REFERRAL_RULES),
  tickets: topic(TICKET_RULES),
  missions: topic(MISSION_RULES),
  rebate: topic(REBATE_RULES),
  lottery: topic(LOTTERY_RULES),
  points: topic(POINTS_RULES),
  agentTransfers: topic(AGENT_TRANSFER_RULES),
};
