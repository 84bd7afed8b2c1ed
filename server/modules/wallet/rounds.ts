import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { gameRounds, games, members } from '../../db/schema/index.ts';

const moved = sql`${gameRounds.status} <> 'ROLLED_BACK'`;

/**
 * A page of game rounds as the betting lists show them (a member's own record, an agent's team betting), newest
 * first, with the game's name in the reader's language and the player's account; totals over the whole filter
 * count every round but leave rolled-back ones out of bets and wins (they moved nothing).
 */
export async function roundsPage(
  db: Db,
  where: SQL | undefined,
  locale: Locale,
  page: { pageNo: number; pageSize: number },
) {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ round: gameRounds, account: members.account, names: games.names })
      .from(gameRounds)
      .innerJoin(members, eq(members.id, gameRounds.memberId))
      .leftJoin(
        games,
        and(eq(games.merchantCode, gameRounds.merchantCode), eq(games.nodeId, gameRounds.nodeId)),
      )
      .where(where)
      .orderBy(desc(gameRounds.createdAt), desc(gameRounds.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db
      .select({
        rounds: count(),
        bet: sql`coalesce(sum(${gameRounds.bet}) filter (where ${moved}), 0)`.mapWith(Number),
        win: sql`coalesce(sum(${gameRounds.win}) filter (where ${moved}), 0)`.mapWith(Number),
      })
      .from(gameRounds)
      .innerJoin(members, eq(members.id, gameRounds.memberId))
      .where(where),
  ]);
  return {
    list: rows.map(({ round: r, account, names }) => ({
      id: r.id,
      account,
      roundRef: r.roundRef,
      nodeId: r.nodeId,
      gameName: names?.[locale] ?? names?.en ?? r.nodeId,
      vendor: r.vassalage,
      gameType: r.gameType,
      bet: Number(r.bet),
      win: Number(r.win),
      status: r.status,
      at: r.createdAt.toISOString(),
    })),
    totals: totals!,
    totalPages: Math.ceil(totals!.rounds / page.pageSize),
  };
}
