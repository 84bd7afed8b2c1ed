import { integer } from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';

/** The member a row belongs to (apart from columns.ts, which accounts.ts itself imports). */
export const memberId = () =>
  integer('member_id')
    .notNull()
    .references(() => members.id);
