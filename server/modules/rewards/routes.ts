import type { FastifyInstance } from 'fastify';
import { bonusDetails, openTicket, rewardPrizes, rewardTickets } from '../../../contract/rewards.ts';
import { okValue, route } from '../../http/route.ts';
import type { BonusService } from './bonus.ts';
import type { TicketService } from './tickets.ts';

/** Reward Center (tickets) and Bonus Details of the member centre. */
export async function rewardRoutes(
  app: FastifyInstance,
  opts: { rewards: { tickets: TicketService; bonus: BonusService } },
): Promise<void> {
  const { tickets, bonus } = opts.rewards;
  route(app, rewardTickets, async ({ merchant, auth, query }) =>
    okValue(await tickets.list(merchant.code, auth.member.id, query)),
  );
  route(app, openTicket, async ({ merchant, auth, body }) =>
    okValue(await tickets.open(merchant.code, auth.member.id, body)),
  );
  route(app, rewardPrizes, async ({ merchant }) => okValue(await tickets.prizes(merchant.code)));
  route(app, bonusDetails, async ({ merchant, auth, query }) =>
    okValue(await bonus.details(merchant, auth.member.id, query)),
  );
}
