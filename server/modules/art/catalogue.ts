import { and, eq } from 'drizzle-orm';
import type { GameCategory } from '../../../contract/games.ts';
import type { Db } from '../../db/client.ts';
import { banners, games, vendors } from '../../db/schema/index.ts';

/** The catalogue rows generated art is drawn from, by merchant. */
export function createArtCatalogue(db: Db) {
  return {
    async game(merchantCode: string, nodeId: string) {
      const [g] = await db
        .select()
        .from(games)
        .where(and(eq(games.merchantCode, merchantCode), eq(games.nodeId, nodeId)));
      return g;
    },
    /** The vendor's row (of `category` when given: a vendor of several categories has a row for each type). */
    async vendor(merchantCode: string, vassalage: string, category?: GameCategory) {
      const [v] = await db
        .select()
        .from(vendors)
        .where(
          and(
            eq(vendors.merchantCode, merchantCode),
            eq(vendors.vassalage, vassalage),
            category ? eq(vendors.gameCategory, category) : undefined,
          ),
        )
        .limit(1);
      return v;
    },
    async banner(merchantCode: string, id: number) {
      const [b] = await db
        .select()
        .from(banners)
        .where(and(eq(banners.merchantCode, merchantCode), eq(banners.id, id)));
      return b;
    },
  };
}
export type ArtCatalogue = ReturnType<typeof createArtCatalogue>;
