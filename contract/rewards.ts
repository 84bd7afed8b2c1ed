import { z } from 'zod';
import { defineCall, emptyQuery, paging, wpsReply } from './call.ts';
import { minorUnits } from './wallet.ts';

/** Reward tickets (spec §3): what a deposit or a mission awards, opened by the member for a drawn prize. */
export const ticketType = z.enum(['RED_ENVELOPE', 'PRIZE_WHEEL', 'GOLDEN_EGG']);
export type TicketType = z.infer<typeof ticketType>;

/** EXPIRED is not stored: an unopened ticket past its `expiresAt` reads as expired. */
export const ticketStatus = z.enum(['AVAILABLE', 'OPENED', 'EXPIRED']);
export type TicketStatus = z.infer<typeof ticketStatus>;

/** A golden-egg ticket offers this many eggs; the member breaks one (`choice` 0 … EGG_COUNT − 1). */
export const EGG_COUNT = 3;

export const rewardTicket = z.object({
  id: z.number().int(),
  type: ticketType,
  /** What awarded it: DEPOSIT, MISSION, OPS … */
  source: z.string(),
  status: ticketStatus,
  /** Minor units, once opened. */
  prize: minorUnits.nullable(),
  /** The wheel segment or the egg the prize came from (what the page shows); null for red envelopes. */
  prizeIndex: z.number().int().nullable(),
  expiresAt: z.string(),
  openedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RewardTicket = z.infer<typeof rewardTicket>;

export const rewardTickets = defineCall({
  method: 'GET',
  path: '/wps/reward/tickets',
  class: 'read',
  summary:
    'The member’s reward tickets (newest first), optionally of one status, with the count of each status',
  auth: 'token',
  registeredOnly: true,
  query: z.object({
    status: ticketStatus.optional(),
    ...paging(),
  }),
  response: wpsReply(
    z.object({
      list: z.array(rewardTicket),
      totalPages: z.number().int(),
      counts: z.record(ticketStatus, z.number().int()),
    }),
  ),
});

export const openTicket = defineCall({
  method: 'POST',
  path: '/wps/reward/openTicket',
  class: 'claim',
  summary:
    'Open an available ticket: draws its prize and pays it to the main wallet; opening it again answers the same prize',
  auth: 'token',
  registeredOnly: true,
  body: z.object({
    ticketId: z.number({ error: 'Ticket id must be a number' }).int().positive().max(Number.MAX_SAFE_INTEGER),
    /** Golden egg: the egg the member breaks. */
    choice: z
      .number()
      .int()
      .min(0)
      .max(EGG_COUNT - 1, `Choose one of the ${EGG_COUNT} eggs`)
      .optional(),
  }),
  response: wpsReply(
    z.object({
      ticket: rewardTicket,
      prize: minorUnits,
      prizeIndex: z.number().int().nullable(),
      /** The member's balance after (as the header shows it). */
      balance: minorUnits,
    }),
  ),
});

/** What each ticket type can pay (the wheel's segments in order, the eggs' possible prizes), in minor units. */
export const prizeTables = z.object({
  RED_ENVELOPE: z.object({ min: minorUnits, max: minorUnits }),
  PRIZE_WHEEL: z.object({ segments: z.array(minorUnits) }),
  GOLDEN_EGG: z.object({ prizes: z.array(minorUnits) }),
});
export type PrizeTables = z.infer<typeof prizeTables>;

export const rewardPrizes = defineCall({
  method: 'GET',
  path: '/wps/reward/prizes',
  class: 'read',
  summary: 'The merchant’s prize table of each ticket type (wheel segments in order)',
  auth: 'token',
  registeredOnly: true,
  query: emptyQuery,
  response: wpsReply(prizeTables),
});

/** Ledger kinds that credit a bonus to the member's main wallet (Bonus Details lists these). */
export const bonusKind = z.enum([
  'TICKET_PRIZE',
  'MISSION_REWARD',
  'REBATE',
  'REFERRAL_BONUS',
  'PROMO_REWARD',
]);
export type BonusKind = z.infer<typeof bonusKind>;

export const bonusDetails = defineCall({
  method: 'GET',
  path: '/wps/bonus/details',
  class: 'read',
  summary:
    'The member’s bonus credits (ticket prizes, mission rewards, rebates, referral bonuses, promotion rewards) over days',
  auth: 'token',
  registeredOnly: true,
  query: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    type: bonusKind.optional(),
    ...paging(),
  }),
  response: wpsReply(
    z.object({
      list: z.array(
        z.object({
          id: z.number().int(),
          kind: bonusKind,
          amount: minorUnits,
          createdAt: z.string(),
          /** What the paying module said about it (`remark` of its ledger reply): a ticket's type, a mission code … */
          remark: z.string().nullable(),
        }),
      ),
      /** Sum of every credit in the range and type (not only this page). */
      total: minorUnits,
      totalPages: z.number().int(),
    }),
  ),
});
