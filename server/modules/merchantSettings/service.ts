import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BankDetails,
  MerchantSettingsEdit,
  OpsSettings,
  opsUpdateMerchantSettings,
} from '../../../contract/merchantSettings.ts';
import { DEFAULT_MINIMUM_AGE } from '../../../contract/registerRules.ts';
import { type Db, pgErrorCode, type Tx } from '../../db/client.ts';
import { domains, merchants } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import type { ChangeActor, Changes } from '../changes/service.ts';
import { PAYMENT_RULES } from '../payments/rules.ts';
import type { RulesStore } from '../rules/store.ts';

type Merchant = typeof merchants.$inferSelect;
type Patch = z.output<typeof opsUpdateMerchantSettings.body>;

const noMerchant = (code: string) => new DomainError(404, 'NOT_FOUND', `Unknown merchant "${code}"`);

/** The edited sections of a merchant as they read before or after a change (what the audit row keeps). */
function sectionsOf(m: Merchant, keys: (keyof MerchantSettingsEdit)[]): Record<string, unknown> {
  const view = viewOf(m, []);
  const picked: Record<string, unknown> = {};
  for (const k of keys)
    picked[k] =
      k === 'brand'
        ? {
            name: view.brand.name,
            primary: view.brand.primary,
            accent: view.brand.accent,
            defaultTheme: view.brand.defaultTheme,
          }
        : view[k];
  return picked;
}

function viewOf(m: Merchant, hosts: string[]): OpsSettings {
  const s = m.settings;
  return {
    code: m.code,
    brand: m.brand,
    domains: hosts,
    registerFields: s.registerFields,
    ageLimit: s.ageLimit ?? DEFAULT_MINIMUM_AGE,
    customerService: s.customerService,
    social: s.social,
    downloadResources: s.downloadResources,
    gtagId: s.gtagId,
    // Seeds store [''] for "no CDN": the back office shows an empty list.
    imageCDNs: s.imageCDNs.filter(Boolean),
    launchGameCDNs: s.launchGameCDNs.filter(Boolean),
  };
}

/**
 * The back office's edits of a merchant's player-facing settings, and of its house bank account (kept in the
 * payments rules, drafted for a second operator's approval like every rules change). Each write and its audit row
 * commit together; the `merchants` and `domains` triggers raise merchant_config's version in the same transaction,
 * so the merchant caches of every process read the change at the next request.
 */
export function createMerchantSettings(
  db: Db,
  deps: { audit: AuditLog; rules: RulesStore; changes: Changes },
) {
  const { audit } = deps;

  async function hostsOf(exec: Db | Tx, code: string): Promise<string[]> {
    const rows = await exec
      .select({ domain: domains.domain })
      .from(domains)
      .where(eq(domains.merchantCode, code))
      .orderBy(domains.domain);
    return rows.map((r) => r.domain);
  }

  /** The merchant's row, locked for the change when inside a transaction. */
  async function locked(tx: Tx, code: string): Promise<Merchant> {
    const [m] = await tx.select().from(merchants).where(eq(merchants.code, code)).for('update');
    if (!m) throw noMerchant(code);
    return m;
  }

  return {
    async read(code: string): Promise<OpsSettings> {
      const [m] = await db.select().from(merchants).where(eq(merchants.code, code));
      if (!m) throw noMerchant(code);
      return viewOf(m, await hostsOf(db, code));
    },

    async update(code: string, patch: Patch): Promise<OpsSettings> {
      const keys = Object.keys(patch) as (keyof MerchantSettingsEdit)[];
      return db.transaction(async (tx) => {
        const m = await locked(tx, code);
        const { brand, ...rest } = patch;
        const settings = { ...m.settings, ...rest };
        const [after] = await tx
          .update(merchants)
          .set({ brand: brand ? { ...m.brand, ...brand } : m.brand, settings })
          .where(eq(merchants.code, code))
          .returning();
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: 'MERCHANT_SETTINGS_CHANGED',
          subject: { sections: keys, before: sectionsOf(m, keys), after: sectionsOf(after!, keys) },
        });
        return viewOf(after!, await hostsOf(tx, code));
      });
    },

    async addDomain(code: string, domain: string): Promise<string[]> {
      return db
        .transaction(async (tx) => {
          await locked(tx, code);
          const [taken] = await tx.select().from(domains).where(eq(domains.domain, domain));
          if (taken) throw domainTaken(domain, taken.merchantCode === code);
          await tx.insert(domains).values({ domain, merchantCode: code });
          await audit.append(tx, {
            merchantCode: code,
            actor: 'ops',
            action: 'DOMAIN_ADDED',
            subject: { domain },
          });
          return hostsOf(tx, code);
        })
        .catch((err: unknown) => {
          // Another merchant's operator added it in between.
          if (pgErrorCode(err) === '23505') throw domainTaken(domain, false);
          throw err;
        });
    },

    async removeDomain(code: string, domain: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        // The merchant's row lock serialises two removals, so both cannot leave it with none.
        await locked(tx, code);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(domains)
          .where(eq(domains.merchantCode, code));
        const [gone] = await tx
          .delete(domains)
          .where(and(eq(domains.domain, domain), eq(domains.merchantCode, code)))
          .returning({ domain: domains.domain });
        if (!gone) throw new DomainError(404, 'NOT_FOUND', `${domain} is not a domain of ${code}`);
        if (n <= 1)
          throw new DomainError(409, 'CONFLICT', 'A merchant keeps at least one domain', {
            domain: 'The last domain stays: add another first',
          });
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: 'DOMAIN_REMOVED',
          subject: { domain },
        });
        return hostsOf(tx, code);
      });
    },

    async paymentDetails(code: string, viewer: ChangeActor) {
      const [m] = await db.select({ code: merchants.code }).from(merchants).where(eq(merchants.code, code));
      if (!m) throw noMerchant(code);
      const { bank } = await deps.rules.get(code, PAYMENT_RULES);
      return { bank, pending: await deps.changes.pendingOf(code, 'RULES', PAYMENT_RULES.name, viewer) };
    },

    /** The rules in force with the new account: the approver sees the whole topic, and only the account differs. */
    async draftBank(code: string, bank: BankDetails, by: ChangeActor) {
      const [m] = await db.select({ code: merchants.code }).from(merchants).where(eq(merchants.code, code));
      if (!m) throw noMerchant(code);
      const rules = await deps.rules.get(code, PAYMENT_RULES);
      return deps.changes.draftNow(
        { merchantCode: code, kind: 'RULES', ref: PAYMENT_RULES.name, value: { ...rules, bank } },
        by,
      );
    },
  };
}
export type MerchantSettingsService = ReturnType<typeof createMerchantSettings>;

function domainTaken(domain: string, ours: boolean) {
  return new DomainError(409, 'CONFLICT', `${domain} is already served`, {
    domain: ours ? 'Already a domain of this merchant' : 'Another merchant is served on this domain',
  });
}
