import type { Deliveries } from '../modules/deliveries/service.ts';
import type { JobSpec } from './scheduler.ts';

/**
 * SMS and e-mail: every few seconds (and at once when a message is queued) the due messages go to their drivers.
 * No process-wide lock: each message is claimed by one process (FOR UPDATE SKIP LOCKED), so several processes
 * share the queue, and a slow provider in one never stops the others' sends.
 */
export const deliveryJobSpec = (deliveries: Deliveries): JobSpec => ({
  name: 'deliveries',
  everyMs: 15_000,
  runAtStart: true,
  run: () => deliveries.runDue(),
});
