import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  lotteryMenu,
  lotteryRecent,
  lotteryRules,
  myLotteryBets,
  nextDrawCall,
  openedNumbers,
  placeBets,
  popularLotteries,
  recentLotteryMenu,
} from '../../../contract/lottery.ts';
import { okData, okValue, route } from '../../http/route.ts';
import type { LotteryService } from './service.ts';

/** The lottery calls of contract/lottery.ts (menus, results, next draw, rules, slips and the member's bets). */
export async function lotteryRoutes(
  app: FastifyInstance,
  { lottery }: { lottery: LotteryService },
): Promise<void> {
  // A slip's time is when its request reached the server (read whole, before the session and standing checks):
  // at the close, a slip that came in time is not refused for the queue it then waited in. The reveal still
  // refuses any slip after it (the draw's row lock in `place`).
  const receivedAt = new WeakMap<FastifyRequest, Date>();
  app.addHook('preValidation', async (req) => {
    receivedAt.set(req, new Date());
  });
  route(app, lotteryMenu, async ({ merchant, query }) =>
    okData(await lottery.menu(merchant.code, query.prizeMode)),
  );
  route(app, recentLotteryMenu, async ({ merchant, auth, query }) =>
    okData(await lottery.recentMenu(merchant.code, auth.member, query.prizeMode)),
  );
  route(app, openedNumbers, async ({ merchant, query }) =>
    okData(await lottery.opened(merchant.code, query.gameCode, query.count)),
  );
  route(app, lotteryRecent, async ({ merchant, query }) =>
    okData(await lottery.recent(merchant.code, query.prizeMode, query.recentCount)),
  );
  route(app, popularLotteries, async ({ merchant, query }) =>
    okData(await lottery.popular(merchant.code, query.count)),
  );
  route(app, nextDrawCall, async ({ merchant, query }) =>
    okData(await lottery.next(merchant.code, query.gameCode)),
  );
  route(app, lotteryRules, async ({ merchant }) => okData(await lottery.rules(merchant.code)));
  // The slip's statement refuses a member on a break (responsible playVerdict), read after the wallet lock.
  route(
    app,
    placeBets,
    async ({ merchant, auth, body, req }) =>
      okValue(
        await lottery.place(merchant.code, auth.member, body, receivedAt.get(req), req.catalogueVersion),
      ),
    { breakInHandler: true },
  );
  route(app, myLotteryBets, async ({ merchant, auth, query }) =>
    okValue(await lottery.myBets(merchant.code, auth.member, query)),
  );
}
