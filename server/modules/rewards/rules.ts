import { z } from 'zod';
import { type TicketType, ticketType } from '../../../contract/rewards.ts';
import type { RandomInt } from '../inhouse/random.ts';
import { defineRules } from '../rules/store.ts';

const prize = z.number().int().positive().max(100_000_000);
const expiryDays = z.number().int().min(1).max(365);
/** A prize and its weight: a weight-3 prize is drawn three times as often as a weight-1 one. */
const weighted = z.object({ amount: prize, weight: z.number().int().min(1).max(1_000_000) });

/**
 * The prize table of each ticket type (minor units) and how many days an unopened ticket lasts. The red envelope
 * pays any amount in [min, max]; the wheel one of its segments (in the order drawn on the wheel); the golden egg
 * one of its prizes whichever egg the member breaks.
 */
export const TICKET_RULES = defineRules(
  'tickets',
  z.object({
    RED_ENVELOPE: z
      .object({ min: prize, max: prize, expiryDays })
      .refine((r) => r.min <= r.max, { message: 'min must not exceed max', path: ['max'] }),
    PRIZE_WHEEL: z.object({ segments: z.array(weighted).min(2).max(12), expiryDays }),
    GOLDEN_EGG: z.object({ prizes: z.array(weighted).min(1).max(12), expiryDays }),
    /** A credited deposit of at least `minDeposit` awards a ticket of `type` (null: deposits award none). */
    deposit: z.object({ type: ticketType, minDeposit: prize }).nullable(),
  }),
  {
    RED_ENVELOPE: { min: 100, max: 888, expiryDays: 7 },
    PRIZE_WHEEL: {
      segments: [
        { amount: 100, weight: 30 },
        { amount: 5_000, weight: 2 },
        { amount: 200, weight: 25 },
        { amount: 1_000, weight: 8 },
        { amount: 300, weight: 20 },
        { amount: 8_800, weight: 1 },
        { amount: 500, weight: 12 },
        { amount: 2_000, weight: 4 },
      ],
      expiryDays: 7,
    },
    GOLDEN_EGG: {
      prizes: [
        { amount: 200, weight: 50 },
        { amount: 800, weight: 35 },
        { amount: 3_000, weight: 15 },
      ],
      expiryDays: 7,
    },
    deposit: { type: 'RED_ENVELOPE', minDeposit: 10_000 },
  },
);
export type TicketRules = typeof TICKET_RULES.defaults;

/** The index of a weighted draw. */
export function weightedIndex(items: { weight: number }[], random: RandomInt): number {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let r = random(total);
  for (const [i, item] of items.entries()) {
    if (r < item.weight) return i;
    r -= item.weight;
  }
  return items.length - 1;
}

/** Draws a ticket's prize from the merchant's table: the amount and the segment or egg it came from. */
export function drawPrize(
  rules: TicketRules,
  type: TicketType,
  random: RandomInt,
  choice: number | undefined,
): { prize: number; prizeIndex: number | null } {
  switch (type) {
    case 'RED_ENVELOPE': {
      const { min, max } = rules.RED_ENVELOPE;
      return { prize: min + random(max - min + 1), prizeIndex: null };
    }
    case 'PRIZE_WHEEL': {
      const { segments } = rules.PRIZE_WHEEL;
      const i = weightedIndex(segments, random);
      return { prize: segments[i]!.amount, prizeIndex: i };
    }
    case 'GOLDEN_EGG': {
      const { prizes } = rules.GOLDEN_EGG;
      return { prize: prizes[weightedIndex(prizes, random)]!.amount, prizeIndex: choice ?? 0 };
    }
  }
}

/** What the pages may know of the tables: amounts, not weights. */
export const publicTables = (rules: TicketRules) => ({
  RED_ENVELOPE: { min: rules.RED_ENVELOPE.min, max: rules.RED_ENVELOPE.max },
  PRIZE_WHEEL: { segments: rules.PRIZE_WHEEL.segments.map((s) => s.amount) },
  GOLDEN_EGG: { prizes: rules.GOLDEN_EGG.prizes.map((p) => p.amount) },
});
