import type { FastifyInstance } from 'fastify';
import { opsCreateNotice, opsDeleteNotice, opsNotices } from '../../../contract/notices.ts';
import type { Db } from '../../db/client.ts';
import { okValue, route } from '../../http/route.ts';
import type { AuditLog } from '../audit/log.ts';
import { requireOpsToken } from '../ops/routes.ts';
import { createNoticeService } from './service.ts';

/** Operator announcement calls; absent, like the rest of the operator API, without an ops token. */
export async function noticeRoutes(
  app: FastifyInstance,
  deps: { db: Db; audit: AuditLog; opsToken?: string },
): Promise<void> {
  const { opsToken } = deps;
  if (!opsToken) return;
  const service = createNoticeService(deps.db, deps.audit);
  await app.register(async (ops) => {
    requireOpsToken(ops, opsToken);
    route(ops, opsNotices, async ({ params }) => okValue({ list: await service.list(params.code) }));
    route(ops, opsCreateNotice, async ({ params, body }) =>
      okValue({ notice: await service.create(params.code, body) }),
    );
    route(ops, opsDeleteNotice, async ({ params }) =>
      okValue({ id: await service.remove(params.code, params.id) }),
    );
  });
}
