import { asc, count, desc, eq } from 'drizzle-orm';
import type { HelpItem } from '../../../contract/help.ts';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { feedback, helpItems, members } from '../../db/schema/index.ts';
import { sanitizeHtml } from '../../lib/html.ts';
import { localized } from '../content/service.ts';

export function createHelpService(db: Db) {
  return {
    /** The merchant's help items in order; contents cleaned again on the way out (rows may predate cleaning). */
    async items(merchantCode: string, locale: Locale): Promise<HelpItem[]> {
      const rows = await db
        .select()
        .from(helpItems)
        .where(eq(helpItems.merchantCode, merchantCode))
        .orderBy(asc(helpItems.sort), asc(helpItems.id));
      return rows.map((r) => ({
        id: r.id,
        title: localized(r.titles, locale),
        content: sanitizeHtml(localized(r.contents, locale)),
        anchor: r.anchor,
      }));
    },

    async send(merchantCode: string, memberId: number | null, content: string) {
      const [row] = await db.insert(feedback).values({ merchantCode, memberId, content }).returning();
      return { id: row!.id };
    },

    /** Operator view, newest first, with the sender's account (null for a visitor). */
    async list(merchantCode: string, page: { pageNo: number; pageSize: number }) {
      const mine = eq(feedback.merchantCode, merchantCode);
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(feedback).where(mine);
      const rows = await db
        .select({
          id: feedback.id,
          account: members.account,
          content: feedback.content,
          createdAt: feedback.createdAt,
        })
        .from(feedback)
        .leftJoin(members, eq(members.id, feedback.memberId))
        .where(mine)
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(page.pageSize)
        .offset((page.pageNo - 1) * page.pageSize);
      return {
        list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        totalPages: Math.ceil(n / page.pageSize),
      };
    },
  };
}
export type HelpService = ReturnType<typeof createHelpService>;
