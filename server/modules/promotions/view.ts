import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Locale } from '../../../contract/merchant.ts';
import type {
  OpsPromotion,
  Promotion,
  PromotionCategory,
  PromotionKind,
  PromotionSettings,
} from '../../../contract/promotions.ts';
import { type promotionEntries, promotions } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { localized } from '../content/service.ts';
import { currentPeriod, type Period, validZone } from '../missions/periods.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type EntryRow = typeof promotionEntries.$inferSelect;

/** Settings are checked by the contract's schema of the kind when written, so a stored row holds a valid one. */
export const settingsOf = (p: PromotionRow) => p.settings as PromotionSettings;

/** The period of a kind's entries: once per member, or once per merchant day. */
export const periodOf = (kind: PromotionKind, today: Period): string =>
  kind === 'RESCUE' || kind === 'DAILY_TASK' || kind === 'SIGN_IN' ? today.startDate : 'ONCE';

/** The merchant's today and yesterday (its own zone), as instants. */
export function daysOf(merchant: Merchant, at: Date): { today: Period; yesterday: Period } {
  const zone = validZone(merchant.settings.timeZone);
  const today = currentPeriod('DAILY', zone, at);
  return { today, yesterday: currentPeriod('DAILY', zone, new Date(today.start.getTime() - 1)) };
}

/** Offered to members: its reward and terms approved (modules/changes), not withdrawn. */
export const offeredWhere = (merchantCode: string) =>
  and(
    eq(promotions.merchantCode, merchantCode),
    isNotNull(promotions.approvedAt),
    eq(promotions.hidden, false),
  );

/** Running: offered, started, not ended. */
export const runningWhere = (merchantCode: string, at: Date) =>
  and(
    offeredWhere(merchantCode),
    lte(promotions.startsAt, at),
    or(isNull(promotions.endsAt), gt(promotions.endsAt, at)),
  );

export const notRunning = () => new DomainError(404, 'NOT_FOUND', 'This promotion is not running');
export const conflict = (message: string, fields?: Record<string, string>) =>
  new DomainError(409, 'CONFLICT', message, fields);

/** What a visitor sees, in one language (English when the language has no text). */
export function toPromotion(p: PromotionRow, locale: Locale): Promotion {
  const s = settingsOf(p);
  return {
    id: p.id,
    category: p.category as PromotionCategory,
    kind: s.kind,
    title: localized(p.titles, locale),
    summary: localized(p.summaries, locale),
    reward: s.kind === 'RESCUE' ? s.maxReward : Number(p.reward),
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt?.toISOString() ?? null,
    ...(s.kind === 'RESCUE' ? { minLoss: s.minLoss, rateBp: s.rateBp } : {}),
    ...(s.kind === 'DAILY_TASK' ? { target: s.target } : {}),
    ...(s.kind === 'RAFFLE' ? { drawAt: s.drawAt, winners: s.winners } : {}),
  };
}

export const toOpsPromotion = (
  p: PromotionRow,
  counts: { entries: number; pending: number } = { entries: 0, pending: 0 },
): OpsPromotion => ({
  id: p.id,
  category: p.category as PromotionCategory,
  titles: p.titles,
  summaries: p.summaries,
  contents: p.contents,
  reward: Number(p.reward),
  settings: settingsOf(p),
  startsAt: p.startsAt.toISOString(),
  endsAt: p.endsAt?.toISOString() ?? null,
  hidden: p.hidden,
  approved: p.approvedAt !== null,
  sort: p.sort,
  ...counts,
});
