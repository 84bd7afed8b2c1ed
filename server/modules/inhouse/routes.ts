import type { FastifyInstance } from 'fastify';
import {
  bingoPlay,
  diceRoll,
  hiloCashout,
  hiloPlay,
  hiloStart,
  inhouseSession,
  minesCashout,
  minesPick,
  minesStart,
  slotSpin,
} from '../../../contract/inhouse.ts';
import { okValue, route } from '../../http/route.ts';
import type { InhouseService } from './service.ts';

/** The in-house games' calls: the game page authenticates with its launch token. */
export async function inhouseRoutes(
  app: FastifyInstance,
  { games }: { games: InhouseService },
): Promise<void> {
  route(app, inhouseSession, async ({ auth, merchant }) => okValue(await games.session(auth, merchant)));
  route(app, slotSpin, async ({ auth, body }) => okValue(await games.spin(auth, body)));
  route(app, diceRoll, async ({ auth, body }) => okValue(await games.roll(auth, body)));
  route(app, bingoPlay, async ({ auth, body }) => okValue(await games.bingo(auth, body)));
  route(app, hiloStart, async ({ auth, body }) => okValue(await games.hiloStart(auth, body)));
  route(app, hiloPlay, async ({ auth, body }) => okValue(await games.hiloGuess(auth, body)));
  route(app, hiloCashout, async ({ auth, body }) => okValue(await games.hiloCashout(auth, body)));
  route(app, minesStart, async ({ auth, body }) => okValue(await games.minesStart(auth, body)));
  route(app, minesPick, async ({ auth, body }) => okValue(await games.minesPick(auth, body)));
  route(app, minesCashout, async ({ auth, body }) => okValue(await games.minesCashout(auth, body)));
}
