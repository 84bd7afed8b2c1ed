import type { FastifyInstance } from 'fastify';
import { gameMenus, gameVendor } from '../../../contract/games.ts';
import { okData, route } from '../../http/route.ts';
import type { createGamesService } from './service.ts';

export function gamesRoutes(app: FastifyInstance, games: ReturnType<typeof createGamesService>): void {
  route(app, gameMenus, async ({ merchant }) => okData({ menus: await games.menus(merchant.code) }));
  route(app, gameVendor, async ({ merchant }) => okData({ lanes: await games.lanes(merchant.code) }));
}
