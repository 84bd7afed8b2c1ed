import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { promotionSettings } from '../../../contract/promotions.ts';
import type { Db, Tx } from '../../db/client.ts';
import { promotions } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { ChangeSubject } from '../changes/service.ts';
import { type PromotionRow, settingsOf } from './view.ts';

/**
 * What a promotion pays: its reward and its terms (the rescue fund's rate and cap, a task's target, a raffle's
 * winners, a code's uses). Texts, pictures, dates, order and hiding change at once; this only through a draft.
 */
const promotionMoney = z.object({
  reward: z.number().int().min(0).max(1_000_000_000),
  settings: promotionSettings,
});
export type PromotionMoney = z.infer<typeof promotionMoney>;

/** The rescue fund pays a share of the loss; its cap is what the list shows as its reward. */
export const rewardOf = (m: PromotionMoney) =>
  m.settings.kind === 'RESCUE' ? m.settings.maxReward : m.reward;

export const moneyOf = (p: PromotionRow): PromotionMoney => ({
  reward: Number(p.reward),
  settings: settingsOf(p),
});

const noPromotion = (ref: string) => new DomainError(404, 'NOT_FOUND', `No promotion ${ref}`);

async function find(exec: Db | Tx, merchantCode: string, ref: string, lock = false): Promise<PromotionRow> {
  const id = Number(ref);
  if (!Number.isSafeInteger(id) || id <= 0) throw noPromotion(ref);
  const query = exec
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.merchantCode, merchantCode)));
  const [p] = lock ? await query.for('update') : await query;
  if (!p) throw noPromotion(ref);
  return p;
}

/** A promotion's reward and terms; approving a new promotion's first draft is what lets it run. */
export const promotionSubject = (now: () => Date = () => new Date()): ChangeSubject => ({
  async describe(exec, merchantCode, ref) {
    const p = await find(exec, merchantCode, ref);
    return { label: p.titles.en ?? `#${p.id}`, current: p.approvedAt ? moneyOf(p) : null };
  },
  check(_ref, value) {
    const parsed = promotionMoney.safeParse(value);
    if (!parsed.success)
      throw new DomainError(400, 'VALIDATION', z.prettifyError(parsed.error), {
        reward: 'Not a promotion’s reward and terms',
      });
    return parsed.data;
  },
  async apply(tx, merchantCode, ref, value) {
    const p = await find(tx, merchantCode, ref, true);
    const money = value as PromotionMoney;
    if (money.settings.kind !== p.kind || (money.settings.kind === 'CODE' && money.settings.code !== p.code))
      throw new DomainError(409, 'CONFLICT', 'A promotion keeps its kind and its code');
    await tx
      .update(promotions)
      .set({ reward: BigInt(rewardOf(money)), settings: money.settings, approvedAt: p.approvedAt ?? now() })
      .where(eq(promotions.id, p.id));
  },
});
