import type { FastifyInstance } from 'fastify';
import { opsAgentTransfers, transferToDownline } from '../../../contract/agent.ts';
import { DomainError } from '../../http/errors.ts';
import type { MerchantCache } from '../../http/merchantCache.ts';
import { okValue, PASSWORD_LIMIT, route } from '../../http/route.ts';
import { sessionScope } from '../../http/sessionScope.ts';
import type { createSessionService } from '../auth/sessions.ts';
import type { DownlineTransfers } from './transfers.ts';

export interface TransferModuleDeps {
  merchants: MerchantCache;
  sessions: ReturnType<typeof createSessionService>;
  transfers: DownlineTransfers;
}

/**
 * Agent → direct downline transfers: the agent's call (merchant scope, by session; the route layer has refused
 * non-agents, trials and members whose standing forbids money calls) and the operators' list (merchant in the path).
 */
export async function transferRoutes(app: FastifyInstance, deps: TransferModuleDeps): Promise<void> {
  const { transfers } = deps;
  await app.register(async (api) => {
    sessionScope(api, deps.merchants, deps.sessions);
    route(
      api,
      transferToDownline,
      async ({ merchant, auth, body }) => okValue(await transfers.send(merchant, auth.member, body)),
      PASSWORD_LIMIT,
    );
  });
  route(app, opsAgentTransfers, async ({ params, query }) => {
    const merchant = await deps.merchants.byCode(params.code);
    if (!merchant) throw new DomainError(404, 'NOT_FOUND', `No merchant ${params.code}`);
    return okValue(await transfers.list(merchant, query));
  });
}
