import { and, eq } from 'drizzle-orm';
import type { InhouseGame } from '../../../contract/inhouse.ts';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { games } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Launch } from '../../http/route.ts';
import { INHOUSE_VENDOR } from '../../ports/gameVendor.ts';
import { localized } from '../content/service.ts';
import { titleOf } from './titles.ts';

/** Bets offered, as multiples of the game's minimum bet. */
const BET_FACTORS = [1, 2, 5, 10, 20, 50, 100];

/** The steps of a game; the slot splits a bet over 20 lines, so each step is a whole number of 20 minor units. */
export const betSteps = (minBet: number) => {
  const base = Math.max(20, Math.ceil(minBet / 20) * 20);
  return BET_FACTORS.map((f) => base * f);
};

export interface InhouseGameInfo {
  engine: InhouseGame;
  nodeId: string;
  name: string;
  betSteps: number[];
}

const otherGame = () => new DomainError(403, 'FORBIDDEN', 'This launch is for another game');

/** The in-house game a launch opened; a launch of any other game (or engine, when `want` is given) is refused. */
export async function launchedGame(db: Db, launch: Launch, want?: InhouseGame): Promise<InhouseGameInfo> {
  if (launch.gameType !== 'INHOUSE' || launch.vassalage !== INHOUSE_VENDOR) throw otherGame();
  const [game] = await db
    .select()
    .from(games)
    .where(and(eq(games.merchantCode, launch.merchantCode), eq(games.nodeId, launch.nodeId)));
  const title = game && game.vassalage === INHOUSE_VENDOR ? titleOf(game.nodeId) : undefined;
  if (!game || !title || (want && want !== title.engine)) throw otherGame();
  return {
    engine: title.engine,
    nodeId: game.nodeId,
    name: localized(game.names, launch.language as Locale),
    betSteps: betSteps(game.minBet),
  };
}
