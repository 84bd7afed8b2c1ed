import type { FastifyInstance } from 'fastify';
import {
  addFavourite,
  favouriteIds,
  favouriteList,
  gameList,
  gameMenus,
  gameVendor,
  hotGames,
  popularGames,
  pvpRooms,
  recentGames,
  removeFavourite,
  winnerBoard,
} from '../../../contract/games.ts';
import { requestLocale } from '../../http/locale.ts';
import { okData, okValue, route } from '../../http/route.ts';
import type { GameListService } from './list.ts';
import type { PlayListService } from './play.ts';
import type { createGamesService } from './service.ts';
import type { createWinnerBoard } from './winners.ts';

export interface GamesServices {
  games: ReturnType<typeof createGamesService>;
  lists: GameListService;
  plays: PlayListService;
  board: ReturnType<typeof createWinnerBoard>;
}

export async function gamesRoutes(
  app: FastifyInstance,
  { games, lists, plays, board }: GamesServices,
): Promise<void> {
  route(app, winnerBoard, async ({ merchant, query, req }) =>
    okValue({
      list: await board.latest(
        merchant.code,
        requestLocale(req, query.language),
        query.gameCategory,
        query.limitNum,
      ),
    }),
  );
  route(app, gameMenus, async ({ merchant }) => okData({ menus: await games.menus(merchant.code) }));
  route(app, gameVendor, async ({ merchant }) => okData({ lanes: await games.lanes(merchant.code) }));
  route(app, gameList, async ({ merchant, query, req }) =>
    okData(await lists.list(merchant.code, requestLocale(req, query.language), query)),
  );
  route(app, hotGames, async ({ merchant, query, req }) =>
    okData({ games: await lists.hot(merchant.code, requestLocale(req, query.language), query.vassalage) }),
  );
  route(app, favouriteIds, async ({ auth }) => okValue(await lists.favouriteIds(auth.member)));
  route(app, favouriteList, async ({ auth, query, req }) =>
    okValue(await lists.favouriteList(auth.member, requestLocale(req, query.language), query)),
  );
  route(app, addFavourite, async ({ auth, body }) => {
    await lists.setFavourite(auth.member, body.nodeId, true);
    return okValue(null);
  });
  route(app, removeFavourite, async ({ auth, body }) => {
    await lists.setFavourite(auth.member, body.nodeId, false);
    return okValue(null);
  });
  route(app, popularGames, async ({ merchant, query, req }) =>
    okData({
      games: await plays.popular(
        merchant.code,
        requestLocale(req, query.language),
        query.count,
        query.gameType,
      ),
    }),
  );
  route(app, recentGames, async ({ auth, query, req }) =>
    okValue(await plays.recent(auth.member, requestLocale(req, query.language), query)),
  );
  route(app, pvpRooms, async ({ auth, query, req }) =>
    okValue({
      list: await plays.pvpRooms(
        auth.member.merchantCode,
        requestLocale(req, query.language),
        query.vassalage,
      ),
    }),
  );
}
