import type { FastifyInstance } from 'fastify';
import {
  opsAddPaymentChannel,
  opsPaymentChannels,
  opsUpdatePaymentChannel,
} from '../../../contract/payments.ts';
import { okValue, route } from '../../http/route.ts';
import type { Channels } from './channels.ts';

/**
 * Operators' payment channels of a merchant (FINANCE and ADMIN: in production both must have two-factor login on
 * before any call, server/modules/backoffice/gate.ts). Each write is audited; secrets go in and never come out.
 */
export async function paymentChannelRoutes(
  app: FastifyInstance,
  opts: { channels: Channels },
): Promise<void> {
  const { channels } = opts;
  route(app, opsPaymentChannels, async ({ params }) =>
    okValue({ list: await channels.list(params.code), kinds: channels.kinds, sealed: channels.sealed }),
  );
  route(app, opsAddPaymentChannel, async ({ params, body }) =>
    okValue({ channel: await channels.add(params.code, body) }),
  );
  route(app, opsUpdatePaymentChannel, async ({ params, body }) =>
    okValue({ channel: await channels.update(params.code, params.id, body) }),
  );
}
