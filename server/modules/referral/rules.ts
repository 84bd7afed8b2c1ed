import { z } from 'zod';
import { defineRules } from '../rules/store.ts';

const minor = z.number().int().min(0).max(100_000_000_000);

/** The referral bonus: a share of a referred friend's first deposit, paid once per friend to the referrer. */
export const REFERRAL_RULES = defineRules(
  'referral',
  z.object({ rateBp: z.number().int().min(0).max(10_000), maxBonus: minor, minDeposit: minor }),
  { rateBp: 500, maxBonus: 20_000, minDeposit: 10_000 },
);
