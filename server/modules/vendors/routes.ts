import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { merchantCode } from '../../../contract/merchant.ts';
import { opsGameOverride, opsVendorSync, opsVendors } from '../../../contract/vendors.ts';
import { DomainError } from '../../http/errors.ts';
import { okValue, route } from '../../http/route.ts';
import type { VendorSync } from './sync.ts';

const notFound = () => new DomainError(404, 'NOT_FOUND', 'No such picture');

/** Game vendors in /ops (list, sync now, game overrides) and the games' stored pictures. */
export async function vendorRoutes(app: FastifyInstance, { sync }: { sync: VendorSync }): Promise<void> {
  route(app, opsVendors, async ({ params }) => okValue({ list: await sync.list(params.code) }));
  route(app, opsVendorSync, async ({ params }) => {
    await sync.sync(params.code, params.vendor, 'ops');
    const row = (await sync.list(params.code)).find((v) => v.vendor === params.vendor);
    if (!row) throw new DomainError(404, 'NOT_FOUND', `No vendor ${params.vendor}`);
    return okValue(row);
  });
  route(app, opsGameOverride, async ({ params, body }) =>
    okValue(await sync.override(params.code, params.nodeId, body)),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/art/:merchant/pictures/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          merchant: merchantCode,
          file: z
            .string()
            .regex(/^[A-Za-z0-9_.-]{1,80}\.webp$/)
            .transform((f) => f.slice(0, -5)),
        }),
      },
    },
    async (req, reply) => {
      const picture = await sync.picture(req.params.merchant, req.params.file);
      if (!picture) throw notFound();
      // The address carries the picture's hash (?v=): a new picture has a new address.
      reply.header('cache-control', 'public, max-age=604800');
      return reply.type('image/webp').send(picture);
    },
  );
}
