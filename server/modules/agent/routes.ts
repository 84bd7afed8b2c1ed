import type { FastifyInstance } from 'fastify';
import {
  agentDownline,
  registerDownline,
  teamBets,
  teamOverview,
  teamTransactions,
  userLoss,
} from '../../../contract/agent.ts';
import { requestLocale } from '../../http/locale.ts';
import { okValue, route } from '../../http/route.ts';
import type { DownlineService } from './downline.ts';
import type { TeamService } from './team.ts';

/** Opening accounts is limited per address like registration. */
const REGISTER_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The agent centre's team and downline calls (the route layer has already refused non-agents and trials). */
export async function agentRoutes(
  app: FastifyInstance,
  { team, downline }: { team: TeamService; downline: DownlineService },
): Promise<void> {
  route(app, teamOverview, async ({ merchant, auth, query }) =>
    okValue(await team.overview(merchant, auth.member, query)),
  );
  route(
    app,
    registerDownline,
    async ({ merchant, auth, body }) => okValue(await downline.register(merchant, auth.member, body)),
    REGISTER_LIMIT,
  );
  route(app, agentDownline, async ({ merchant, auth, query }) =>
    okValue(await downline.list(merchant, auth.member, query)),
  );
  route(app, teamBets, async ({ merchant, auth, query, req }) =>
    okValue(await team.bets(merchant, auth.member, requestLocale(req), query)),
  );
  route(app, userLoss, async ({ merchant, auth, query }) =>
    okValue(await team.loss(merchant, auth.member, query)),
  );
  route(app, teamTransactions, async ({ merchant, auth, query }) =>
    okValue(await team.transactions(merchant, auth.member, query)),
  );
}
