import { inArray, sql } from 'drizzle-orm';
import { sanitizeHtml } from '../../lib/html.ts';
import { PAYMENT_RULES } from '../../modules/payments/rules.ts';
import { createRulesStore } from '../../modules/rules/store.ts';
import type { Database } from '../client.ts';
import { banners, domains, games, merchants, notices, vendors, winners } from '../schema/index.ts';
import { seedAccounts } from './accounts.ts';
import { seedAgents } from './agents.ts';
import { bannerTitles } from './banners.ts';
import { buildCatalogue } from './catalogue.ts';
import { seedHelp } from './help.ts';
import { HISTORY_DAYS, seedLotteryHistory } from './lotteryHistory.ts';
import { DEMO_MERCHANTS, type MerchantSeed } from './merchants.ts';
import { seedMessages } from './messages.ts';
import { seedOperators } from './operators.ts';
import { seedPoints } from './points.ts';
import { seedPromotions } from './promotions.ts';
import { seedRewards } from './rewards.ts';
import { eachLanguage } from './text.ts';
import { winnerHistory } from './winners.ts';

const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Inserts one demo merchant with its domains, catalogue, banners, notices and bank, in one transaction. */
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
    const titlesByGroup = bannerTitles(m.brand.name);
    await tx.insert(banners).values(
      Object.entries(titlesByGroup).flatMap(([groupName, titles]) =>
        titles.map((titles, sort) => ({
          merchantCode: m.code,
          groupName: groupName as keyof typeof titlesByGroup,
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
        contents: eachLanguage(n, sanitizeHtml),
        sort,
      })),
    );
    // Its own house account, through the store operators' approved changes go through (modules/changes).
    await createRulesStore(database.db).set(
      m.code,
      PAYMENT_RULES,
      { ...PAYMENT_RULES.defaults, bank: m.bank },
      tx,
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

/** Which data a start seeds: the demo brands, members and operators, or nothing (a first merchant comes from `init`). */
export type SeedMode = 'demo' | 'none';

/**
 * PORTICO_SEED: `demo` (the default outside production) or `none` (the default in production, where the public demo
 * passwords must never exist unless asked for).
 */
export function seedMode(env: NodeJS.ProcessEnv): SeedMode {
  const value = env.PORTICO_SEED?.trim() || (env.NODE_ENV === 'production' ? 'none' : 'demo');
  if (value !== 'demo' && value !== 'none')
    throw new Error(`PORTICO_SEED must be demo or none, got "${value}"`);
  return value;
}

/**
 * PORTICO_DEMO_HISTORY_DAYS: how many past days of lottery draws a demo start draws, 0–90 (default 7). Test servers
 * set 0: a week of one-minute draws costs a start seconds (far more beside a busy suite) that they do not use.
 */
export function demoHistoryDays(env: NodeJS.ProcessEnv): number {
  const raw = env.PORTICO_DEMO_HISTORY_DAYS?.trim();
  if (!raw) return HISTORY_DAYS;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 0 || days > 90)
    throw new Error(`PORTICO_DEMO_HISTORY_DAYS must be a whole number of days from 0 to 90, got "${raw}"`);
  return days;
}

/**
 * The start's seeding: the demo data in `demo` mode (its back-office logins never in production) with the last
 * `historyDays` of lottery draws (lotteryHistory.ts; the test template has none, so the lottery suites start from no draw), nothing
 * in `none`.
 * Says whether it seeded now, whether the demo brands are there (so their logins may be printed) and how many
 * merchants the database serves.
 */
export async function seedFor(
  database: Database,
  {
    seed,
    production,
    historyDays = HISTORY_DAYS,
  }: { seed: SeedMode; production: boolean; historyDays?: number },
): Promise<{ seeded: boolean; demo: boolean; merchants: number }> {
  const seeded = seed === 'demo' && (await seedDatabase(database, { demoOperators: !production }));
  if (seed === 'demo' && historyDays > 0) await seedLotteryHistory(database, new Date(), historyDays);
  const demoCodes = DEMO_MERCHANTS.map((m) => m.code);
  const demo =
    seed === 'demo' &&
    (await database.db.$count(merchants, inArray(merchants.code, demoCodes))) === demoCodes.length;
  return { seeded, demo, merchants: await database.db.$count(merchants) };
}
