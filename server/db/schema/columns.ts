import { text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';

/** Columns most tables share: the owning merchant and times with their zone (the member's: accounts.ts memberId). */
export const merchantCode = () =>
  text('merchant_code')
    .notNull()
    .references(() => merchants.code);

export const at = (name: string) => timestamp(name, { withTimezone: true });
