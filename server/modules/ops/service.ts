import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createMerchant, updateMerchant } from '../../../contract/ops.ts';
import { type Db, embeddedClient } from '../../db/client.ts';
import { domains, merchants } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { artPath } from '../art/paths.ts';

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

export function createOpsService(db: Db) {
  const find = async (code: string) => (await db.select().from(merchants).where(eq(merchants.code, code)))[0];

  return {
    async update(code: string, change: Update) {
      const m = await find(code);
      if (!m) throw new DomainError(404, 'NOT_FOUND', `Unknown merchant "${code}"`);
      await db
        .update(merchants)
        .set({
          ...(change.maintenance !== undefined ? { maintenance: change.maintenance } : {}),
          ...(change.maintenanceEnd !== undefined
            ? { maintenanceEnd: change.maintenanceEnd ? new Date(change.maintenanceEnd) : null }
            : {}),
          ...(change.restrictedCountries ? { restrictedCountries: change.restrictedCountries } : {}),
          ...(change.features || change.firebase !== undefined || change.tyLanguage
            ? {
                settings: {
                  ...m.settings,
                  features: { ...m.settings.features, ...change.features },
                  ...(change.firebase !== undefined ? { firebase: change.firebase } : {}),
                  ...(change.tyLanguage ? { tyLanguage: change.tyLanguage } : {}),
                },
              }
            : {}),
        })
        .where(eq(merchants.code, code));
      return { merchantCode: code };
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
