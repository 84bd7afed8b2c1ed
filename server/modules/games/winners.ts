import { and, desc, eq, inArray } from 'drizzle-orm';
import type { GameCategory, GameType } from '../../../contract/games.ts';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { games, winners } from '../../db/schema/index.ts';
import { artPath } from '../art/paths.ts';
import { localized } from '../content/service.ts';

/** The game types of a vendor category (lottery covers both lottery types). */
const TYPES_OF: Partial<Record<GameCategory, GameType[]>> = { LOTTERY: ['LOTT', 'ELOTT'] };
const typesOf = (c: GameCategory): GameType[] => TYPES_OF[c] ?? [c as GameType];

export function createWinnerBoard(db: Db) {
  return {
    async latest(merchantCode: string, locale: Locale, category: GameCategory | 'ALL', limit: number) {
      const rows = await db
        .select({ winner: winners, names: games.names })
        .from(winners)
        .innerJoin(games, and(eq(games.merchantCode, winners.merchantCode), eq(games.nodeId, winners.nodeId)))
        .where(
          and(
            eq(winners.merchantCode, merchantCode),
            category === 'ALL' ? undefined : inArray(games.gameType, typesOf(category)),
          ),
        )
        .orderBy(desc(winners.createdAt), desc(winners.id))
        .limit(limit);
      return rows.map(({ winner, names }) => ({
        customerId: winner.memberId ?? 0,
        vo: {
          iconUrl: artPath.tile(merchantCode, winner.nodeId),
          customerName: winner.customerName,
          gameName: localized(names, locale),
          winAmount: winner.winAmount,
        },
      }));
    },
  };
}
