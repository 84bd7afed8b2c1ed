import { z } from 'zod';
import { bankDetails } from '../../../contract/merchantSettings.ts';
import { defineRules } from '../rules/store.ts';

const minor = z.number().int().positive().max(100_000_000_000);
const range = z
  .object({ min: minor, max: minor })
  .refine((r) => r.min <= r.max, { message: 'min must not exceed max', path: ['max'] });

/**
 * A merchant's deposit and withdrawal rules (minor units): the server enforces them and the pages show them
 * (paymentSettings). An operator sets them with `npm run ops -- rules <merchant> payments '<json>'`.
 */
export const PAYMENT_RULES = defineRules(
  'payments',
  z.object({
    deposit: range,
    withdrawal: range.and(
      z.object({
        maxCount: z.number().int().min(1).max(100),
        forceReceiveMinutes: z
          .number()
          .int()
          .min(1)
          .max(7 * 24 * 60),
      }),
    ),
    /** The house account of manual transfers: one schema with the back office's form (/ops payment details). */
    bank: bankDetails,
  }),
  {
    deposit: { min: 10_000, max: 5_000_000 },
    withdrawal: { min: 10_000, max: 2_000_000, maxCount: 5, forceReceiveMinutes: 30 },
    // No brand's account: a merchant whose operators have not set theirs shows members that it is not set (nothing to
    // transfer to by mistake); the demo seed gives each demo brand its own.
    bank: { bankName: 'Not set', accountName: 'Ask customer service', accountNo: 'Not set' },
  },
);
export type PaymentRules = typeof PAYMENT_RULES.defaults;
