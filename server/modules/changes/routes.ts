import type { FastifyInstance } from 'fastify';
import { opsApproveChange, opsChanges, opsRejectChange } from '../../../contract/changes.ts';
import { okValue, route } from '../../http/route.ts';
import type { Changes } from './service.ts';

/** Pending changes to what pays members, and their approval by a second operator (contract/changes.ts). */
export async function changeRoutes(app: FastifyInstance, { changes }: { changes: Changes }): Promise<void> {
  route(app, opsChanges, async ({ params, query, auth }) =>
    okValue({ list: await changes.list(params.code, query, auth.operator) }),
  );
  route(app, opsApproveChange, async ({ params, body, auth }) =>
    okValue({ change: await changes.approve(params.id, auth.operator, body?.remark) }),
  );
  route(app, opsRejectChange, async ({ params, body, auth }) =>
    okValue({ change: await changes.reject(params.id, auth.operator, body?.remark) }),
  );
}
