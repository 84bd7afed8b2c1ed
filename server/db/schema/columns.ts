import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';
import { merchants } from './merchants.ts';

/** Columns most tables share: the owning merchant, the member, and times with their zone. */
export const merchantCode = () =>
  text('merchant_code')
    .notNull()
    .references(() => merchants.code);

export const memberId = () =>
  integer('member_id')
    .notNull()
    .references(() => members.id);

export const at = (name: string) => timestamp(name, { withTimezone: true });
