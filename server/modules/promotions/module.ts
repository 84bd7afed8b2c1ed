import type { Db } from '../../db/client.ts';
import { type StoragePort, uploadsStorage } from '../../ports/storage.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Changes } from '../changes/service.ts';
import { cryptoRandom, type RandomInt } from '../inhouse/random.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { createApplications } from './applications.ts';
import { createEntryDecisions } from './decisions.ts';
import { createPromotionCatalogue } from './operator.ts';
import { createPayout } from './payout.ts';
import { createPromotionService } from './service.ts';

export interface PromotionModuleDeps {
  db: Db;
  ledger: Ledger;
  audit: AuditLog;
  /** Where a promotion's reward and terms are drafted for a second operator's approval. */
  changes: Changes;
  /** Where uploads go (default: the local folder `uploadsDir`, else ./data/uploads); pictures under `promotions/`. */
  storage?: StoragePort;
  uploadsDir?: string;
  /** Who wins a raffle (tests rig it). */
  random?: RandomInt;
  now?: () => Date;
}

/** Everything a promotions module is made of, for the routes and for tests that set the clock. */
export function createPromotions(deps: PromotionModuleDeps) {
  const { db, ledger, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const storage = uploadsStorage(deps);
  const pay = createPayout(db, { ledger, audit });
  const promotions = createPromotionService(db, { ledger, pay, now });
  return {
    storage,
    promotions,
    applications: createApplications(db, { promotions, pay, storage, now }),
    catalogue: createPromotionCatalogue(db, { audit, changes: deps.changes, now }),
    decisions: createEntryDecisions(db, { audit, pay, random: deps.random ?? cryptoRandom, now }),
  };
}
export type PromotionModule = ReturnType<typeof createPromotions>;
