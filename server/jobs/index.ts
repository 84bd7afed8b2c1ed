import type { Database, Db } from '../db/client.ts';
import type { Settlement } from '../modules/agent/settlement.ts';
import type { AuditLog } from '../modules/audit/log.ts';
import type { Deliveries } from '../modules/deliveries/service.ts';
import type { DrawEngine } from '../modules/lottery/draws.ts';
import type { ResultsService } from '../modules/lottery/results.ts';
import type { VendorSync } from '../modules/vendors/sync.ts';
import { createContractJob } from './contracts.ts';
import { deliveryJobSpec } from './deliveries.ts';
import { forceReceive } from './forceReceive.ts';
import { createLotteryJob, lotteryJobSpec } from './lottery.ts';
import { lotteryResultsJobSpec } from './lotteryResults.ts';
import type { JobSpec } from './scheduler.ts';
import { vendorSyncJob } from './vendorSync.ts';

/**
 * The background jobs, each once across processes (`exclusive`), built from the services of the composition root
 * (server/app.ts); readiness fails when one stops ticking.
 */
export function backgroundJobs(
  db: Db,
  deps: {
    audit: AuditLog;
    engine: DrawEngine;
    results: ResultsService;
    settlement: Settlement;
    deliveries: Deliveries;
    exclusive: Database['exclusive'];
    vendorSync?: VendorSync;
  },
): JobSpec[] {
  const { exclusive } = deps;
  const contracts = createContractJob(db, deps.settlement);
  return [
    // Disbursed withdrawals nobody answered count as received after the merchant's minutes.
    {
      name: 'forceReceive',
      everyMs: 60_000,
      run: () => exclusive('portico:job:forceReceive', () => forceReceive(db, deps.audit)),
    },
    // Lottery draws: reveal at each draw time, settle the bets, commit the next ones; first run now.
    lotteryJobSpec(createLotteryJob(deps.engine), exclusive),
    // Official lottery results: poll the feed after the draw times, void and refund what is past the deadline.
    lotteryResultsJobSpec(deps.results, exclusive),
    // Agent contracts: pay the salary and dividend windows that ended (real-time salary every 5 minutes; each
    // window exactly once by its keys in any case).
    {
      name: 'contracts',
      everyMs: 60_000,
      run: () => exclusive('portico:job:contracts', () => contracts.run()),
    },
    // SMS and e-mail to their providers, with retries (each message claimed by one process).
    deliveryJobSpec(deps.deliveries),
    // Vendors' catalogue feeds, each every `syncHours`.
    ...(deps.vendorSync ? [vendorSyncJob(deps.vendorSync, deps.exclusive)] : []),
  ];
}
