import { z } from 'zod';
import { gameType } from '../../../contract/games.ts';
import { defineRules } from '../rules/store.ts';

/** Basis points: 10 000 = 100 %; a rebate above 5 % of turnover would be a mistake, not a promotion. */
const rateBp = z.number().int().min(0).max(500);

const rebateSchema = z.object({
  rates: z.partialRecord(gameType, rateBp),
  /** Minor units. */
  minClaim: z.number().int().min(1),
});

/**
 * The merchant's rebate rates per game type (rules topic `rebate`) and the least total a member can claim. A game
 * type without a rate earns nothing.
 */
export const REBATE_RULES = defineRules<z.infer<typeof rebateSchema>>('rebate', rebateSchema, {
  rates: {
    RNG: 80,
    INHOUSE: 80,
    FISH: 70,
    PVP: 60,
    LIVE: 50,
    SPORTS: 50,
    ESPORTS: 50,
    COCKFIGHT: 40,
    LOTT: 30,
    ELOTT: 30,
  },
  minClaim: 100,
});
