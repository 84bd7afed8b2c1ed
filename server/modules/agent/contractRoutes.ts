import type { FastifyInstance } from 'fastify';
import {
  actOnContract,
  agentContracts,
  agentIncome,
  opsGrantContract,
  opsSettleContracts,
  proposeContract,
} from '../../../contract/agent.ts';
import { DomainError } from '../../http/errors.ts';
import type { MerchantCache } from '../../http/merchantCache.ts';
import { okValue, route } from '../../http/route.ts';
import { sessionScope } from '../../http/sessionScope.ts';
import type { createSessionService } from '../auth/sessions.ts';
import type { Contracts } from './contracts.ts';
import type { Settlement } from './settlement.ts';

export interface ContractModuleDeps {
  merchants: MerchantCache;
  contracts: Contracts;
  settlement: Settlement;
  sessions: ReturnType<typeof createSessionService>;
  /** Production refuses a settlement run `until` a time still to come (a testing aid). */
  production?: boolean;
}

/**
 * Agent contracts: the agent's calls (in a merchant scope, by session) and the operator's grant and settlement run
 * (by ops token, merchant from the path). Registered on the root, each part in its own scope.
 */
export async function contractRoutes(app: FastifyInstance, deps: ContractModuleDeps): Promise<void> {
  const { contracts, settlement } = deps;

  await app.register(async (api) => {
    sessionScope(api, deps.merchants, deps.sessions);
    route(api, agentContracts, async ({ merchant, auth, query }) =>
      okValue(await contracts.list(merchant, auth.member, query.kind)),
    );
    route(api, proposeContract, async ({ merchant, auth, body }) =>
      okValue(await contracts.propose(merchant, auth.member, body)),
    );
    route(api, actOnContract, async ({ merchant, auth, params, body }) =>
      okValue(await contracts.act(merchant, auth.member, params.id, body.action)),
    );
    route(api, agentIncome, async ({ merchant, auth, query }) =>
      okValue(await contracts.income(merchant, auth.member, query)),
    );
  });

  route(app, opsGrantContract, async ({ params, body }) => okValue(await contracts.grant(params.code, body)));
  route(app, opsSettleContracts, async ({ params, body }) => {
    const now = new Date();
    const until = body.until ? new Date(body.until) : now;
    if (deps.production && until > now)
      throw new DomainError(400, 'VALIDATION', 'Settlement cannot run ahead of time', {
        until: 'Must not be in the future',
      });
    const done = await settlement.settle(params.code, until);
    return okValue({ settled: done.settled, paid: Number(done.paid) });
  });
}
