import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { CaptchaService } from '../auth/captcha.ts';

/**
 * Dev-only tools (never registered in production): the SMS/e-mail outbox, and the answers of captchas of merchants
 * in captcha mode 'dev', so end-to-end tests and demos can pass through.
 */
export function devRoutes(app: FastifyInstance, db: Db, captcha: CaptchaService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/__dev/outbox',
    { schema: { hide: true, querystring: z.object({ to: z.string().max(100).optional() }) } },
    async (req) => {
      const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(100);
      const to = req.query.to?.replace(/\D/g, '');
      return {
        success: true,
        value: to ? rows.filter((m) => m.recipient.replace(/\D/g, '').endsWith(to)) : rows,
      };
    },
  );
  r.get(
    '/__dev/captcha/:id',
    { schema: { hide: true, params: z.object({ id: z.string().max(64) }) } },
    async (req) => {
      const answer = await captcha.devAnswer(req.params.id);
      if (!answer) throw new DomainError(404, 'NOT_FOUND', 'No dev answer for this captcha');
      return { success: true, value: { answer } };
    },
  );
}
