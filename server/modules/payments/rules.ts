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
    bank: { bankName: 'Demo Bank', accountName: 'Portico Gaming Ltd', accountNo: '6200 1234 5678' },
  },
);
export type PaymentRules = typeof PAYMENT_RULES.defaults;
