import type { FastifyInstance } from 'fastify';
import { opsDeliveries, opsRetryDelivery, opsSenders, opsSetSenders } from '../../../contract/deliveries.ts';
import { okValue, route } from '../../http/route.ts';
import { grantedMerchants } from '../backoffice/scope.ts';
import type { Deliveries } from './service.ts';

/** The back office's view of SMS and e-mail: sends, retries of failed ones, and each merchant's senders. */
export async function deliveryRoutes(
  app: FastifyInstance,
  { deliveries, wake }: { deliveries: Deliveries; wake: () => void },
): Promise<void> {
  route(app, opsDeliveries, async ({ query, auth }) =>
    okValue(await deliveries.list(query, grantedMerchants(auth.operator))),
  );
  route(app, opsRetryDelivery, async ({ params }) => {
    const delivery = await deliveries.retry(params.id);
    wake();
    return okValue({ delivery });
  });
  route(app, opsSenders, async ({ params }) => okValue({ senders: await deliveries.senders(params.code) }));
  route(app, opsSetSenders, async ({ params, body }) =>
    okValue({ senders: await deliveries.setSenders(params.code, body) }),
  );
}
