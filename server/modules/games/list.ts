import { and, asc, count, desc, eq, ilike, inArray, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isOneOf } from '../../../contract/constants.ts';
import { type Game, type gameList, PAGE_SIZE } from '../../../contract/games.ts';
import { TRIAL_AGENT_TYPE } from '../../../contract/member.ts';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { favourites, gameCounts, games, listedPredicate, vendors } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { pictureUrl as storedPictureUrl } from '../../http/pictures.ts';
import { artPath } from '../art/paths.ts';
import type { Member } from '../auth/sessions.ts';
import { localized } from '../content/service.ts';
import { pictureUrl } from '../vendors/pictures.ts';

type GameRow = typeof games.$inferSelect;
type ListQuery = z.output<typeof gameList.query>;

/** `%`, `_` and `\` typed in a search are literal characters. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A locale's name as a literal, not a parameter: the names' trigram index (migration 0038) has one column a locale,
 * which a plan can use only when it sees which one.
 */
const nameKey = (locale: Locale) => sql.raw(`'${isOneOf(NAMED_LOCALES, locale) ? locale : 'en'}'`);

/** The languages vendor feeds name games in, which the index covers; a game's name in the others is its English one. */
const NAMED_LOCALES = ['en', 'vi', 'th', 'zh'] as const;

/** An operator's icon first, else the vendor feed's own picture, else the generated tile. */
export const gameIconUrl = (row: GameRow, locale: Locale) =>
  row.iconKey
    ? storedPictureUrl(row.iconKey)
    : row.pictureKey
      ? pictureUrl(row.merchantCode, row.nodeId, row.pictureKey)
      : `${artPath.tile(row.merchantCode, row.nodeId)}?lang=${locale}`;

export function toGame(row: GameRow, locale: Locale, vendorName: string, now: Date): Game {
  const name = localized(row.names, locale);
  return {
    id: row.id,
    nodeId: row.nodeId,
    vassalage: row.vassalage,
    gameType: row.gameType,
    gameName: name,
    displayName: vendorName,
    gameClassify: row.gameClassify,
    iconUrl: gameIconUrl(row, locale),
    isNew: row.isNew ? 1 : 0,
    isHot: row.isHot ? 1 : 0,
    supportPlay: row.supportPlay,
    minBet: row.minBet,
    maintenanceUntil:
      row.maintenanceUntil && row.maintenanceUntil > now ? row.maintenanceUntil.toISOString() : null,
  };
}

/** The vendor row of a game (of `games`, or of a relation with its merchant, vendor and type). */
const vendorOf = (g: Record<'merchantCode' | 'vassalage' | 'gameType', SQLWrapper>) =>
  and(
    eq(vendors.merchantCode, g.merchantCode),
    eq(vendors.vassalage, g.vassalage),
    eq(vendors.gameType, g.gameType),
  );
const sameVendor = vendorOf(games);

/**
 * Games listed now: a game gone from its vendor's feed stays for history, out of every list; so does a game an
 * operator hid (and neither can be launched).
 */
export const listedGame = listedPredicate(games);

/** Catalogue games with their vendor's display name (the `displayName` of a listed game). */
export const selectGames = (db: Db, where: SQL | undefined) =>
  db
    .select({ game: games, vendorName: vendors.displayName })
    .from(games)
    .innerJoin(vendors, sameVendor)
    .where(and(where, listedGame));

export const toGames = (rows: { game: GameRow; vendorName: string }[], locale: Locale, now: Date) =>
  rows.map((r) => toGame(r.game, locale, r.vendorName, now));

/** A list's row: a game, its vendor's name and the list's total (the same on every row). */
const listRow = (total: SQLWrapper) => ({
  game: games,
  vendorName: vendors.displayName,
  total: sql<number>`(${total})`.mapWith(Number),
});

