import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { LotteryGame } from '../../contract/lottery.ts';
import { server } from './authHarness.tsx';

/**
 * The lottery views' tests: the fake server of the auth harness behind `call` (each test file mocks
 * src/api/client.ts with it) and replies of the `/lgw` calls, whose payload is `data` (the harness's `reply` wraps
 * `value`, the `/wps` shape). Must not import src/api/client.ts.
 */

export const MENU = '/lgw/vn/games/game_menu';
export const RECENT_MENU = '/lgw/vn/games/game_menu/recent';
export const POPULAR = '/lgw/vn/games/popular';
export const RULES = '/lgw/vn/games/rules';
export const NEXT_DRAW = '/lgw/vn/draws/next';
export const RESULTS = '/lgw/vn/numeros/opened/game';
/** The latest results of every lottery of a prize mode (lotteryRefresh reads them after each draw). */
export const LATEST_RESULTS = '/lgw/vn/games/recent';
export const BETS = '/wps/lottery/bets';
export const BALANCE = '/wps/v2/wallets/balance';

/** Answers the oldest pending request to `path` with `{ success: true, data }`, parsed by its contract. */
export async function replyData(path: string, data: unknown): Promise<void> {
  const request = server.next(path);
  request.settled = true;
  const parsed = request.contract!.response.parse({ success: true, data });
  await act(async () => request.resolve(parsed));
}

/** Waits for the view's request to `path`, then answers it (real timers). */
export async function answerData(path: string, data: unknown): Promise<void> {
  await waitFor(() => expect(server.pending(path).length).toBeGreaterThan(0));
  await replyData(path, data);
}

/** A menu reply: the games grouped by tag, and the server's clock. */
export function menuData(games: LotteryGame[], serverTime: string) {
  const tags = [...new Set(games.map((g) => g.tag))];
  return {
    serverTime,
    groups: tags.map((tag) => ({ tag, tagName: tag, gameMenus: games.filter((g) => g.tag === tag) })),
  };
}
