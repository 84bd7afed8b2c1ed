import type { FastifyInstance } from 'fastify';
import { opsCreateNotice, opsDeleteNotice, opsNotices } from '../../../contract/notices.ts';
import type { Db } from '../../db/client.ts';
import { okValue, route } from '../../http/route.ts';
import type { AuditLog } from '../audit/log.ts';
import { createNoticeService } from './service.ts';

/** Operator announcement calls. */
export function noticeRoutes(app: FastifyInstance, deps: { db: Db; audit: AuditLog }): void {
  const service = createNoticeService(deps.db, deps.audit);
  route(app, opsNotices, async ({ params }) => okValue({ list: await service.list(params.code) }));
  route(app, opsCreateNotice, async ({ params, body }) =>
    okValue({ notice: await service.create(params.code, body) }),
  );
  route(app, opsDeleteNotice, async ({ params }) =>
    okValue({ id: await service.remove(params.code, params.id) }),
  );
}
