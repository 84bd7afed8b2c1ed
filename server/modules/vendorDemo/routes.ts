import type { FastifyInstance } from 'fastify';
import { vendorDemoSession, vendorDemoTransfer } from '../../../contract/vendorDemo.ts';
import { okValue, route } from '../../http/route.ts';
import type { VendorDemo } from './service.ts';

/** The demo vendor's game server over HTTP (launch-token calls: registered where `authenticateLaunch` is). */
export async function vendorDemoRoutes(
  app: FastifyInstance,
  opts: { vendorDemo: VendorDemo },
): Promise<void> {
  const { vendorDemo } = opts;
  route(app, vendorDemoSession, async ({ auth: launch, merchant }) =>
    okValue(await vendorDemo.session(merchant, launch)),
  );
  route(app, vendorDemoTransfer, async ({ auth: launch, body, merchant }) =>
    okValue(await vendorDemo.transfer(merchant, launch, body)),
  );
}
