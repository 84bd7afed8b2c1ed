import { and, asc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { OpsNotice, opsCreateNotice } from '../../../contract/notices.ts';
import type { Db } from '../../db/client.ts';
import { notices } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { sanitizeHtml } from '../../lib/html.ts';
import type { AuditLog } from '../audit/log.ts';
import { mustExist } from '../merchant/exists.ts';

type NewNotice = z.output<typeof opsCreateNotice.body>;

/** Cleans every language's HTML; a language whose content was nothing but unsafe markup is refused. */
export function cleanContents(contents: Record<string, string>): Record<string, string> {
  const clean = Object.fromEntries(
    Object.entries(contents).map(([lang, html]) => [lang, sanitizeHtml(html)]),
  );
  const emptied = Object.keys(clean).filter((lang) => clean[lang]!.trim() === '');
  if (emptied.length > 0)
    throw new DomainError(
      400,
      'VALIDATION',
      'Content has nothing left once unsafe markup is removed',
      Object.fromEntries(
        emptied.map((lang) => [`contents.${lang}`, 'Nothing left once unsafe markup is removed']),
      ),
    );
  return clean;
}

const toOps = (n: typeof notices.$inferSelect): OpsNotice => ({
  id: n.id,
  type: n.type,
  titles: n.titles,
  contents: n.contents,
  sort: n.sort,
});

/** The operator's side of announcements; members read them through the content module's notice index. */
export function createNoticeService(db: Db, audit: AuditLog) {
  return {
    async list(code: string): Promise<OpsNotice[]> {
      await mustExist(db, code);
      const rows = await db
        .select()
        .from(notices)
        .where(eq(notices.merchantCode, code))
        .orderBy(asc(notices.sort), asc(notices.id));
      return rows.map(toOps);
    },

    async create(code: string, input: NewNotice): Promise<OpsNotice> {
      const contents = cleanContents(input.contents);
      return db.transaction(async (tx) => {
        await mustExist(tx, code);
        const sort =
          input.sort ??
          ((
            await tx
              .select({ last: max(notices.sort) })
              .from(notices)
              .where(eq(notices.merchantCode, code))
          )[0]?.last ?? -1) + 1;
        const [row] = await tx
          .insert(notices)
          .values({ merchantCode: code, type: input.type, titles: input.titles, contents, sort })
          .returning();
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: 'notice.create',
          subject: { id: row!.id, type: row!.type, title: row!.titles.en },
        });
        return toOps(row!);
      });
    },

    async remove(code: string, id: number): Promise<number> {
      return db.transaction(async (tx) => {
        await mustExist(tx, code);
        const [row] = await tx
          .delete(notices)
          .where(and(eq(notices.merchantCode, code), eq(notices.id, id)))
          .returning();
        if (!row)
          throw new DomainError(404, 'NOT_FOUND', 'No such announcement', { id: 'No such announcement' });
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: 'notice.delete',
          subject: { id, type: row.type, title: row.titles.en },
        });
        return id;
      });
    },
  };
}
export type NoticeService = ReturnType<typeof createNoticeService>;
