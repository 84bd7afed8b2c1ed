import { userInfo } from 'node:os';
import { z } from 'zod';
import { opsCreateOperator } from '../../contract/backoffice.ts';
import { createMerchant } from '../../contract/ops.ts';
import { DomainError } from '../http/errors.ts';
import { hashPassword } from '../lib/password.ts';
import { createAuditLog } from '../modules/audit/log.ts';
import { PLATFORM_AUDIT } from '../modules/backoffice/totp.ts';
import type { Database } from './client.ts';
import { domains, merchants, operators } from './schema/index.ts';
import { allOn, brandOf, settings } from './seed/merchants.ts';

/** Who ran the command, for the audit row (a container may have no passwd entry for its user). */
const shellUser = () => {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? String(process.getuid?.() ?? '');
  }
};

const merchantFields = createMerchant.body.shape;
const operatorFields = opsCreateOperator.body.shape;

/**
 * What `npm run ops -- init` asks for, checked by the rules the operator API applies: a merchant's code, name and
 * domains as `add-merchant`'s, the administrator's name and passphrase as `operator:add`'s.
 */
export const initInput = z.object({
  merchant: merchantFields.code,
  name: merchantFields.name,
  domains: merchantFields.domains,
  admin: operatorFields.username,
  passphrase: operatorFields.password,
});
export type InitInput = z.input<typeof initInput>;

/**
 * A first merchant's row: the demo brands' defaults (features, registration fields, countries), the image captcha,
 * no customer-service desks or social links (the operator's own come later), and no catalogue.
 */
export function firstMerchant(code: string, name: string) {
  return {
    code,
    brand: brandOf(code, name, '#6142bf', '#f5b301', 'dark'),
    settings: {
      ...settings(code, allOn(), '', name),
      customerService: [],
      social: { facebook: '', telegram: '' },
      captchaMode: 'image' as const,
    },
    restrictedCountries: [],
  };
}

/**
 * Turns an empty database into a served one: the first merchant on its domains and an ADMIN operator of every
 * merchant, audited, in one transaction. Refuses once any merchant exists (more are added with `add-merchant`).
 */
export async function initialize(database: Database, input: InitInput) {
  const parsed = initInput.safeParse(input);
  if (!parsed.success)
    throw new DomainError(
      400,
      'VALIDATION',
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  const { merchant, name, domains: served, admin, passphrase } = parsed.data;
  const passwordHash = await hashPassword(passphrase);
  const audit = createAuditLog(database.db);
  // The seeding lock: a server starting in demo mode at the same moment cannot seed beside it.
  return database.exclusive('portico:seed', () =>
    database.db.transaction(async (tx) => {
      const existing = await tx.select({ code: merchants.code }).from(merchants).limit(5);
      if (existing.length > 0)
        throw new DomainError(
          409,
          'CONFLICT',
          `This database already has merchants (${existing.map((m) => m.code).join(', ')}): init is for an empty ` +
            'database; add merchants with add-merchant and operators with operator:add',
        );
      await tx.insert(merchants).values(firstMerchant(merchant, name));
      await tx.insert(domains).values(served.map((domain) => ({ domain, merchantCode: merchant })));
      const [operator] = await tx
        .insert(operators)
        .values({ username: admin, role: 'ADMIN', merchants: ['*'], passwordHash })
        .onConflictDoNothing()
        .returning({ id: operators.id, username: operators.username });
      if (!operator) throw new DomainError(409, 'CONFLICT', `Operator ${admin} exists`);
      await audit.append(tx, {
        merchantCode: PLATFORM_AUDIT,
        actor: 'system',
        action: 'OPS_INIT',
        subject: { merchant, domains: served, admin, operatorId: operator.id, by: shellUser() },
      });
      return { merchantCode: merchant, domains: served, operator };
    }),
  );
}
