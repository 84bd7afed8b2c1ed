import type { FastifyInstance } from 'fastify';
import { diceRoll, inhouseSession, slotSpin } from '../../../contract/inhouse.ts';
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
}
