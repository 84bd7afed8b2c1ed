import type { RuleTopicName } from '../../../contract/ops.ts';
import { LOTTERY_RULES } from '../lottery/rules.ts';
import { MISSION_RULES } from '../missions/rules.ts';
import { PAYMENT_RULES } from '../payments/rules.ts';
import { POINTS_RULES } from '../points/rules.ts';
import { REBATE_RULES } from '../rebate/rules.ts';
import { REFERRAL_RULES } from '../referral/rules.ts';
import { TICKET_RULES } from '../rewards/rules.ts';
import type { RuleTopic } from './store.ts';

/** Every topic an operator can read and set (`npm run ops -- rules <merchant> <topic> ['<json>']`). */
export const RULE_TOPICS: Record<RuleTopicName, RuleTopic<unknown>> = {
  payments: PAYMENT_RULES as RuleTopic<unknown>,
  referral: REFERRAL_RULES as RuleTopic<unknown>,
  tickets: TICKET_RULES as RuleTopic<unknown>,
  missions: MISSION_RULES as RuleTopic<unknown>,
  rebate: REBATE_RULES as RuleTopic<unknown>,
  lottery: LOTTERY_RULES as RuleTopic<unknown>,
  points: POINTS_RULES as RuleTopic<unknown>,
};
