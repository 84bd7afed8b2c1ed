import type { Db } from '../../db/client.ts';
import type { AuditLog } from '../audit/log.ts';
import { promotionSubject } from '../promotions/money.ts';
import { rulesSubject } from '../rules/changes.ts';
import type { RulesStore, RuleTopics } from '../rules/store.ts';
import { createChanges } from './service.ts';

/** The changes of every kind that needs a second operator: merchant rules and promotions' rewards and terms. */
export const buildChanges = (
  db: Db,
  deps: { audit: AuditLog; rules: RulesStore; topics: RuleTopics; now?: () => Date },
) =>
  createChanges(db, {
    audit: deps.audit,
    now: deps.now,
    subjects: { RULES: rulesSubject(deps.rules, deps.topics), PROMOTION: promotionSubject(deps.now) },
  });
