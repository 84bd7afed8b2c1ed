import { z } from 'zod';
import { defineCall, emptyQuery, wpsReply } from './call.ts';

/** A prize of a draw's structure: label, how many numbers and their digits (North 27 numbers, South/Central 18). */
export const prizeSlot = z.object({
  label: z.string(),
  count: z.number().int(),
  digits: z.number().int(),
});
export type PrizeSlotView = z.infer<typeof prizeSlot>;

/**
 * A draw of an official lottery past its draw time without confirmed results. `pending`: someone entered results
 * that wait for a second operator (their numbers are never shown, so the check is typed blind); `mismatch`: the last
 * check disagreed on these prizes, and both enter again.
 */
export const awaitingDraw = z.object({
  gameCode: z.string(),
  name: z.string(),
  issue: z.string(),
  drawTime: z.string(),
  /** When the draw is voided and its bets refunded if no results are confirmed. */
  voidAt: z.string(),
  prizes: z.array(prizeSlot),
  pending: z
    .object({ enteredBy: z.string(), enteredAt: z.string(), source: z.enum(['FEED', 'OPERATOR']) })
    .nullable(),
  lastMismatch: z.object({ differs: z.array(z.string()), at: z.string() }).nullable(),
  bets: z.number().int(),
});
export type AwaitingDraw = z.infer<typeof awaitingDraw>;

export const resultsFeedStatus = z.object({
  /** development: the server stands in for official results (never in production); official: feed and/or entry. */
  mode: z.enum(['development', 'official']),
  feed: z
    .object({
      name: z.string(),
      trusted: z.boolean(),
      checkedAt: z.string().nullable(),
      okAt: z.string().nullable(),
      error: z.string().nullable(),
      errorAt: z.string().nullable(),
    })
    .nullable(),
  deadlineHours: z.number(),
});

export const opsAwaitingResults = defineCall({
  method: 'GET',
  path: '/ops/lottery/results',
  summary: 'Operator: official lottery draws awaiting results, and the results feed’s state',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  query: emptyQuery,
  response: wpsReply(z.object({ list: z.array(awaitingDraw), source: resultsFeedStatus })),
});

/**
 * Maker-checker entry of a draw's official numbers, all of them in prize order (DB, G1, G2 …). The first entry
 * waits; a second operator's identical entry confirms and settles the draw; a different one is a mismatch
 * (`differs` names the prizes) and both enter again. The operator who entered cannot confirm.
 */
export const opsEnterResults = defineCall({
  method: 'POST',
  path: '/ops/lottery/results/:gameCode/:issue',
  summary: 'Operator: enter a draw’s official results (a second operator confirms by entering them again)',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: z.object({
    gameCode: z.string().trim().min(1).max(40),
    issue: z.string().regex(/^\d{8}$/, 'An issue is YYYYMMDD'),
  }),
  body: z.object({
    numbers: z.array(z.string().trim().max(6)).min(1).max(27),
  }),
  response: wpsReply(
    z.object({
      state: z.enum(['PENDING', 'CONFIRMED', 'MISMATCH']),
      differs: z.array(z.string()),
      /** Bets settled by this confirmation. */
      settled: z.number().int(),
    }),
  ),
});
