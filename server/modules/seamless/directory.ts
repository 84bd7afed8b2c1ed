import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { games, members, vendors } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';

/** What a vendor's signed wallet call names, looked up within the merchant: its vendor, player and game. */
export function createSeamlessDirectory(db: Db) {
  return {
    /** Whether the vendor is in the merchant's catalogue. */
    async listed(merchantCode: string, vendor: string): Promise<boolean> {
      const [row] = await db
        .select({ code: vendors.vassalage })
        .from(vendors)
        .where(and(eq(vendors.merchantCode, merchantCode), eq(vendors.vassalage, vendor)))
        .limit(1);
      return row !== undefined;
    },

    async member(merchantCode: string, account: string) {
      const [member] = await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, merchantCode), eq(members.account, account)));
      if (!member) throw new DomainError(404, 'NOT_FOUND', 'Unknown player', { account: 'Unknown player' });
      return member;
    },

    /** The game type of the vendor's game `nodeId`. */
    async gameType(merchantCode: string, nodeId: string, vendor: string) {
      const [game] = await db
        .select({ gameType: games.gameType })
        .from(games)
        .where(
          and(eq(games.merchantCode, merchantCode), eq(games.nodeId, nodeId), eq(games.vassalage, vendor)),
        );
      if (!game) throw new DomainError(404, 'NOT_FOUND', 'Unknown game', { nodeId: 'Unknown game' });
      return game.gameType;
    },
  };
}
export type SeamlessDirectory = ReturnType<typeof createSeamlessDirectory>;
