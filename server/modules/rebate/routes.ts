import type { FastifyInstance } from 'fastify';
import { claimRebate, rebateClaimable, rebateHistory } from '../../../contract/rebate.ts';
import { okValue, route } from '../../http/route.ts';
import type { RebateService } from './service.ts';

/** Member calls of manualRebate: what can be claimed now, claiming it, and past claims. */
export async function rebateRoutes(
  app: FastifyInstance,
  { rebate }: { rebate: RebateService },
): Promise<void> {
  route(app, rebateClaimable, async ({ merchant, auth }) =>
    okValue(await rebate.claimable(merchant, auth.member)),
  );
  route(app, claimRebate, async ({ merchant, auth, body }) =>
    okValue(await rebate.claim(merchant, auth.member, body.requestId)),
  );
  route(app, rebateHistory, async ({ merchant, auth, query }) =>
    okValue(await rebate.history(merchant, auth.member, query)),
  );
}
