import type { FastifyInstance } from 'fastify';
import { domainRoute, systemStatus, whitelabel } from '../../../contract/system.ts';
import { okValue, route } from '../../http/route.ts';
import type { createSystemService } from './service.ts';

export async function systemRoutes(
  app: FastifyInstance,
  { system }: { system: ReturnType<typeof createSystemService> },
): Promise<void> {
  route(app, systemStatus, async ({ merchant, req }) => okValue(system.status(merchant, req.ip)));
  route(app, whitelabel, async ({ merchant, req }) => okValue(system.whitelabel(merchant, req.ip)));
  route(app, domainRoute, async ({ merchant }) => okValue(await system.domainRoute(merchant)));
}
