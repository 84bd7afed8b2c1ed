import type { FastifyInstance } from 'fastify';
import { opsCreateNotice, opsDeleteNotice, opsNotices } from '../../../contract/notices.ts';
import { okValue, route } from '../../http/route.ts';
import type { NoticeService } from './service.ts';

/** Operator announcement calls. */
export async function noticeRoutes(
  app: FastifyInstance,
  { notices: service }: { notices: NoticeService },
): Promise<void> {
  route(app, opsNotices, async ({ params }) => okValue({ list: await service.list(params.code) }));
  route(app, opsCreateNotice, async ({ params, body }) =>
    okValue({ notice: await service.create(params.code, body) }),
  );
  route(app, opsDeleteNotice, async ({ params }) =>
    okValue({ id: await service.remove(params.code, params.id) }),
  );
}
