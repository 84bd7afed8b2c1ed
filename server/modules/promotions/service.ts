import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../contract/merchant.ts';
import { type PromotionCategory, promotionCategory } from '../../../contract/promotions.ts';
import type { Db, Tx } from '../../db/client.ts';
import { promotionEntries, promotions } from '../../db/schema/index.ts';
import type { Merchant } from '../../http/merchant.ts';
import { sanitizeHtml } from '../../lib/html.ts';
import type { Member } from '../auth/sessions.ts';
import { localized } from '../content/service.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { figuresOf, NO_FIGURES, needsFigures, stateOf } from './activity.ts';
import type { Pay } from './payout.ts';
import {
  conflict,
  daysOf,
  type EntryRow,
  notRunning,
  type PromotionRow,
  periodOf,
  runningWhere,
  settingsOf,
  toPromotion,
} from './view.ts';

export interface PromotionDeps {
  ledger: Ledger;
  pay: Pay;
  now: () => Date;
}

/**
 * The member's side of promotions: the running ones in the caller's language, the member's status in each, and the
 * claims that pay (rescue fund, daily task, sign-in, a won raffle). Applications and codes live beside this.
 */
export function createPromotionService(db: Db, deps: PromotionDeps) {
  const { ledger, pay, now } = deps;

  async function running(merchant: Merchant, id: number, at: Date, tx: Db | Tx = db) {
    const [p] = await tx
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, id), runningWhere(merchant.code, at)));
    if (!p) throw notRunning();
    return p;
  }

  async function entryOf(tx: Db | Tx, promotionId: number, memberId: number, period: string) {
    const [e] = await tx
      .select()
      .from(promotionEntries)
      .where(
        and(
          eq(promotionEntries.promotionId, promotionId),
          eq(promotionEntries.memberId, memberId),
          eq(promotionEntries.period, period),
        ),
      );
    return e;
  }

  /** The member's state in `p` now, with the entry it was read from. */
  async function stateIn(merchant: Merchant, member: Member, p: PromotionRow, at: Date) {
    const days = daysOf(merchant, at);
    const period = periodOf(settingsOf(p).kind, days.today);
    const [entry, figures] = await Promise.all([
      entryOf(db, p.id, member.id, period),
      needsFigures(p) ? figuresOf(db, merchant.code, member.id, days) : NO_FIGURES,
    ]);
    return { state: stateOf(p, entry, figures, at), entry, period };
  }

  const balanceOf = async (merchant: Merchant, member: Member) =>
    Number(await ledger.memberBalance(merchant.code, member.id));

  return {
    running,
    entryOf,
    balanceOf,

    async list(merchant: Merchant, locale: Locale, category?: PromotionCategory) {
      const rows = await db
        .select()
        .from(promotions)
        .where(runningWhere(merchant.code, now()))
        .orderBy(asc(promotions.sort), asc(promotions.id));
      return {
        categories: promotionCategory.options.filter((c) => rows.some((r) => r.category === c)),
        list: rows.filter((r) => !category || r.category === category).map((r) => toPromotion(r, locale)),
      };
    },

    async detail(merchant: Merchant, locale: Locale, id: number) {
      const p = await running(merchant, id, now());
      // Cleaned when written; cleaned again on the way out for rows written some other way.
      return {
        promotion: { ...toPromotion(p, locale), content: sanitizeHtml(localized(p.contents, locale)) },
      };
    },

    async mine(merchant: Merchant, member: Member) {
      const at = now();
      const days = daysOf(merchant, at);
      const rows = await db
        .select()
        .from(promotions)
        .where(runningWhere(merchant.code, at))
        .orderBy(asc(promotions.sort), asc(promotions.id));
      if (rows.length === 0) return { list: [] };
      const [entries, figures] = await Promise.all([
        db
          .select()
          .from(promotionEntries)
          .where(
            and(
              eq(promotionEntries.memberId, member.id),
              inArray(
                promotionEntries.promotionId,
                rows.map((r) => r.id),
              ),
              inArray(promotionEntries.period, ['ONCE', days.today.startDate]),
            ),
          ),
        rows.some(needsFigures) ? figuresOf(db, merchant.code, member.id, days) : NO_FIGURES,
      ]);
      const entryFor = (p: PromotionRow): EntryRow | undefined =>
        entries.find((e) => e.promotionId === p.id && e.period === periodOf(settingsOf(p).kind, days.today));
      return { list: rows.map((p) => stateOf(p, entryFor(p), figures, at)) };
    },

    /** Pays what the member's state says a claim pays now, once per period; a repeated claim answers the first. */
    async claim(merchant: Merchant, member: Member, id: number) {
      const at = now();
      const p = await running(merchant, id, at);
      const kind = settingsOf(p).kind;
      if (kind === 'APPLY' || kind === 'CODE')
        throw conflict(
          kind === 'APPLY' ? 'Apply to this promotion instead' : 'Redeem the promo code instead',
        );
      const { state, period } = await stateIn(merchant, member, p, at);
      if (state.status === 'CLAIMED')
        return { state, reward: state.reward ?? 0, balance: await balanceOf(merchant, member) };
      if (state.status !== 'CLAIM')
        throw conflict(
          kind === 'RAFFLE'
            ? 'Only a drawn winner can claim'
            : kind === 'RESCUE'
              ? 'Yesterday’s loss does not reach the rescue fund’s minimum'
              : 'The task is not complete yet',
        );
      const amount = BigInt(state.reward ?? 0);
      const paid = await pay(
        {
          merchantCode: merchant.code,
          promotionId: p.id,
          memberId: member.id,
          period,
          amount,
          remark: localized(p.titles, 'en'),
          audit: {
            actor: `member:${member.id}`,
            action: 'PROMOTION_CLAIM',
            subject: { promotionId: p.id, kind, period },
          },
        },
        async (tx) => {
          const claimed =
            kind === 'RAFFLE'
              ? await tx
                  .update(promotionEntries)
                  .set({ status: 'CLAIMED' })
                  .where(
                    and(
                      eq(promotionEntries.promotionId, p.id),
                      eq(promotionEntries.memberId, member.id),
                      eq(promotionEntries.period, period),
                      eq(promotionEntries.status, 'WON'),
                    ),
                  )
                  .returning()
              : await tx
                  .insert(promotionEntries)
                  .values({
                    promotionId: p.id,
                    merchantCode: merchant.code,
                    memberId: member.id,
                    period,
                    status: 'CLAIMED',
                    reward: amount,
                    decidedAt: at,
                  })
                  .onConflictDoNothing()
                  .returning();
          if (claimed.length === 0) throw conflict('This has just been claimed');
        },
      );
      const after = await stateIn(merchant, member, p, at);
      return { state: after.state, reward: paid.reward, balance: await balanceOf(merchant, member) };
    },

    /** Joins a raffle before its draw; joining again answers the member's entry. */
    async join(merchant: Merchant, member: Member, id: number) {
      const p = await running(merchant, id, now());
      const s = settingsOf(p);
      if (s.kind !== 'RAFFLE') throw conflict('Only a raffle is joined');
      await db.transaction(async (tx) => {
        // Shares the row with other joins; a draw takes it whole, so a join either precedes the draw or sees its time.
        await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, p.id)).for('share');
        const mine = await entryOf(tx, p.id, member.id, 'ONCE');
        if (mine) return;
        if (now() >= new Date(s.drawAt)) throw conflict('The draw has taken place');
        await tx
          .insert(promotionEntries)
          .values({
            promotionId: p.id,
            merchantCode: merchant.code,
            memberId: member.id,
            period: 'ONCE',
            status: 'JOINED',
          })
          .onConflictDoNothing();
      });
      return { state: (await stateIn(merchant, member, p, now())).state };
    },

    stateIn,
  };
}
export type PromotionService = ReturnType<typeof createPromotionService>;
