import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { RuleTopicName } from '../../../contract/ops.ts';
import { type Db, pgErrorCode, type Tx } from '../../db/client.ts';
import { merchantRules } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';

/** One topic of merchant rules: its name, its schema and the defaults every merchant has until an operator sets it. */
export interface RuleTopic<T> {
  name: string;
  schema: z.ZodType<T>;
  defaults: T;
}

/** Every topic by its name (the composition root's registry, server/ruleTopics.ts). */
export type RuleTopics = Record<RuleTopicName, RuleTopic<unknown>>;

export const defineRules = <T>(name: string, schema: z.ZodType<T>, defaults: T): RuleTopic<T> => ({
  name,
  schema,
  defaults,
});

/**
 * Per-merchant rules (payments, rebate, missions, tickets, referral …) stored as JSON per topic. A topic without
 * a row, or with a row the current schema no longer accepts, reads as the defaults.
 */
export function createRulesStore(db: Db) {
  return {
    /** `exec`: the open transaction, when called inside one (PGlite has a single connection). */
    async get<T>(merchantCode: string, topic: RuleTopic<T>, exec: Db | Tx = db): Promise<T> {
      return (await this.read(merchantCode, topic, exec)).rules;
    },

    /** The rules and whether they are the merchant's own (false: the defaults). */
    async read<T>(merchantCode: string, topic: RuleTopic<T>, exec: Db | Tx = db) {
      const [row] = await exec
        .select({ rules: merchantRules.rules })
        .from(merchantRules)
        .where(and(eq(merchantRules.merchantCode, merchantCode), eq(merchantRules.topic, topic.name)));
      const parsed = row ? topic.schema.safeParse(row.rules) : undefined;
      return parsed?.success
        ? { rules: parsed.data, custom: true }
        : { rules: topic.defaults, custom: false };
    },

    /** The whole topic checked; a bad value is a 400 with the schema's messages. */
    check<T>(topic: RuleTopic<T>, value: unknown): T {
      const parsed = topic.schema.safeParse(value);
      if (parsed.success) return parsed.data;
      const fields = Object.fromEntries(
        parsed.error.issues.map((i) => [i.path.join('.') || topic.name, i.message]),
      );
      throw new DomainError(400, 'VALIDATION', z.prettifyError(parsed.error), fields);
    },

    /**
     * Validates the whole topic and stores it (nothing stored when invalid). Operators do not call this directly:
     * their value is a draft (modules/changes) that another operator approves, and the approval stores it.
     */
    async set<T>(merchantCode: string, topic: RuleTopic<T>, value: unknown, exec: Db | Tx = db): Promise<T> {
      const rules = this.check(topic, value) as Record<string, unknown>;
      try {
        await exec
          .insert(merchantRules)
          .values({ merchantCode, topic: topic.name, rules })
          .onConflictDoUpdate({
            target: [merchantRules.merchantCode, merchantRules.topic],
            set: { rules, updatedAt: new Date() },
          });
      } catch (err) {
        // The merchant does not exist (foreign key).
        if (pgErrorCode(err) === '23503')
          throw new DomainError(404, 'NOT_FOUND', `No merchant ${merchantCode}`);
        throw err;
      }
      return rules as T;
    },
  };
}
export type RulesStore = ReturnType<typeof createRulesStore>;
