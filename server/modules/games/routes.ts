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
import { maintenanceEnd, type ReplyCache } from '../../http/replyCache.ts';
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
  /** The public catalogue's replies (server/http/replyCache.ts): the lists here that have no member in them. */
  replies: ReplyCache;
}

/** The winner board changes with every settled win, which notifies nothing (a money transaction): a few seconds. */
export const WINNERS_TTL_MS = 5_000;
/** Popular games follow launches, which notify nothing either; a ranking a few seconds old is still the ranking. */
export const POPULAR_TTL_MS = 10_000;

export async function gamesRoutes(
  app: FastifyInstance,
  { games, lists, plays, board, replies }: GamesServices,
): Promise<void> {
  route(app, winnerBoard, async (ctx) => {
    const { merchant, query, req } = ctx;
    const locale = requestLocale(req, query.language);
    return replies.serve(
      ctx,
      winnerBoard,
      {
        key: [locale, query.gameCategory, query.limitNum],
        ttlMs: WINNERS_TTL_MS,
        browserMaxAge: WINNERS_TTL_MS / 1000,
      },
      async () =>
        okValue({ list: await board.latest(merchant.code, locale, query.gameCategory, query.limitNum) }),
    );
  });
  // Vendor cards carry no language: one reply for all of them.
  route(app, gameMenus, async (ctx) =>
    replies.serve(ctx, gameMenus, { key: [] }, async () =>
      okData({ menus: await games.menus(ctx.merchant.code) }),
    ),
  );
  route(app, gameVendor, async (ctx) =>
    replies.serve(ctx, gameVendor, { key: [] }, async () =>
      okData({ lanes: await games.lanes(ctx.merchant.code) }),
    ),
  );
  route(app, gameList, async (ctx) => {
    const { merchant, query, req } = ctx;
    const locale = requestLocale(req, query.language);
    // The parsed query, language taken out (it is `locale`): the filters and the page.
    const { language: _, ...filters } = query;
    return replies.serve(
      ctx,
      gameList,
      { key: [locale, filters], until: (r) => maintenanceEnd(r.data.games) },
      async () => okData(await lists.list(merchant.code, locale, query)),
    );
  });
  route(app, hotGames, async (ctx) => {
    const { merchant, query, req } = ctx;
    const locale = requestLocale(req, query.language);
    return replies.serve(
      ctx,
      hotGames,
      { key: [locale, query.vassalage ?? null], until: (r) => maintenanceEnd(r.data.games) },
      async () => okData({ games: await lists.hot(merchant.code, locale, query.vassalage) }),
    );
  });
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
  route(app, popularGames, async (ctx) => {
    const { merchant, query, req } = ctx;
    const locale = requestLocale(req, query.language);
    return replies.serve(
      ctx,
      popularGames,
      {
        key: [locale, query.count, query.gameType ?? null],
        ttlMs: POPULAR_TTL_MS,
        until: (r) => maintenanceEnd(r.data.games),
      },
      async () => okData({ games: await plays.popular(merchant.code, locale, query.count, query.gameType) }),
    );
  });
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
