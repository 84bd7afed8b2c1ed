// The lists' totals kept by the games' trigger (migration 0038) and the trigram-indexed search give the answers an
// exact count and a plain scan give, before and after catalogue writes.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { games } from '../../db/schema/index.ts';
import { testDatabase } from '../../test/app.ts';
import { createGameListService } from './list.ts';

const M = 'PORTICO';
let database: Database;
let lists: ReturnType<typeof createGameListService>;
beforeAll(async () => {
  database = await testDatabase();
  lists = createGameListService(database.db);
});
afterAll(() => database.close());

type Filter = { gameType?: 'RNG' | 'LIVE' | 'SPORTS'; vassalage?: string };
const FILTERS: Filter[] = [
  {},
  { gameType: 'RNG' },
  { gameType: 'LIVE' },
  { gameType: 'RNG', vassalage: 'PT' },
  { vassalage: 'PT' },
];

/** The total a plain count of listed games gives. */
async function counted(f: Filter) {
  const r = (await database.db.execute(sql`select count(*)::int as n from games
    where merchant_code = ${M} and removed_at is null and not hidden
    ${f.gameType ? sql`and game_type = ${f.gameType}` : sql``}
    ${f.vassalage ? sql`and vassalage = ${f.vassalage}` : sql``}`)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]!.n);
}
const listed = (f: Filter, pageNo = 1) =>
  lists.list(M, 'en', { pageNo, pageSize: 42, ...f } as Parameters<typeof lists.list>[2]);

async function expectTotalsExact() {
  for (const f of FILTERS) {
    const n = await counted(f);
    const page = await listed(f);
    expect({ f, total: page.total, totalPages: page.totalPages }).toEqual({
      f,
      total: n,
      totalPages: Math.ceil(n / 42),
    });
    // Past the last page: no row carries the total, which still holds.
    expect((await listed(f, Math.ceil(n / 42) + 1)).total).toBe(n);
  }
}

describe('game list totals', () => {
  it('equal an exact count of the listed games, as the seed left them', async () => {
    expect(await counted({ gameType: 'RNG' })).toBeGreaterThan(0);
    await expectTotalsExact();
  });

  it('follow hiding, removing, moving, adding and deleting games', async () => {
    const db = database.db;
    const some = await db
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.merchantCode, M), eq(games.gameType, 'RNG'), eq(games.vassalage, 'PT')))
      .limit(4);
    const [a, b, c, d] = some.map((g) => g.id) as [number, number, number, number];
    const before = await counted({ gameType: 'RNG', vassalage: 'PT' });
    await db.update(games).set({ hidden: true }).where(eq(games.id, a));
    await db.update(games).set({ removedAt: new Date() }).where(eq(games.id, b));
    await db.update(games).set({ gameType: 'LIVE' }).where(eq(games.id, c));
    // A write that leaves the listing alone changes no total.
    await db.update(games).set({ sort: 7 }).where(eq(games.id, d));
    expect(await counted({ gameType: 'RNG', vassalage: 'PT' })).toBe(before - 3);
    await expectTotalsExact();
    // Hidden and removed games come back; a removed game that is hidden too comes back hidden.
    await db.update(games).set({ hidden: true }).where(eq(games.id, b));
    await db.update(games).set({ removedAt: null }).where(eq(games.id, b));
    await db.update(games).set({ hidden: false }).where(eq(games.id, a));
    await expectTotalsExact();
    await db.update(games).set({ hidden: false }).where(eq(games.id, b));
    // A game of a vendor the merchant has no row for: counted as the plain count counts it.
    await db.execute(sql`insert into games (merchant_code, node_id, vassalage, game_type, names, game_classify,
        is_new, is_hot, support_play, min_bet, sort)
      select merchant_code, 'totals-new', 'NEWVENDOR', 'RNG', '{"en": "Totals Dragon"}', game_classify, is_new,
        false, support_play, min_bet, 1 from games where id = ${d}`);
    await expectTotalsExact();
    await db.delete(games).where(eq(games.nodeId, 'totals-new'));
    await db.update(games).set({ gameType: 'RNG' }).where(eq(games.id, c));
    await expectTotalsExact();
    expect(await counted({ gameType: 'RNG', vassalage: 'PT' })).toBe(before);
  });
});

describe('game name search', () => {
  it('finds what a scan of every listed name finds, in the same order and total', async () => {
    for (const [locale, text] of [
      ['en', 'Dragon'],
      ['en', 'a'],
      ['vi', 'ng'],
      ['zh', '龙'],
      ['en', 'no such game at all'],
      ['en', '%_'],
    ] as const) {
      const all = await database.db
        .select({ nodeId: games.nodeId, names: games.names })
        .from(games)
        .where(sql`merchant_code = ${M} and removed_at is null and not hidden`)
        .orderBy(games.sort, games.id);
      const needle = text.toLowerCase();
      const named = (names: Record<string, string>, k: string) =>
        (names[k] ?? '').toLowerCase().includes(needle);
      const expected = all.filter((g) => named(g.names, locale) || named(g.names, 'en')).map((g) => g.nodeId);
      const page = await lists.list(M, locale, { pageNo: 1, pageSize: 1000, gameName: text } as Parameters<
        typeof lists.list
      >[2]);
      expect({ text, total: page.total, ids: page.games.map((g) => g.nodeId) }).toEqual({
        text,
        total: expected.length,
        ids: expected.slice(0, 1000),
      });
    }
  });

  it('pages a search as a list pages: each page in order, the total on every page and past the last', async () => {
    const db = database.db;
    // A match of a vendor the merchant has no row for is counted, as every list counts, and never shown.
    await db.execute(sql`insert into games (merchant_code, node_id, vassalage, game_type, names, game_classify,
        is_new, is_hot, support_play, min_bet, sort)
      select merchant_code, 'search-no-vendor', 'NEWVENDOR', 'RNG', '{"en": "Paged Dragon"}', game_classify,
        is_new, false, support_play, min_bet, 0 from games where merchant_code = ${M} limit 1`);
    const r = (await db.execute(sql`select g.node_id, v.vassalage is not null as shown from games g
      left join vendors v on v.merchant_code = g.merchant_code and v.vassalage = g.vassalage
        and v.game_type = g.game_type
      where g.merchant_code = ${M} and g.removed_at is null and not g.hidden and g.names->>'en' ilike '%dragon%'
      order by g.sort, g.id`)) as unknown as { rows: { node_id: string; shown: boolean }[] };
    const shown = r.rows.filter((g) => g.shown).map((g) => g.node_id);
    expect(r.rows.length).toBeGreaterThan(shown.length);
    expect(shown.length).toBeGreaterThan(10);
    const pages = [];
    for (let pageNo = 1; pageNo <= Math.ceil(r.rows.length / 5) + 1; pageNo++) {
      const page = await lists.list(M, 'en', { pageNo, pageSize: 5, gameName: 'dragon' } as Parameters<
        typeof lists.list
      >[2]);
      expect({ pageNo, total: page.total }).toEqual({ pageNo, total: r.rows.length });
      pages.push(...page.games.map((g) => g.nodeId));
    }
    expect(pages).toEqual(shown);
    await db.delete(games).where(eq(games.nodeId, 'search-no-vendor'));
  });
});
