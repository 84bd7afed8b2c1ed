import type { FastifyInstance } from 'fastify';
import { noticeIndex } from '../../../contract/content.ts';
import { requestLocale } from '../../http/locale.ts';
import { okValue, route } from '../../http/route.ts';
import type { createContentService } from './service.ts';

export async function contentRoutes(
  app: FastifyInstance,
  { content }: { content: ReturnType<typeof createContentService> },
): Promise<void> {
  route(app, noticeIndex, async ({ merchant, query, req }) =>
    okValue(await content.noticeIndex(merchant.code, requestLocale(req, query.language), query.types)),
  );
}
