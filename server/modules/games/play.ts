import { and, count, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Game, GameType } from '../../../contract/games.ts';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { gameLaunches, games } from '../../db/schema/index.ts';
import type { Member } from '../auth/sessions.ts';
import { listedGame, selectGames, toGames } from './list.ts';

/** Popular means most launched over this window. */
export const POPULAR_WINDOW_MS = 7 * 86_400_000;
/** A PvP table counts a member as seated for this long after their launch. */
export const SEATED_MS = 15 * 60_000;
/** Stakes of a PvP game's tables: its minimum bet times these. */
const ROOM_STAKES = [1, 10, 100];
const ROOM_SEATS = 6;

/** Game lists made from play data: the member's recent games, popular games and PvP tables. */
export function createPlayListService(db: Db, now: () => Date = () => new Date()) {
  /** Games of these node ids in the given order (ids no longer in the catalogue drop out). */
  async function inOrder(merchantCode: string, nodeIds: string[], locale: Locale): Promise<Game[]> {
    if (nodeIds.length === 0) return [];
    const rows = await selectGames(
      db,
      and(eq(games.merchantCode, merchantCode), inArray(games.nodeId, nodeIds)),
    );
    const byId = new Map(toGames(rows, locale, now()).map((g) => [g.nodeId, g]));
    return nodeIds.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    /** getRecentGameList: each game once, latest launch first. */
    async recent(
      member: Member,
      locale: Locale,
      q: { vassalage?: string; gameType?: GameType; pageNo: number; pageSize: number },
    ) {
      const where = and(
        eq(gameLaunches.memberId, member.id),
        q.vassalage ? eq(gameLaunches.vassalage, q.vassalage) : undefined,
        q.gameType ? eq(gameLaunches.gameType, q.gameType) : undefined,
      );
      const [total] = await db
        .select({ n: sql<number>`count(distinct ${gameLaunches.nodeId})::int` })
        .from(gameLaunches)
        .where(where);
      const rows = await db
        .select({ nodeId: gameLaunches.nodeId, last: max(gameLaunches.createdAt) })
        .from(gameLaunches)
        .where(where)
        .groupBy(gameLaunches.nodeId)
        .orderBy(desc(max(gameLaunches.createdAt)), desc(gameLaunches.nodeId))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      const list = await inOrder(
        member.merchantCode,
        rows.map((r) => r.nodeId),
        locale,
      );
      return { list, totalPages: Math.ceil((total?.n ?? 0) / q.pageSize) };
    },

    /** Most launched in the last week; hot games fill the list while there is little play. */
    async popular(merchantCode: string, locale: Locale, n: number, gameType?: GameType) {
      const played = await db
        .select({ nodeId: gameLaunches.nodeId, launches: count() })
        .from(gameLaunches)
        .where(
          and(
            eq(gameLaunches.merchantCode, merchantCode),
            gt(gameLaunches.createdAt, new Date(now().getTime() - POPULAR_WINDOW_MS)),
            gameType ? eq(gameLaunches.gameType, gameType) : undefined,
          ),
        )
        .groupBy(gameLaunches.nodeId)
        .orderBy(desc(count()), gameLaunches.nodeId)
        .limit(n);
      const ids = played.map((p) => p.nodeId);
      if (ids.length < n) {
        const fill = await db
          .select({ nodeId: games.nodeId })
          .from(games)
          .where(
            and(
              eq(games.merchantCode, merchantCode),
              listedGame,
              gameType ? eq(games.gameType, gameType) : undefined,
            ),
          )
          .orderBy(desc(games.isHot), games.sort, games.id)
          .limit(n + ids.length);
        for (const f of fill) if (ids.length < n && !ids.includes(f.nodeId)) ids.push(f.nodeId);
      }
      return inOrder(merchantCode, ids, locale);
    },

    /** PvP tables: three stakes per card game; seats taken are members who opened the game lately. */
    async pvpRooms(merchantCode: string, locale: Locale, vassalage?: string) {
      const rows = await selectGames(
        db,
        and(
          eq(games.merchantCode, merchantCode),
          eq(games.gameType, 'PVP'),
          vassalage ? eq(games.vassalage, vassalage) : undefined,
        ),
      )
        .orderBy(games.sort, games.id)
        .limit(60);
      const list = toGames(rows, locale, now());
      const seated = await db
        .select({
          nodeId: gameLaunches.nodeId,
          players: sql<number>`count(distinct ${gameLaunches.memberId})::int`,
        })
        .from(gameLaunches)
        .where(
          and(
            eq(gameLaunches.merchantCode, merchantCode),
            eq(gameLaunches.gameType, 'PVP'),
            gt(gameLaunches.createdAt, new Date(now().getTime() - SEATED_MS)),
          ),
        )
        .groupBy(gameLaunches.nodeId);
      const players = new Map(seated.map((s) => [s.nodeId, s.players]));
      return list.flatMap((g) =>
        ROOM_STAKES.map((stake, i) => ({
          roomId: `${g.nodeId}-${i + 1}`,
          nodeId: g.nodeId,
          vassalage: g.vassalage,
          gameName: g.gameName,
          minBet: g.minBet * stake,
          // Newcomers sit at the lowest stake first.
          players: i === 0 ? Math.min(players.get(g.nodeId) ?? 0, ROOM_SEATS) : 0,
          maxPlayers: ROOM_SEATS,
          supportPlay: g.supportPlay,
        })),
      );
    },
  };
}
export type PlayListService = ReturnType<typeof createPlayListService>;
