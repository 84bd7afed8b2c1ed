import { z } from 'zod';
import { defineCall, wpsReply } from './call.ts';
import { minorUnits } from './wallet.ts';

/**
 * Seamless wallet for third-party game vendors (Hub88-style): the vendor's server moves a member's money round by
 * round, each movement keyed by its own transaction id. The same id with the same body answers the first reply and
 * moves nothing; the same id with anything else (amount, member, round, kind) answers 409 DUPLICATE_TRANSACTION.
 *
 * Every request is signed by one vendor with its own key: `X-Vendor` names the vendor (a vendor of the merchant's
 * catalogue, and the body's `vassalage`), `X-Timestamp` is the signing time in Unix seconds (refused when more than
 * 5 minutes old or more than 30 s ahead), and `X-Signature` is hex HMAC-SHA256 of `seamlessSignedText(timestamp,
 * rawBody)` with the vendor's key. The merchant comes from the `Merchant` header (or the domain), never the body.
 */
export const SEAMLESS_SIGNATURE_HEADER = 'x-signature';
export const SEAMLESS_VENDOR_HEADER = 'x-vendor';
export const SEAMLESS_TIMESTAMP_HEADER = 'x-timestamp';
/** How old a signed request may be: a captured request cannot be sent again after this. */
export const SEAMLESS_REPLAY_WINDOW_MS = 5 * 60_000;
/** How far ahead of the server's clock a vendor's clock may run. */
export const SEAMLESS_CLOCK_SKEW_MS = 30_000;

/** What the signature covers: the timestamp and the raw body, so neither can be changed or reused alone. */
export const seamlessSignedText = (timestamp: string, rawBody: string) => `${timestamp}.${rawBody}`;

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
  signed: 'vendor',
  summary: 'Seamless wallet: the member’s main wallet balance (signed request)',
  body: z.object(player),
  response: wpsReply(z.object({ account: z.string(), balance: minorUnits, currency: z.string() })),
});

export const seamlessBet = defineCall({
  method: 'POST',
  path: '/seamless/bet',
  class: 'open',
  signed: 'vendor',
  summary:
    'Seamless wallet: debit a bet and open (or add to) its round; a refusal (INSUFFICIENT_FUNDS, a member who may not play) carries the balance',
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
  signed: 'vendor',
  summary: 'Seamless wallet: credit a win (0 allowed); settles its round unless roundClosed is false',
  body: z.object({
    ...player,
    txId: id('Transaction id'),
    roundId: id('Round id'),
    amount: minorUnits.nonnegative('Amount must not be negative').max(1e12, 'Amount is too large'),
    /**
     * Whether this win ends the round (Hub88's `round_closed`); false keeps it open for more wins (free spins,
     * bonus features) until a win with true, 0 allowed, closes it.
     */
    roundClosed: z.boolean().default(true),
  }),
  response: movementReply,
});

export const seamlessRollback = defineCall({
  method: 'POST',
  path: '/seamless/rollback',
  class: 'open',
  signed: 'vendor',
  summary:
    'Seamless wallet: reverse a bet by its transaction id (an unknown bet is recorded and refused later)',
  body: z.object({ ...player, txId: id('Transaction id'), betTxId: id('Bet transaction id') }),
  response: movementReply,
});
