import { z } from 'zod';
import { GAME_TYPES } from '../../../contract/constants.ts';

/**
 * A vendor's catalogue feed (docs/integrations.md "Catalogue feed"): every game it offers now. A game missing from a
 * later feed is hidden, not deleted. Codes are the games' node ids here and in the seamless calls.
 */
export const feedGame = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,79}$/, 'code: 1-80 of letters, digits and _ . -')
    .refine((c) => !c.includes('..'), 'code: no ".."'),
  /** Names by language; English is required (the fallback of every other language). */
  names: z
    .record(z.string().regex(/^[a-z]{2}$/), z.string().trim().min(1).max(120))
    .refine((n) => n.en !== undefined, 'names.en is required'),
  type: z.enum(GAME_TYPES),
  /** The game's class within its type (SLOT, TABLE, FISHING…): lobby lanes group by it. */
  category: z.string().regex(/^[A-Z0-9_]{1,30}$/, 'category: upper-case letters, digits and _'),
  picture: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .default(null),
  hot: z.boolean().default(false),
  new: z.boolean().default(false),
  order: z.number().int().min(0).max(1_000_000).default(0),
  /** Whether a trial (free-play) account may open it. */
  trial: z.boolean().default(false),
  /** Minor units. */
  minBet: z.number().int().min(0).max(1e12).default(0),
  /** Down for maintenance until then (ISO time), or null. */
  maintenanceUntil: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type FeedGame = z.output<typeof feedGame>;

export const gameFeed = z.object({ games: z.array(feedGame).max(20_000) });

/** The feed's games, or an error naming the first bad field; a feed that repeats a code is refused whole. */
export function parseFeed(json: unknown): FeedGame[] {
  const parsed = gameFeed.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Malformed feed at ${issue.path.join('.') || 'top'}: ${issue.message}`);
  }
  const codes = new Set<string>();
  for (const g of parsed.data.games) {
    if (codes.has(g.code)) throw new Error(`Malformed feed: game ${g.code} is listed twice`);
    codes.add(g.code);
  }
  return parsed.data.games;
}
