import { z } from 'zod';
import { defineCall, wpsReply } from './call.ts';
import { minorUnits } from './wallet.ts';

/**
 * Seamless wallet for third-party game vendors: the vendor's server moves a member's money round by round,
 * each movement keyed by its own transaction id (a replay answers the first reply and moves nothing).
 * Every request carries `X-Signature`: hex HMAC-SHA256 of the raw body with the merchant's seamless secret;
 * the merchant comes from the `Merchant` header (or the domain), never from the body.
 */
export const SEAMLESS_SIGNATURE_HEADER = 'x-signature';

const id = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required`)
    .max(100, `${what} is too long`)
    .regex(/^[\w:.-]+$/, `${what} may hold letters, digits and : . _ - only`);

const player = {
  /** The member's account name (the launch's `username`). */
  account: z.string().trim().min(1).max(40),
  /** The vendor code: transaction and round ids are unique per vendor. */
  vassalage: z.string().trim().min(1).max(40),
};

const movementReply = wpsReply(
  z.object({
    txId: z.string(),
    /** Null for the rollback of a bet never seen. */
    roundId: z.string().nullable(),
    amount: minorUnits,
    balance: minorUnits,
    currency: z.string(),
  }),
);

export const seamlessBalance = defineCall({
  method: 'POST',
  path: '/seamless/balance',
  class: 'open',
  summary: 'Seamless wallet: the member’s main wallet balance (signed request)',
  body: z.object(player),
  response: wpsReply(z.object({ account: z.string(), balance: minorUnits, currency: z.string() })),
});

export const seamlessBet = defineCall({
  method: 'POST',
  path: '/seamless/bet',
  class: 'open',
  summary:
    'Seamless wallet: debit a bet and open (or add to) its round; 409 INSUFFICIENT_FUNDS carries the balance',
  body: z.object({
    ...player,
    /** The game (catalogue node id). */
    nodeId: z.string().trim().min(1).max(80),
    txId: id('Transaction id'),
    roundId: id('Round id'),
    amount: minorUnits.positive('Amount must be more than 0').max(1e12, 'Amount is too large'),
  }),
  response: movementReply,
});

export const seamlessWin = defineCall({
  method: 'POST',
  path: '/seamless/win',
  class: 'open',
  summary: 'Seamless wallet: credit a win (0 allowed) and settle its round',
  body: z.object({
    ...player,
    txId: id('Transaction id'),
    roundId: id('Round id'),
    amount: minorUnits.nonnegative('Amount must not be negative').max(1e12, 'Amount is too large'),
  }),
  response: movementReply,
});

export const seamlessRollback = defineCall({
  method: 'POST',
  path: '/seamless/rollback',
  class: 'open',
  summary:
    'Seamless wallet: reverse a bet by its transaction id (an unknown bet is recorded and refused later)',
  body: z.object({ ...player, txId: id('Transaction id'), betTxId: id('Bet transaction id') }),
  response: movementReply,
});
