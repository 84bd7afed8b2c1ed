import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../http/errors.ts';
import type { DevTools } from './service.ts';

/**
 * Dev-only tools (never registered in production): the SMS/e-mail outbox, and the answers of captchas of merchants
 * in captcha mode 'dev', so end-to-end tests and demos can pass through.
 */
export async function devRoutes(app: FastifyInstance, opts: { devTools: DevTools }): Promise<void> {
  const { devTools } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/__dev/outbox',
    { schema: { hide: true, querystring: z.object({ to: z.string().max(100).optional() }) } },
    async (req) => ({ success: true, value: await devTools.outbox(req.query.to) }),
  );
  r.get(
    '/__dev/captcha/:id',
    { schema: { hide: true, params: z.object({ id: z.string().max(64) }) } },
    async (req) => {
      const answer = await devTools.captchaAnswer(req.params.id);
      if (!answer) throw new DomainError(404, 'NOT_FOUND', 'No dev answer for this captcha');
      return { success: true, value: { answer } };
    },
  );
}
