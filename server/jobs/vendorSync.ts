import type { Database } from '../db/client.ts';
import type { VendorSync } from '../modules/vendors/sync.ts';
import type { JobSpec } from './scheduler.ts';

/**
 * Catalogue syncs of the connected vendors, each when its `syncHours` have passed since its last run (first at
 * start). Checked every 10 minutes, once across processes.
 */
export const vendorSyncJob = (sync: VendorSync, exclusive: Database['exclusive']): JobSpec => ({
  name: 'vendorSync',
  everyMs: 10 * 60_000,
  runAtStart: true,
  run: () => exclusive('portico:job:vendorSync', () => sync.syncDue()),
});
