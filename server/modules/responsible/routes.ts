import type { FastifyInstance } from 'fastify';
import { responsibleStatus, setLimit, takeBreak } from '../../../contract/responsible.ts';
import { okValue, route } from '../../http/route.ts';
import type { ResponsibleGambling } from './service.ts';

export async function responsibleRoutes(
  app: FastifyInstance,
  { responsible: rg }: { responsible: ResponsibleGambling },
): Promise<void> {
  route(app, responsibleStatus, async ({ auth }) => okValue(await rg.status(auth.member)));
  route(app, setLimit, async ({ auth, body }) =>
    okValue(await rg.setLimit(auth.member, body.kind, body.period, body.amount)),
  );
  route(
    app,
    takeBreak,
    async ({ auth, body }) => okValue(await rg.takeBreak(auth.member, body.length, body.password)),
    {
      rateLimit: { max: 10, timeWindow: '1 minute' },
    },
  );
}
