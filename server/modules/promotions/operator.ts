import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { opsCreatePromotion, opsUpdatePromotion } from '../../../contract/promotions.ts';
import { type Db, pgErrorCode } from '../../db/client.ts';
import { merchants, promotionEntries, promotions } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import { cleanContents } from '../notices/service.ts';
import type { Tx } from '../wallet/ledger.ts';
import { type PromotionRow, settingsOf, toOpsPromotion } from './view.ts';

type NewPromotion = z.output<typeof opsCreatePromotion.body>;
type PromotionChange = z.output<typeof opsUpdatePromotion.body>;

const invalid = (field: string, message: string) =>
  new DomainError(400, 'VALIDATION', message, { [field]: message });

export async function mustExist(tx: Db | Tx, code: string): Promise<void> {
  const [m] = await tx.select({ code: merchants.code }).from(merchants).where(eq(merchants.code, code));
  if (!m) throw new DomainError(404, 'NOT_FOUND', `Unknown merchant "${code}"`);
}

const checkDates = (startsAt: Date, endsAt: Date | null) => {
  if (endsAt && endsAt <= startsAt) throw invalid('endsAt', 'The end must come after the start');
};

/** A second promotion with the same code in the merchant. */
async function unlessCodeTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw new DomainError(409, 'CONFLICT', 'This promo code is already in use', {
        'settings.code': 'This promo code is already in use',
      });
    throw err;
  }
}

/** The operator's view of promotions, with how many entries each has and how many wait for review. */
async function withCounts(tx: Db | Tx, rows: PromotionRow[]) {
  if (rows.length === 0) return [];
  const counts = await tx
    .select({
      promotionId: promotionEntries.promotionId,
      entries: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${promotionEntries.status} = 'APPLYING'))::int`,
    })
    .from(promotionEntries)
    .where(
      inArray(
        promotionEntries.promotionId,
        rows.map((p) => p.id),
      ),
    )
    .groupBy(promotionEntries.promotionId);
  return rows.map((p) => {
    const c = counts.find((x) => x.promotionId === p.id);
    return toOpsPromotion(p, { entries: c?.entries ?? 0, pending: c?.pending ?? 0 });
  });
}

/** The operator's side of the promotions themselves: list (with entry counts), add, change. */
export function createPromotionCatalogue(db: Db, deps: { audit: AuditLog; now: () => Date }) {
  const { audit, now } = deps;

  return {
    async list(code: string) {
      await mustExist(db, code);
      const rows = await db
        .select()
        .from(promotions)
        .where(eq(promotions.merchantCode, code))
        .orderBy(asc(promotions.sort), asc(promotions.id));
      return { list: await withCounts(db, rows) };
    },

    async create(code: string, input: NewPromotion) {
      const contents = cleanContents(input.contents ?? {});
      const startsAt = input.startsAt ? new Date(input.startsAt) : now();
      const endsAt = input.endsAt ? new Date(input.endsAt) : null;
      checkDates(startsAt, endsAt);
      const s = input.settings;
      const row = await unlessCodeTaken(() =>
        db.transaction(async (tx) => {
          await mustExist(tx, code);
          const [made] = await tx
            .insert(promotions)
            .values({
              merchantCode: code,
              category: input.category,
              kind: s.kind,
              titles: input.titles,
              summaries: input.summaries ?? {},
              contents,
              // The rescue fund pays a share of the loss; its cap is what the list shows as its reward.
              reward: BigInt(s.kind === 'RESCUE' ? s.maxReward : input.reward),
              settings: s,
              code: s.kind === 'CODE' ? s.code : null,
              startsAt,
              endsAt,
              sort: input.sort ?? 0,
            })
            .returning();
          await audit.append(tx, {
            merchantCode: code,
            actor: 'ops',
            action: 'promotion.create',
            subject: { id: made!.id, kind: s.kind, title: input.titles.en, reward: made!.reward },
          });
          return made!;
        }),
      );
      return { promotion: toOpsPromotion(row) };
    },

    async update(id: number, change: PromotionChange) {
      return db.transaction(async (tx) => {
        const [p] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
        if (!p) throw new DomainError(404, 'NOT_FOUND', `No promotion ${id}`);
        const startsAt = change.startsAt ? new Date(change.startsAt) : p.startsAt;
        const endsAt =
          change.endsAt === undefined ? p.endsAt : change.endsAt === null ? null : new Date(change.endsAt);
        checkDates(startsAt, endsAt);
        const rescue = settingsOf(p).kind === 'RESCUE';
        const [row] = await tx
          .update(promotions)
          .set({
            ...(change.titles ? { titles: change.titles } : {}),
            ...(change.summaries ? { summaries: change.summaries } : {}),
            ...(change.contents ? { contents: cleanContents(change.contents) } : {}),
            ...(change.reward !== undefined && !rescue ? { reward: BigInt(change.reward) } : {}),
            ...(change.sort !== undefined ? { sort: change.sort } : {}),
            ...(change.hidden !== undefined ? { hidden: change.hidden } : {}),
            startsAt,
            endsAt,
          })
          .where(eq(promotions.id, id))
          .returning();
        await audit.append(tx, {
          merchantCode: p.merchantCode,
          actor: 'ops',
          action: 'promotion.update',
          subject: { id, fields: Object.keys(change) },
        });
        const [promotion] = await withCounts(tx, [row!]);
        return { promotion: promotion! };
      });
    },
  };
}
