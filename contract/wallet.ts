import { z } from 'zod';
import { defineCall, emptyQuery, wpsReply } from './call.ts';

/** Money travels as integer minor units; the SPA formats it (2 decimals, thousands separators, currency sign). */
export const minorUnits = z.number().int();

export const balance = defineCall({
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  class: 'read',
  summary: 'The member’s balance: the sum of the main and vendor wallets, in minor units',
  auth: 'token',
  query: emptyQuery,
  response: wpsReply(z.object({ sumBalance: minorUnits, currency: z.string(), currencySign: z.string() })),
});
