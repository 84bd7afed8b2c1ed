import type { Db } from '../db/client.ts';
import { merchants } from '../db/schema/index.ts';
import type { Settlement } from '../modules/agent/settlement.ts';

/**
 * How long after a window ends the job settles it: a round's settled_at is stamped before its transaction commits,
 * so a round committing just after the window's end still counts in it.
 */
export const SETTLE_GRACE_MS = 60_000;

/**
 * The contract job: settles every merchant's contract windows that ended (real-time salary every 5 minutes, the
 * others by the hour, day or period). Each window pays exactly once by its keys, so overlapping runs and several
 * processes are safe; `run` still skips a tick while this process's previous run is busy.
 */
export function createContractJob(db: Db, settlement: Settlement) {
  let busy = false;
  return {
    async run(now: Date = new Date()) {
      if (busy) return null;
      busy = true;
      try {
        const until = new Date(now.getTime() - SETTLE_GRACE_MS);
        let settled = 0;
        let paid = 0n;
        for (const { code } of await db.select({ code: merchants.code }).from(merchants)) {
          const done = await settlement.settle(code, until);
          settled += done.settled;
          paid += done.paid;
        }
        return { settled, paid };
      } finally {
        busy = false;
      }
    },
  };
}
