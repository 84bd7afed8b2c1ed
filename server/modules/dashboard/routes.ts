import type { FastifyInstance } from 'fastify';
import { opsDashboard } from '../../../contract/dashboard.ts';
import { DomainError } from '../../http/errors.ts';
import type { MerchantCache } from '../../http/merchantCache.ts';
import { okValue, route } from '../../http/route.ts';
import type { Dashboard } from './service.ts';

export interface DashboardModuleDeps {
  dashboard: Dashboard;
  merchants: MerchantCache;
}

/** The back office's overview (merchant from the query, checked against the operator's grant by the ops gate). */
export async function dashboardRoutes(app: FastifyInstance, deps: DashboardModuleDeps): Promise<void> {
  route(app, opsDashboard, async ({ query: { merchant: code, ...range } }) => {
    const merchant = await deps.merchants.byCode(code);
    if (!merchant) throw new DomainError(404, 'NOT_FOUND', 'Not found');
    return okValue(await deps.dashboard.overview(merchant, range));
  });
}
