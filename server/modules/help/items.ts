import { and, asc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { OpsHelpItem, opsCreateHelpItem, opsUpdateHelpItem } from '../../../contract/help.ts';
import type { Db, Tx } from '../../db/client.ts';
import { helpItems } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import { mustExist } from '../merchant/exists.ts';
import { cleanContents } from '../notices/service.ts';

type NewItem = z.output<typeof opsCreateHelpItem.body>;
type ItemChange = z.output<typeof opsUpdateHelpItem.body>;

const toOps = (r: typeof helpItems.$inferSelect): OpsHelpItem => ({
  id: r.id,
  titles: r.titles,
  contents: r.contents,
  anchor: r.anchor,
  sort: r.sort,
});

const noItem = () => new DomainError(404, 'NOT_FOUND', 'No such help item', { id: 'No such help item' });

/**
 * The operator's side of the help centre (spec §7 helpCenter): items per merchant with titles and HTML per
 * language, cleaned by the same sanitiser as announcements; members read them through HelpService on every request.
 */
export function createHelpItems(db: Db, audit: AuditLog) {
  const rowsOf = (tx: Db | Tx, code: string) =>
    tx
      .select()
      .from(helpItems)
      .where(eq(helpItems.merchantCode, code))
      .orderBy(asc(helpItems.sort), asc(helpItems.id));

  /** One anchor per merchant: a link opens one item. */
  async function anchorFree(tx: Tx, code: string, anchor: string | null | undefined, self?: number) {
    if (!anchor) return;
    const [taken] = await tx
      .select({ id: helpItems.id })
      .from(helpItems)
      .where(and(eq(helpItems.merchantCode, code), eq(helpItems.anchor, anchor)));
    if (taken && taken.id !== self)
      throw new DomainError(409, 'CONFLICT', 'Another item has this anchor', {
        anchor: 'Another item has this anchor',
      });
  }

  return {
    async list(code: string): Promise<OpsHelpItem[]> {
      await mustExist(db, code);
      return (await rowsOf(db, code)).map(toOps);
    },

    async create(code: string, input: NewItem): Promise<OpsHelpItem> {
      const contents = cleanContents(input.contents);
      return db.transaction(async (tx) => {
        await mustExist(tx, code);
        await anchorFree(tx, code, input.anchor);
        const [last] = await tx
          .select({ sort: max(helpItems.sort) })
          .from(helpItems)
          .where(eq(helpItems.merchantCode, code));
        const [row] = await tx
          .insert(helpItems)
          .values({
            merchantCode: code,
            titles: input.titles as Record<string, string>,
            contents,
            anchor: input.anchor,
            sort: (last?.sort ?? -1) + 1,
          })
          .returning();
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: 'HELP_ITEM_ADDED',
          subject: { id: row!.id, title: row!.titles.en },
        });
        return toOps(row!);
      });
    },

    async update(code: string, id: number, change: ItemChange): Promise<OpsHelpItem> {
      const contents = change.contents ? cleanContents(change.contents) : undefined;
      return db.transaction(async (tx) => {
        await anchorFree(tx, code, change.anchor, id);
        const [row] = await tx
          .update(helpItems)
          .set({
            ...(change.titles ? { titles: change.titles as Record<string, string> } : {}),
            ...(contents ? { contents } : {}),
            ...(change.anchor !== undefined ? { anchor: change.anchor } : {}),
          })
          .where(and(eq(helpItems.merchantCode, code), eq(helpItems.id, id)))
          .returning();
        if (!row) throw noItem();
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: 'HELP_ITEM_CHANGED',
          subject: { id, fields: Object.keys(change), title: row.titles.en },
        });
        return toOps(row);
      });
    },

    async remove(code: string, id: number): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(helpItems)
          .where(and(eq(helpItems.merchantCode, code), eq(helpItems.id, id)))
          .returning();
        if (!row) throw noItem();
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: 'HELP_ITEM_DELETED',
          subject: { id, title: row.titles.en },
        });
        return id;
      });
    },

    /** Every item of the merchant, each once, in the new order: a list made from a stale page is refused. */
    async order(code: string, ids: number[]): Promise<OpsHelpItem[]> {
      return db.transaction(async (tx) => {
        await mustExist(tx, code);
        const rows = await rowsOf(tx, code).for('update');
        const known = new Set(rows.map((r) => r.id));
        if (ids.length !== rows.length || !ids.every((id) => known.has(id)))
          throw new DomainError(409, 'CONFLICT', 'The items changed meanwhile: reload and order them again', {
            ids: 'List every item of the merchant once',
          });
        for (const [sort, id] of ids.entries())
          await tx.update(helpItems).set({ sort }).where(eq(helpItems.id, id));
        await audit.append(tx, {
          merchantCode: code,
          actor: 'ops',
          action: 'HELP_ITEMS_ORDERED',
          subject: { ids },
        });
        return (await rowsOf(tx, code)).map(toOps);
      });
    },
  };
}
export type HelpItems = ReturnType<typeof createHelpItems>;
