import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { promotionEntries, promotions } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import type { Upload } from '../../http/uploads.ts';
import type { StoragePort } from '../../ports/storage.ts';
import type { Member } from '../auth/sessions.ts';
import { localized } from '../content/service.ts';
import type { Pay } from './payout.ts';
import type { PromotionService } from './service.ts';
import { conflict, offeredWhere, type PromotionRow, settingsOf } from './view.ts';

/** An application's picture in storage, by the name its entry records. */
export const promotionUpload = (name: string) => `promotions/${name}`;

const codeError = (status: 404 | 409, message: string) =>
  new DomainError(status, status === 404 ? 'NOT_FOUND' : 'CONFLICT', message, { code: message });

/**
 * Applications (remark and pictures, reviewed by an operator) and promo codes. Pictures are stored under
 * `promotions/` with random names inside the transaction that records them, and removed again when it fails.
 */
export function createApplications(
  db: Db,
  deps: { promotions: PromotionService; pay: Pay; storage: StoragePort; now: () => Date },
) {
  const { promotions: service, pay, storage, now } = deps;

  /** An APPLY promotion the member may apply to now (none yet, or rejected); checked again when storing. */
  async function applicable(merchant: Merchant, member: Member, id: number, tx: Db | Tx = db) {
    const p = await service.running(merchant, id, now(), tx);
    if (settingsOf(p).kind !== 'APPLY') throw conflict('This promotion takes no application');
    const mine = await service.entryOf(tx, p.id, member.id, 'ONCE');
    if (mine?.status === 'APPLYING') throw conflict('Your application is being reviewed');
    if (mine?.status === 'ISSUED') throw conflict('This promotion has been issued to you');
    return { p, mine };
  }

  return {
    /** Checked before the pictures are read, so a refused application costs no upload. */
    assertApplicable: async (merchant: Merchant, member: Member, id: number) => {
      await applicable(merchant, member, id);
    },

    async apply(
      merchant: Merchant,
      member: Member,
      id: number,
      form: { files: Upload[]; remark: string | null },
    ) {
      const names = form.files.map((f) => `${randomUUID()}.${f.ext}`);
      const written: string[] = [];
      let done: { p: PromotionRow; replaced: string[] };
      try {
        done = await db.transaction(async (tx) => {
          const { p, mine } = await applicable(merchant, member, id, tx);
          for (const [i, f] of form.files.entries()) {
            await storage.put(promotionUpload(names[i]!), f.data);
            written.push(names[i]!);
          }
          const application = { status: 'APPLYING', remark: form.remark, uploads: names, createdAt: now() };
          const saved = mine
            ? // Again after a rejection: the same row (one per member), as a fresh application.
              await tx
                .update(promotionEntries)
                .set({ ...application, reviewRemark: null, reward: null, decidedAt: null })
                .where(and(eq(promotionEntries.id, mine.id), eq(promotionEntries.status, 'REJECTED')))
                .returning()
            : await tx
                .insert(promotionEntries)
                .values({
                  ...application,
                  promotionId: p.id,
                  merchantCode: merchant.code,
                  memberId: member.id,
                  period: 'ONCE',
                })
                .onConflictDoNothing()
                .returning();
          if (saved.length === 0) throw conflict('Your application is being reviewed');
          return { p, replaced: mine?.uploads ?? [] };
        });
      } catch (err) {
        await Promise.all(written.map((n) => storage.delete(promotionUpload(n))));
        throw err;
      }
      // The rejected application's pictures belong to no entry any more.
      await Promise.all(done.replaced.map((n) => storage.delete(promotionUpload(n))));
      return { state: (await service.stateIn(merchant, member, done.p, now())).state };
    },

    /** A code's reward, once per member and within the code's uses (counted under the promotion's row lock). */
    async redeemCode(merchant: Merchant, member: Member, code: string) {
      const at = now();
      const [p] = await db
        .select()
        .from(promotions)
        .where(
          and(
            offeredWhere(merchant.code),
            eq(promotions.code, code.toUpperCase()),
            eq(promotions.kind, 'CODE'),
          ),
        );
      if (!p) throw codeError(404, 'Unknown promo code');
      if (p.startsAt > at) throw codeError(409, 'This promo code is not valid yet');
      if (p.endsAt && p.endsAt <= at) throw codeError(409, 'This promo code has expired');
      const used = () => codeError(409, 'You have already used this promo code');
      if (await service.entryOf(db, p.id, member.id, 'ONCE')) throw used();
      const paid = await pay(
        {
          merchantCode: merchant.code,
          promotionId: p.id,
          memberId: member.id,
          period: 'ONCE',
          amount: p.reward,
          remark: localized(p.titles, 'en'),
          audit: {
            actor: `member:${member.id}`,
            action: 'PROMOTION_CODE',
            subject: { promotionId: p.id, code: p.code },
          },
        },
        async (tx) => {
          await tx
            .select({ id: promotions.id })
            .from(promotions)
            .where(eq(promotions.id, p.id))
            .for('update');
          const { maxUses } = settingsOf(p) as { maxUses?: number };
          if (maxUses !== undefined) {
            const [{ n } = { n: 0 }] = await tx
              .select({ n: count() })
              .from(promotionEntries)
              .where(eq(promotionEntries.promotionId, p.id));
            if (n >= maxUses) throw codeError(409, 'This promo code has been used up');
          }
          const [made] = await tx
            .insert(promotionEntries)
            .values(redeemed(p, member, at))
            .onConflictDoNothing()
            .returning();
          if (!made) throw used();
        },
      );
      // A second request of the same member raced the first: that one paid.
      if (paid.replayed) throw used();
      return { promotionId: p.id, reward: paid.reward, balance: await service.balanceOf(merchant, member) };
    },
  };
}
export type Applications = ReturnType<typeof createApplications>;

const redeemed = (p: PromotionRow, member: Member, at: Date) => ({
  promotionId: p.id,
  merchantCode: p.merchantCode,
  memberId: member.id,
  period: 'ONCE',
  status: 'CLAIMED',
  reward: p.reward,
  decidedAt: at,
});
