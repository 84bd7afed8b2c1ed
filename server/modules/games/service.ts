import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type GameType, NAV_GAME_TYPES, type Vendor, type VendorLane } from '../../../contract/games.ts';
import type { Db } from '../../db/client.ts';
import { games, vendors } from '../../db/schema/index.ts';
import { artPath } from '../art/paths.ts';
import { listedGame } from './list.ts';

/** Order of game types in menus and lanes: the header's order, then the in-house lane. */
const TYPE_ORDER: GameType[] = [...NAV_GAME_TYPES, 'INHOUSE'];

export function createGamesService(db: Db) {
  async function vendorCards(merchantCode: string): Promise<Vendor[]> {
    const rows = await db
      .select({
        vassalage: vendors.vassalage,
        gameType: vendors.gameType,
        gameCategory: vendors.gameCategory,
        displayName: vendors.displayName,
        gameCount: count(games.id),
      })
      .from(vendors)
      .leftJoin(
        games,
        and(
          eq(games.merchantCode, vendors.merchantCode),
          eq(games.vassalage, vendors.vassalage),
          eq(games.gameType, vendors.gameType),
          listedGame,
        ),
      )
      .where(eq(vendors.merchantCode, merchantCode))
      .groupBy(
        vendors.merchantCode,
        vendors.vassalage,
        vendors.gameType,
        vendors.gameCategory,
        vendors.displayName,
      )
      .orderBy(asc(vendors.sort), asc(vendors.vassalage));
    // Each card carries its category's logo variant (spec §3: provider logos per category).
    return rows.map((v) => ({
      ...v,
      logoUrl: artPath.vendorLogo(merchantCode, v.vassalage, v.gameCategory),
    }));
  }

  const byType = (cards: Vendor[]) =>
    TYPE_ORDER.map((gameType) => ({
      gameType,
      vendors: cards.filter((c) => c.gameType === gameType),
    })).filter((m) => m.vendors.length > 0);

  return {
    /** Spec §2 Header: a game type is listed only when it has at least one vendor. */
    async menus(merchantCode: string) {
      return byType(await vendorCards(merchantCode));
    },

    async lanes(merchantCode: string): Promise<VendorLane[]> {
      const classes = await db
        .selectDistinct({ gameType: games.gameType, gameClassify: games.gameClassify })
        .from(games)
        .where(and(eq(games.merchantCode, merchantCode), listedGame))
        .orderBy(games.gameType, sql`${games.gameClassify}`);
      return byType(await vendorCards(merchantCode)).map((m) => ({
        title: m.gameType,
        cards: m.vendors,
        gameClassify: classes.filter((c) => c.gameType === m.gameType).map((c) => c.gameClassify),
      }));
    },
  };
}
