import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { opsCreatePromotion, opsUpdatePromotion } from '../../../contract/promotions.ts';
import { type Db, pgErrorCode, type Tx } from '../../db/client.ts';
import { promotionEntries, promotions } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import type { ChangeActor, Changes } from '../changes/service.ts';
import { mustExist } from '../merchant/exists.ts';
import { cleanContents } from '../notices/service.ts';
import { moneyOf, rewardOf } from './money.ts';
import { type PromotionRow, settingsOf, toOpsPromotion } from './view.ts';

type NewPromotion = z.output<typeof opsCreatePromotion.body>;
type PromotionChange = z.output<typeof opsUpdatePromotion.body>;

const invalid = (field: string, message: string) =>
  new DomainError(400, 'VALIDATION', message, { [field]: message });

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

/**
 * The operator's side of the promotions themselves: list (with entry counts), add, change. What a promotion pays is
 * drafted (modules/changes): a new promotion does not run until a FINANCE or ADMIN operator other than its author
 * approves its reward and terms, and a new reward of a running one takes effect only when approved.
 */
export function createPromotionCatalogue(
  db: Db,
  deps: { audit: AuditLog; changes: Changes; now: () => Date },
) {
  const { audit, changes, now } = deps;

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

    async create(code: string, input: NewPromotion, by: ChangeActor) {
      const contents = cleanContents(input.contents ?? {});
      const startsAt = input.startsAt ? new Date(input.startsAt) : now();
      const endsAt = input.endsAt ? new Date(input.endsAt) : null;
      checkDates(startsAt, endsAt);
      const s = input.settings;
      const money = { reward: rewardOf({ reward: input.reward, settings: s }), settings: s };
      return unlessCodeTaken(() =>
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
              reward: BigInt(money.reward),
              settings: s,
              approvedAt: null,
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
          const draft = await changes.draft(
            tx,
            { merchantCode: code, kind: 'PROMOTION', ref: String(made!.id), value: money },
            by,
          );
          return { promotion: toOpsPromotion(made!), change: draft };
        }),
      );
    },

    async update(id: number, change: PromotionChange, by: ChangeActor) {
      return db.transaction(async (tx) => {
        const [p] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
        if (!p) throw new DomainError(404, 'NOT_FOUND', `No promotion ${id}`);
        const startsAt = change.startsAt ? new Date(change.startsAt) : p.startsAt;
        const endsAt =
          change.endsAt === undefined ? p.endsAt : change.endsAt === null ? null : new Date(change.endsAt);
        checkDates(startsAt, endsAt);
        // The rescue fund's reward is its cap (settings): a reward given for it is ignored.
        const newReward =
          change.reward !== undefined &&
          settingsOf(p).kind !== 'RESCUE' &&
          (p.approvedAt === null || BigInt(change.reward) !== p.reward);
        const [row] = await tx
          .update(promotions)
          .set({
            ...(change.titles ? { titles: change.titles } : {}),
            ...(change.summaries ? { summaries: change.summaries } : {}),
            ...(change.contents ? { contents: cleanContents(change.contents) } : {}),
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
        const draft = newReward
          ? await changes.draft(
              tx,
              {
                merchantCode: p.merchantCode,
                kind: 'PROMOTION',
                ref: String(id),
                value: { ...moneyOf(p), reward: change.reward },
              },
              by,
            )
          : null;
        const [promotion] = await withCounts(tx, [row!]);
        return { promotion: promotion!, change: draft };
      });
    },
  };
}
