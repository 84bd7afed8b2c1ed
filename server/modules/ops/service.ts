import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FeatureFlag } from '../../../contract/merchant.ts';
import type { createMerchant, updateMerchant } from '../../../contract/ops.ts';
import { type Db, embeddedClient } from '../../db/client.ts';
import { domains, merchants } from '../../db/schema/index.ts';
import type { MerchantSettings } from '../../db/schema/merchants.ts';
import { DomainError } from '../../http/errors.ts';
import { languagesOf, tyLanguageOf } from '../../http/locale.ts';
import { artPath } from '../art/paths.ts';
import type { AuditLog } from '../audit/log.ts';

type Update = z.output<typeof updateMerchant.body>;
type Create = z.output<typeof createMerchant.body>;

/** The template merchant's catalogue, copied whole to a new merchant. */
const catalogueCopies = (to: string, from: string) => [
  sql`insert into vendors (merchant_code, vassalage, game_type, game_category, display_name, sort)
      select ${to}, vassalage, game_type, game_category, display_name, sort from vendors where merchant_code = ${from}`,
  sql`insert into games (merchant_code, node_id, vassalage, game_type, names, game_classify, is_new, is_hot, support_play, min_bet, sort)
      select ${to}, node_id, vassalage, game_type, names, game_classify, is_new, is_hot, support_play, min_bet, sort
      from games where merchant_code = ${from}`,
  sql`insert into banners (merchant_code, group_name, linkage_type, link, titles, sort)
      select ${to}, group_name, linkage_type, link, titles, sort from banners where merchant_code = ${from}`,
  sql`insert into notices (merchant_code, type, titles, contents, sort)
      select ${to}, type, titles, contents, sort from notices where merchant_code = ${from}`,
];

type MerchantRow = typeof merchants.$inferSelect;

/** The parts of a merchant an update may change, as the audit row keeps them before and after (flags: those changed). */
function auditedView(m: MerchantRow, change: Update): Record<string, unknown> {
  const view: Record<string, unknown> = {
    maintenance: m.maintenance,
    maintenanceEnd: m.maintenanceEnd?.toISOString() ?? null,
    restrictedCountries: m.restrictedCountries,
    features: Object.fromEntries(
      Object.keys(change.features ?? {}).map((f) => [f, m.settings.features[f as FeatureFlag] ?? false]),
    ),
    tyLanguage: tyLanguageOf(m.settings),
    languages: languagesOf(m.settings),
    firebase: m.settings.firebase ?? null,
  };
  return Object.fromEntries(Object.keys(change).map((k) => [k, view[k]]));
}

/**
 * The languages a change leaves the merchant with, refused when its TY entry would speak one it does not offer. A
 * merchant without a list of its own (`languages` absent) offers its TY language alone, and keeps doing so when only
 * the TY language changes.
 */
function languageSettings(
  m: MerchantRow,
  change: Update,
): Pick<MerchantSettings, 'tyLanguage' | 'languages'> {
  const ty = change.tyLanguage ?? tyLanguageOf(m.settings);
  const list = change.languages ?? m.settings.languages;
  if (list && !list.includes(ty))
    throw new DomainError(
      400,
      'VALIDATION',
      'The TY entry must speak one of the languages offered',
      change.tyLanguage
        ? { tyLanguage: 'Choose one of the languages offered' }
        : { languages: 'Keep the TY language among the languages offered' },
    );
  return { tyLanguage: ty, ...(list ? { languages: list } : {}) };
}

/**
 * Operator changes of a merchant. Each commits with its audit row; the `merchants` trigger raises merchant_config's
 * version in the same transaction, so every process's merchant cache (and with it the whitelabel reply, the reply
 * language and the first replies drawn into pages) reads the change at its next request.
 */
export function createOpsService(db: Db, audit: AuditLog) {
  const find = async (code: string) => (await db.select().from(merchants).where(eq(merchants.code, code)))[0];

  return {
    async update(code: string, change: Update) {
      return db.transaction(async (tx) => {
        const [m] = await tx.select().from(merchants).where(eq(merchants.code, code)).for('update');
        if (!m) throw new DomainError(404, 'NOT_FOUND', `Unknown merchant "${code}"`);
        const settingsChanged =
          change.features !== undefined ||
          change.firebase !== undefined ||
          change.tyLanguage !== undefined ||
          change.languages !== undefined;
        const [after] = await tx
          .update(merchants)
          .set({
            ...(change.maintenance !== undefined ? { maintenance: change.maintenance } : {}),
            ...(change.maintenanceEnd !== undefined
              ? { maintenanceEnd: change.maintenanceEnd ? new Date(change.maintenanceEnd) : null }
              : {}),
            ...(change.restrictedCountries ? { restrictedCountries: change.restrictedCountries } : {}),
            ...(settingsChanged
              ? {
                  settings: {
                    ...m.settings,
                    features: { ...m.settings.features, ...change.features },
                    ...(change.firebase !== undefined ? { firebase: change.firebase } : {}),
                    ...languageSettings(m, change),
                  },
                }
              : {}),
          })
          .where(eq(merchants.code, code))
          .returning();
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: 'MERCHANT_SETTINGS_CHANGED',
          subject: {
            sections: Object.keys(change),
            before: auditedView(m, change),
            after: auditedView(after!, change),
          },
        });
        return { merchantCode: code };
      });
    },

    /** A new merchant: its own brand and domains, settings and catalogue copied from a template merchant. */
    async create(input: Create) {
      const template = await find(input.copyCatalogueFrom);
      if (!template)
        throw new DomainError(404, 'NOT_FOUND', `Unknown merchant "${input.copyCatalogueFrom}"`, {
          copyCatalogueFrom: 'No such merchant',
        });
      if (await find(input.code))
        throw new DomainError(409, 'CONFLICT', `Merchant ${input.code} exists`, { code: 'Already taken' });
      const taken = await db.select().from(domains).where(inArray(domains.domain, input.domains));
      if (taken.length > 0)
        throw new DomainError(409, 'CONFLICT', 'A domain is already served', {
          domains: taken.map((d) => d.domain).join(', '),
        });
      await db.transaction(async (tx) => {
        await tx.insert(merchants).values({
          code: input.code,
          brand: {
            ...template.brand,
            name: input.name,
            primary: input.primary,
            accent: input.accent,
            defaultTheme: input.defaultTheme,
            logoUrl: artPath.logo(input.code),
            iconUrl: artPath.icon(input.code),
          },
          settings: template.settings,
          restrictedCountries: [],
        });
        await tx
          .insert(domains)
          .values(input.domains.map((domain) => ({ domain, merchantCode: input.code })));
        for (const copy of catalogueCopies(input.code, input.copyCatalogueFrom)) await tx.execute(copy);
      });
      return { merchantCode: input.code };
    },

    /**
     * The embedded database's data folder as a gzipped tarball, taken while serving: PGlite dumps between two
     * statements, a crash-consistent copy (a transaction under way then is rolled back when the copy is opened).
     */
    async backup(): Promise<Blob> {
      const client = embeddedClient(db);
      if (!client)
        throw new DomainError(
          409,
          'CONFLICT',
          'This server runs on PostgreSQL (DATABASE_URL): back it up with pg_dump -Fc and restore with pg_restore',
        );
      return client.dumpDataDir('gzip');
    },
  };
}
