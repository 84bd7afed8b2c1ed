import { lotteryMenuParams } from '../../../contract/firstReplies.ts';
import { lotteryMenu, lotteryRecent, popularLotteries, recentLotteryMenu } from '../../../contract/routes.ts';
import type {
  LotteryScope,
  MenuLoad,
  MenuRequest,
  ResultsLoad,
} from '../../../machines/lotteryRefresh.machine.ts';
import { call } from '../../api/client.ts';
import { menuGames } from '../../api/queries.ts';

// The lottery list's calls (the widget, the lottery centre): through the contract's routes, so that a page a link
// opens on the list neither downloads nor evaluates zod and the contract's schemas (the betting pages' calls,
// queries.ts, check their replies; the server checks every reply against its schema).

/** Spec §9: popular 20. */
export const POPULAR_COUNT = 20;

/**
 * The `loadMenu` actor of lotteryRefresh: the menu of a prize mode (both for `ANY`), the member's recent menu, or the
 * popular list (filtered to the prize mode's game type), timed on the local clock for the machine's round trip.
 */
export async function loadLotteryMenu({ scope, source }: MenuRequest): Promise<MenuLoad> {
  const sentAt = Date.now();
  if (source === 'popular') {
    const reply = await call(popularLotteries, { query: { count: POPULAR_COUNT } });
    const gameType = scope === 'Elott' ? 'ELOTT' : scope === 'ANY' ? null : 'LOTT';
    return {
      games: reply.data.list.filter((g) => gameType === null || g.gameType === gameType),
      serverTime: null,
      sentAt,
      receivedAt: Date.now(),
    };
  }
  const modes = scope === 'ANY' ? (['Lott', 'Elott'] as const) : ([scope] as const);
  const replies = await Promise.all(
    modes.map((prizeMode) =>
      source === 'recent'
        ? call(recentLotteryMenu, { query: lotteryMenuParams(prizeMode) })
        : call(lotteryMenu, { query: lotteryMenuParams(prizeMode) }),
    ),
  );
  const receivedAt = Date.now();
  return {
    games: menuGames(replies.flatMap((r) => r.data.groups)),
    serverTime: replies[0]!.data.serverTime,
    sentAt,
    receivedAt,
  };
}

/** The `loadResults` actor of lotteryRefresh: the latest result of every lottery of the scope (both for `ANY`). */
export async function loadLotteryResults({ scope }: { scope: LotteryScope }): Promise<ResultsLoad> {
  const modes = scope === 'ANY' ? (['Lott', 'Elott'] as const) : ([scope] as const);
  const replies = await Promise.all(
    modes.map((prizeMode) => call(lotteryRecent, { query: { prizeMode, recentCount: 1 } })),
  );
  return {
    results: replies.flatMap((r) => Object.values(r.data.results).flatMap((list) => list.slice(0, 1))),
    receivedAt: Date.now(),
  };
}
