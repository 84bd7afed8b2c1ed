import type { FastifyInstance } from 'fastify';
import { noticeIndex } from '../../../contract/content.ts';
import { requestLocale } from '../../http/locale.ts';
import type { ReplyCache } from '../../http/replyCache.ts';
import { okValue, route } from '../../http/route.ts';
import type { createContentService } from './service.ts';

export async function contentRoutes(
  app: FastifyInstance,
  { content, replies }: { content: ReturnType<typeof createContentService>; replies: ReplyCache },
): Promise<void> {
  // Every page asks it (the marquee, the banners, the popup): notices and banners are catalogue tables, whose writes
  // empty the reply cache (server/http/replyCache.ts).
  route(app, noticeIndex, async (ctx) => {
    const { merchant, query, req } = ctx;
    const locale = requestLocale(req, query.language);
    return replies.serve(ctx, noticeIndex, { key: [locale, query.types] }, async () =>
      okValue(await content.noticeIndex(merchant.code, locale, query.types)),
    );
  });
}
