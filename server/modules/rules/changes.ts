import { type RuleTopicName, ruleTopicName } from '../../../contract/ops.ts';
import { DomainError } from '../../http/errors.ts';
import type { ChangeSubject } from '../changes/service.ts';
import { mustExist } from '../merchant/exists.ts';
import type { RulesStore, RuleTopics } from './store.ts';

/** A merchant's rules of a topic, changed whole: every topic pays members or says where their money goes. */
export const rulesSubject = (rules: RulesStore, topics: RuleTopics): ChangeSubject => {
  const topicOf = (ref: string) => {
    const parsed = ruleTopicName.safeParse(ref);
    if (!parsed.success) throw new DomainError(404, 'NOT_FOUND', `No rules topic ${ref}`);
    return topics[parsed.data as RuleTopicName];
  };
  return {
    async describe(exec, merchantCode, ref) {
      const topic = topicOf(ref);
      await mustExist(exec, merchantCode);
      return {
        label: ref,
        current: (await rules.read(merchantCode, topic, exec)).rules as Record<string, unknown>,
      };
    },
    check: (ref, value) => rules.check(topicOf(ref), value) as Record<string, unknown>,
    async apply(tx, merchantCode, ref, value) {
      await rules.set(merchantCode, topicOf(ref), value, tx);
    },
  };
};
