import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { OpsPromotionEntry, opsPromotionEntries } from '../../../contract/promotions.ts';
import type { Db } from '../../db/client.ts';
import { members, promotionEntries, promotions } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import { localized } from '../content/service.ts';
import type { RandomInt } from '../inhouse/random.ts';
import { mustExist } from '../merchant/exists.ts';
import type { Pay } from './payout.ts';
import { conflict, type EntryRow, settingsOf } from './view.ts';

type EntryQuery = z.output<typeof opsPromotionEntries.query>;

const decided = () => conflict('This entry has already been decided');

const toOpsEntry = (e: EntryRow, p: { title: string; kind: string }, account: string): OpsPromotionEntry => ({
  id: e.id,
  promotionId: e.promotionId,
  title: p.title,
  kind: p.kind as OpsPromotionEntry['kind'],
  memberId: e.memberId,
  account,
  period: e.period,
  status: e.status as OpsPromotionEntry['status'],
  remark: e.remark,
  uploads: e.uploads,
  reward: e.reward === null ? null : Number(e.reward),
  reviewRemark: e.reviewRemark,
  createdAt: e.createdAt.toISOString(),
  decidedAt: e.decidedAt?.toISOString() ?? null,
});

/**
 * The operator's decisions on entries: the review queue of applications (approve pays once, reject says why) and
 * the raffle draw (once, after its time, winners picked with the CSPRNG). Each decision is audited.
 */
export function createEntryDecisions(
  db: Db,
  deps: { audit: AuditLog; pay: Pay; random: RandomInt; now: () => Date },
) {
  const { audit, pay, random, now } = deps;

  async function rows(where: SQL | undefined, order: SQL[], limit: number, offset = 0) {
    const found = await db
      .select({
        e: promotionEntries,
        titles: promotions.titles,
        kind: promotions.kind,
        account: members.account,
      })
      .from(promotionEntries)
      .innerJoin(promotions, eq(promotions.id, promotionEntries.promotionId))
      .innerJoin(members, eq(members.id, promotionEntries.memberId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return found.map((r) => toOpsEntry(r.e, { title: localized(r.titles, 'en'), kind: r.kind }, r.account));
  }

  const view = async (id: number) => (await rows(eq(promotionEntries.id, id), [], 1))[0]!;

  async function applying(id: number) {
    const [row] = await db
      .select({ e: promotionEntries, p: promotions })
      .from(promotionEntries)
      .innerJoin(promotions, eq(promotions.id, promotionEntries.promotionId))
      .where(eq(promotionEntries.id, id));
    if (!row) throw new DomainError(404, 'NOT_FOUND', `No promotion entry ${id}`);
    if (row.e.status !== 'APPLYING') throw decided();
    return row;
  }

  const stillApplying = (id: number) =>
    and(eq(promotionEntries.id, id), eq(promotionEntries.status, 'APPLYING'));

  return {
    /** A merchant's entries; the applications waiting for review oldest first (a queue), anything else newest first. */
    async list(code: string, q: EntryQuery) {
      await mustExist(db, code);
      const where = and(
        eq(promotionEntries.merchantCode, code),
        q.status ? eq(promotionEntries.status, q.status) : undefined,
        q.promotionId ? eq(promotionEntries.promotionId, q.promotionId) : undefined,
      );
      const order =
        q.status === 'APPLYING'
          ? [asc(promotionEntries.createdAt), asc(promotionEntries.id)]
          : [desc(promotionEntries.createdAt), desc(promotionEntries.id)];
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(promotionEntries).where(where);
      return {
        list: await rows(where, order, q.pageSize, (q.pageNo - 1) * q.pageSize),
        totalPages: Math.ceil(n / q.pageSize),
      };
    },

    /** Approves an application: its reward (the one given, else the promotion's) is paid once; Issued. */
    async approve(id: number, body: { reward?: number; remark?: string } | null | undefined) {
      const { e, p } = await applying(id);
      const amount = BigInt(body?.reward ?? p.reward);
      const paid = await pay(
        {
          merchantCode: e.merchantCode,
          promotionId: p.id,
          memberId: e.memberId,
          period: e.period,
          amount,
          remark: localized(p.titles, 'en'),
          audit: {
            actor: 'ops',
            action: 'promotion.entry.approve',
            subject: { entryId: id, promotionId: p.id, memberId: e.memberId, remark: body?.remark ?? null },
          },
        },
        async (tx) => {
          const [done] = await tx
            .update(promotionEntries)
            .set({ status: 'ISSUED', reward: amount, reviewRemark: body?.remark ?? null, decidedAt: now() })
            .where(stillApplying(id))
            .returning();
          // Decided a moment ago by another operator: nothing is paid.
          if (!done) throw decided();
        },
      );
      if (paid.replayed) throw decided();
      return { entry: await view(id) };
    },

    async reject(id: number, remark: string) {
      const { e } = await applying(id);
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(promotionEntries)
          .set({ status: 'REJECTED', reviewRemark: remark, decidedAt: now() })
          .where(stillApplying(id))
          .returning();
        if (!done) throw decided();
        await audit.append(tx, {
          merchantCode: e.merchantCode,
          actor: 'ops',
          action: 'promotion.entry.reject',
          subject: { entryId: id, promotionId: e.promotionId, memberId: e.memberId, remark },
        });
      });
      return { entry: await view(id) };
    },

    /** Draws a raffle once its time has come: `winners` of the joined members at random win, the rest lose. */
    async draw(id: number) {
      return db.transaction(async (tx) => {
        // The whole row: joins (which share it) wait, and a second draw sees the first.
        const [p] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
        if (!p) throw new DomainError(404, 'NOT_FOUND', `No promotion ${id}`);
        const s = settingsOf(p);
        if (s.kind !== 'RAFFLE') throw conflict('Only a raffle is drawn');
        if (now() < new Date(s.drawAt)) throw conflict(`The draw is at ${s.drawAt}`);
        const entries = await tx
          .select({ id: promotionEntries.id, status: promotionEntries.status, account: members.account })
          .from(promotionEntries)
          .innerJoin(members, eq(members.id, promotionEntries.memberId))
          .where(eq(promotionEntries.promotionId, id))
          .orderBy(asc(promotionEntries.id));
        if (entries.some((e) => e.status !== 'JOINED')) throw conflict('This raffle has already been drawn');
        // A partial Fisher–Yates shuffle: the first `winners` places are a uniform pick.
        const pool = [...entries];
        const take = Math.min(s.winners, pool.length);
        for (let i = 0; i < take; i += 1) {
          const j = i + random(pool.length - i);
          [pool[i], pool[j]] = [pool[j]!, pool[i]!];
        }
        const won = pool.slice(0, take);
        const lost = pool.slice(take);
        const at = now();
        if (won.length > 0)
          await tx
            .update(promotionEntries)
            .set({ status: 'WON', reward: p.reward, decidedAt: at })
            .where(
              inArray(
                promotionEntries.id,
                won.map((e) => e.id),
              ),
            );
        if (lost.length > 0)
          await tx
            .update(promotionEntries)
            .set({ status: 'LOST', decidedAt: at })
            .where(
              inArray(
                promotionEntries.id,
                lost.map((e) => e.id),
              ),
            );
        await audit.append(tx, {
          merchantCode: p.merchantCode,
          actor: 'ops',
          action: 'promotion.raffle.draw',
          subject: { promotionId: id, entries: entries.length, winners: won.map((e) => e.id) },
        });
        return { winners: won.map((e) => e.account), entries: entries.length };
      });
    },
  };
}
