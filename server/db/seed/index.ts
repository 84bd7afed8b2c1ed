import { sql } from 'drizzle-orm';
import { sanitizeHtml } from '../../lib/html.ts';
import type { Database } from '../client.ts';
import { banners, domains, games, merchants, notices, vendors, winners } from '../schema/index.ts';
import { seedAccounts } from './accounts.ts';
import { seedAgents } from './agents.ts';
import { BANNER_TITLES } from './banners.ts';
import { buildCatalogue } from './catalogue.ts';
import { seedHelp } from './help.ts';
import { DEMO_MERCHANTS, type MerchantSeed } from './merchants.ts';
import { seedMessages } from './messages.ts';
import { seedOperators } from './operators.ts';
import { seedPoints } from './points.ts';
import { seedPromotions } from './promotions.ts';
import { seedRewards } from './rewards.ts';
import { winnerHistory } from './winners.ts';

const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Inserts one demo merchant with its domains, catalogue, banners and notices, in one transaction. */
export async function seedMerchant(database: Database, m: MerchantSeed): Promise<void> {
  const { vendors: vendorRows, games: gameRows } = buildCatalogue(m.catalogue);
  await database.db.transaction(async (tx) => {
    await tx.insert(merchants).values({
      code: m.code,
      brand: m.brand,
      settings: m.settings,
      restrictedCountries: m.restrictedCountries,
    });
    await tx.insert(domains).values(m.domains.map((domain) => ({ domain, merchantCode: m.code })));
    await tx.insert(vendors).values(vendorRows.map((v) => ({ ...v, merchantCode: m.code })));
    await insertInBatches(gameRows, (batch) =>
      tx.insert(games).values(batch.map((g) => ({ ...g, merchantCode: m.code }))),
    );
    await tx.insert(banners).values(
      Object.entries(BANNER_TITLES).flatMap(([groupName, titles]) =>
        titles.map((titles, sort) => ({
          merchantCode: m.code,
          groupName: groupName as keyof typeof BANNER_TITLES,
          titles,
          sort,
        })),
      ),
    );
    await tx
      .insert(winners)
      .values(winnerHistory(gameRows, m.catalogue.seed).map((w) => ({ ...w, merchantCode: m.code })));
    await tx.insert(notices).values(
      m.notices.map((n, sort) => ({
        merchantCode: m.code,
        type: 'B' as const,
        titles: n,
        // Seeds go through the operator's sanitiser too: nothing reaches the notice index uncleaned.
        contents: { en: sanitizeHtml(n.en), vi: sanitizeHtml(n.vi) },
        sort,
      })),
    );
  });
}

/**
 * Seeds the demo merchants once: a database that already has merchants is left alone. Demo back-office logins are
 * added too, except in production.
 */
export async function seedDatabase(
  database: Database,
  options: { demoOperators?: boolean } = {},
): Promise<boolean> {
  return database.exclusive('portico:seed', async () => {
    const fresh = (await database.db.$count(merchants)) === 0;
    if (fresh)
      for (const m of DEMO_MERCHANTS) {
        await seedMerchant(database, m);
        await seedAccounts(database, m.code);
        await seedAgents(database, m.code);
        await seedRewards(database, m.code);
        await seedMessages(database, m.code, m.brand.name);
        await seedPoints(database, m.code);
        await seedHelp(database, m.code, m.brand.name);
        await seedPromotions(database, m.code);
      }
    if (fresh && options.demoOperators !== false) await seedOperators(database);
    // Planner statistics: PGlite has no autovacuum, and without them a game list probes the vendors per game.
    await database.db.execute(sql`analyze`);
    return fresh;
  });
}
