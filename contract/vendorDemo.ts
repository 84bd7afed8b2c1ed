import { z } from 'zod';
import { defineCall, emptyQuery, wpsReply } from './call.ts';
import { gameType } from './games.ts';
import { minorUnits } from './wallet.ts';

/**
 * The demo vendor: the stand-in game server of every seeded third-party vendor (game-vendor port, demo driver).
 * Its page shows the launched game and moves money between the member's main wallet and the vendor wallet, as a
 * transfer-wallet vendor does. Authenticated by the launch token (header X-Launch-Token).
 */
const wallets = z.object({
  /** The member's main wallet, minor units. */
  main: minorUnits,
  /** The member's wallet at this vendor, minor units. */
  vendor: minorUnits,
  currencySign: z.string(),
});

export const vendorDemoSession = defineCall({
  method: 'GET',
  path: '/vendor-demo/session',
  class: 'read',
  summary: 'Demo vendor: the launched game and the member’s main and vendor wallets',
  auth: 'launch',
  query: emptyQuery,
  response: wpsReply(
    z.object({
      nodeId: z.string(),
      gameName: z.string(),
      vendorName: z.string(),
      gameType,
      iconUrl: z.string(),
      trial: z.boolean(),
      wallets,
    }),
  ),
});

export const vendorDemoTransfer = defineCall({
  method: 'POST',
  path: '/vendor-demo/transfer',
  class: 'play',
  summary:
    'Demo vendor: move money main → vendor (in) or vendor → main (out); a repeated requestId moves nothing',
  auth: 'launch',
  body: z.object({
    requestId: z.uuid('Request id must be a UUID'),
    direction: z.enum(['in', 'out']),
    amount: z
      .number({ error: 'Amount must be a number' })
      .int('Amount must be a whole number of minor units')
      .positive('Amount must be more than 0')
      .max(100_000_000_000, 'Amount is too large'),
  }),
  response: wpsReply(z.object({ wallets })),
});