/** Game lists of a merchant's catalogue: filters of spec §7, paging of spec §9. */
export function createGameListService(db: Db, now: () => Date = () => new Date()) {
  const withVendor = (where: SQL | undefined) => selectGames(db, where);
  const map = (rows: { game: GameRow; vendorName: string }[], locale: Locale) => toGames(rows, locale, now());

  /**
   * A name search's page and total from one read of its matches: the names' index finds them in no useful order, so
   * the page would sort them all and the count read them all again (835 matches of a 20,000-game catalogue). Each
   * match is read once, narrow; the page (of the games with a vendor row, the count of all, as a list counts) is
   * sorted from those and its rows fetched by id.
   */
  function searchPage(where: SQL | undefined, pageSize: number, skip: number) {
    const { id, sort, merchantCode, vassalage, gameType } = games;
    const matches = db
      .$with('matches')
      .as(db.select({ id, sort, merchantCode, vassalage, gameType }).from(games).where(where));
    const page = db
      .select({ id: matches.id, vendorName: vendors.displayName })
      .from(matches)
      .innerJoin(vendors, vendorOf(matches))
      .orderBy(asc(matches.sort), asc(matches.id))
      .limit(pageSize)
      .offset(skip)
      .as('page');
    return db
      .with(matches)
      .select({ ...listRow(db.select({ n: count() }).from(matches)), vendorName: page.vendorName })
      .from(page)
      .innerJoin(games, eq(games.id, page.id))
      .orderBy(asc(games.sort), asc(games.id));
  }

  return {
    async list(merchantCode: string, locale: Locale, q: ListQuery) {
      // Names are searched in the visitor's language and in English.
      const name = q.gameName ? `%${likeEscape(q.gameName)}%` : undefined;
      const where = and(
        eq(games.merchantCode, merchantCode),
        listedGame,
        q.gameType ? eq(games.gameType, q.gameType) : undefined,
        q.vassalage ? eq(games.vassalage, q.vassalage) : undefined,
        q.gameClassify ? eq(games.gameClassify, q.gameClassify) : undefined,
        q.isNew !== undefined ? eq(games.isNew, q.isNew) : undefined,
        q.minBet !== undefined ? lte(games.minBet, q.minBet) : undefined,
        name
          ? sql`(${ilike(sql`${games.names}->>${nameKey(locale)}`, name)} or ${ilike(sql`${games.names}->>'en'`, name)})`
          : undefined,
      );
      const pageSize = q.pageSize ?? (q.gameName ? PAGE_SIZE.search : PAGE_SIZE.default);
      // A list narrowed by type and vendor at most (the lobbies) reads its total from the counts the games' trigger
      // keeps (migration 0038); any other filter counts its games.
      const kept = q.gameClassify === undefined && q.isNew === undefined && q.minBet === undefined && !name;
      const counted = kept
        ? db
            .select({ n: sql<number>`coalesce(sum(${gameCounts.n}), 0)`.mapWith(Number) })
            .from(gameCounts)
            .where(
              and(
                eq(gameCounts.merchantCode, merchantCode),
                q.gameType ? eq(gameCounts.gameType, q.gameType) : undefined,
                q.vassalage ? eq(gameCounts.vassalage, q.vassalage) : undefined,
              ),
            )
        : db.select({ n: count() }).from(games).where(where);
      const skip = (q.pageNo - 1) * pageSize;
      const rows = name
        ? await searchPage(where, pageSize, skip)
        : // One round trip: the count is an uncorrelated subquery, run once beside the page's index scan.
          await db
            .select(listRow(counted))
            .from(games)
            .innerJoin(vendors, sameVendor)
            .where(where)
            .orderBy(asc(games.sort), asc(games.id))
            .limit(pageSize)
            .offset(skip);
      // A page past the end has no row to carry the count.
      const n = rows[0]?.total ?? (q.pageNo > 1 ? ((await counted)[0]?.n ?? 0) : 0);
      return { games: map(rows, locale), total: n, totalPages: Math.ceil(n / pageSize) };
    },

    async hot(merchantCode: string, locale: Locale, vassalage?: string) {
      const rows = await withVendor(
        and(
          eq(games.merchantCode, merchantCode),
          // A bare flag, as the hot games' partial index says it.
          sql`${games.isHot}`,
          vassalage ? eq(games.vassalage, vassalage) : undefined,
        ),
      ).orderBy(asc(games.sort), asc(games.id));
      return map(rows, locale);
    },

    async favouriteIds(member: Member) {
      const rows = await db
        .select({ nodeId: favourites.nodeId })
        .from(favourites)
        .where(eq(favourites.memberId, member.id))
        .orderBy(desc(favourites.createdAt));
      return rows.map((r) => r.nodeId);
    },

    async favouriteList(
      member: Member,
      locale: Locale,
      q: { gameType?: Game['gameType']; vendor?: string; pageNo: number; pageSize: number },
    ) {
      const ids = await this.favouriteIds(member);
      if (ids.length === 0) return { content: [], totalPages: 0 };
      const rows = await withVendor(
        and(
          eq(games.merchantCode, member.merchantCode),
          inArray(games.nodeId, ids),
          q.gameType ? eq(games.gameType, q.gameType) : undefined,
          q.vendor ? eq(games.vassalage, q.vendor) : undefined,
        ),
      );
      const ordered = ids.flatMap((id) => rows.filter((r) => r.game.nodeId === id));
      const page = ordered.slice((q.pageNo - 1) * q.pageSize, q.pageNo * q.pageSize);
      return { content: map(page, locale), totalPages: Math.ceil(ordered.length / q.pageSize) };
    },

    /** Spec §4 favourite toggle; trial accounts have no favourites (spec §6). */
    async setFavourite(member: Member, nodeId: string, on: boolean) {
      if (member.agentType === TRIAL_AGENT_TYPE)
        throw new DomainError(403, 'FORBIDDEN', 'Please Register An Account First');
      const [known] = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.merchantCode, member.merchantCode), eq(games.nodeId, nodeId)));
      if (!known) throw new DomainError(404, 'NOT_FOUND', 'No such game', { nodeId: 'No such game' });
      if (on)
        await db
          .insert(favourites)
          .values({ memberId: member.id, merchantCode: member.merchantCode, nodeId })
          .onConflictDoNothing();
      else
        await db
          .delete(favourites)
          .where(and(eq(favourites.memberId, member.id), eq(favourites.nodeId, nodeId)));
    },
  };
}
export type GameListService = ReturnType<typeof createGameListService>;
