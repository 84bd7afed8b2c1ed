import type { Db } from '../../db/client.ts';
import { createBonusService } from './bonus.ts';
import { createTicketService, type TicketDeps } from './tickets.ts';

/** The rewards module: tickets (awarded by deposits, missions and operators) and the bonus ledger view. */
export function createRewards(db: Db, deps: TicketDeps) {
  return { tickets: createTicketService(db, deps), bonus: createBonusService(db) };
}
export type Rewards = ReturnType<typeof createRewards>;
