import { and, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type breakLength,
  LIMIT_RAISE_DELAY_MS,
  type limitKind,
  type limitPeriod,
} from '../../../contract/responsible.ts';
import type { Db } from '../../db/client.ts';
import {
  exclusions,
  gamblingLimits,
  gameRounds,
  members,
  paymentOrders,
  sessions,
} from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { periodStart } from './periods.ts';

type Kind = z.infer<typeof limitKind>;
type Period = z.infer<typeof limitPeriod>;
type LimitRow = typeof gamblingLimits.$inferSelect;

const BREAK_MS: Record<z.infer<typeof breakLength>, number | null> = {
  '24H': 86_400_000,
  '7D': 7 * 86_400_000,
  '30D': 30 * 86_400_000,
  SELF_EXCLUSION: null,
};

/** Responsible gambling: limits, breaks, and the checks play and deposits go through. */
export function createResponsibleGambling(db: Db, audit: AuditLog, now: () => Date = () => new Date()) {
  /** A raise whose 24 h are over is the limit now (a pending removal deletes it). */
  async function current(memberId: number): Promise<LimitRow[]> {
    const rows = await db.select().from(gamblingLimits).where(eq(gamblingLimits.memberId, memberId));
    const out: LimitRow[] = [];
    for (const r of rows) {
      if (r.pendingFrom && r.pendingFrom <= now()) {
        const where = and(
          eq(gamblingLimits.memberId, memberId),
          eq(gamblingLimits.kind, r.kind),
          eq(gamblingLimits.period, r.period),
        );
        if (r.pendingAmount === null) {
          await db.delete(gamblingLimits).where(where);
          continue;
        }
        await db
          .update(gamblingLimits)
          .set({ amount: r.pendingAmount, pendingAmount: null, pendingFrom: null })
          .where(where);
        out.push({ ...r, amount: r.pendingAmount, pendingAmount: null, pendingFrom: null });
      } else out.push(r);
    }
    return out;
  }

  /** Deposited (credited) or lost (bets − wins of settled rounds, not below 0) since the period began. */
  async function used(memberId: number, kind: Kind, period: Period): Promise<bigint> {
    const since = periodStart(period, now());
    if (kind === 'DEPOSIT') {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${paymentOrders.amount}), 0)` })
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.memberId, memberId),
            eq(paymentOrders.kind, 'DEPOSIT'),
            eq(paymentOrders.status, 'CREDITED'),
            gte(paymentOrders.updatedAt, since),
          ),
        );
      return BigInt(row?.sum ?? 0);
    }
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${gameRounds.bet} - ${gameRounds.win}), 0)` })
      .from(gameRounds)
      .where(
        and(
          eq(gameRounds.memberId, memberId),
          gte(gameRounds.createdAt, since),
          eq(gameRounds.status, 'SETTLED'),
        ),
      );
    const lost = BigInt(row?.sum ?? 0);
    return lost > 0n ? lost : 0n;
  }

  async function activeBreak(memberId: number) {
    const [row] = await db
      .select()
      .from(exclusions)
      .where(
        and(eq(exclusions.memberId, memberId), or(isNull(exclusions.endsAt), gt(exclusions.endsAt, now()))),
      )
      .orderBy(sql`${exclusions.endsAt} desc nulls first`)
      .limit(1);
    return row ?? null;
  }

  const breakError = (endsAt: Date | null) =>
    new DomainError(
      403,
      'FORBIDDEN',
      endsAt ? `You are taking a break until ${endsAt.toISOString()}` : 'Your account is self-excluded',
    );

  return {
    /** The break in force, for the standing check (server/http/standing.ts). */
    async breakOf(memberId: number) {
      const b = await activeBreak(memberId);
      return b ? { kind: b.kind, until: b.endsAt?.toISOString() ?? null } : null;
    },

    async status(member: Member) {
      const limits = await current(member.id);
      const b = await activeBreak(member.id);
      return {
        limits: await Promise.all(
          limits.map(async (l) => ({
            kind: l.kind,
            period: l.period,
            amount: Number(l.amount),
            pendingAmount: l.pendingAmount === null ? null : Number(l.pendingAmount),
            pendingFrom: l.pendingFrom?.toISOString() ?? null,
            used: Number(await used(member.id, l.kind, l.period)),
          })),
        ),
        break: b ? { kind: b.kind, endsAt: b.endsAt?.toISOString() ?? null } : null,
      };
    },

    /** Lowering (or a first limit) applies at once; raising or removing waits 24 h. */
    async setLimit(member: Member, kind: Kind, period: Period, amount: number | null) {
      const existing = (await current(member.id)).find((l) => l.kind === kind && l.period === period);
      const next = amount === null ? null : BigInt(amount);
      const tighter = next !== null && (!existing || next <= existing.amount);
      if (!existing && next === null) throw new DomainError(404, 'NOT_FOUND', 'There is no such limit');
      await db.transaction(async (tx) => {
        if (tighter)
          await tx
            .insert(gamblingLimits)
            .values({ memberId: member.id, kind, period, amount: next })
            .onConflictDoUpdate({
              target: [gamblingLimits.memberId, gamblingLimits.kind, gamblingLimits.period],
              set: { amount: next, pendingAmount: null, pendingFrom: null },
            });
        else
          await tx
            .update(gamblingLimits)
            .set({ pendingAmount: next, pendingFrom: new Date(now().getTime() + LIMIT_RAISE_DELAY_MS) })
            .where(
              and(
                eq(gamblingLimits.memberId, member.id),
                eq(gamblingLimits.kind, kind),
                eq(gamblingLimits.period, period),
              ),
            );
        await audit.append(tx, {
          merchantCode: member.merchantCode,
          actor: `member:${member.id}`,
          action: tighter ? 'LIMIT_SET' : 'LIMIT_RAISE_REQUESTED',
          subject: { kind, period, amount },
        });
      });
      return (await this.status(member)).limits.find((l) => l.kind === kind && l.period === period)!;
    },

    /** A break ends every session at once (the member logs in again to withdraw, nothing else). */
    async takeBreak(member: Member, length: z.infer<typeof breakLength>, password: string) {
      const [row] = await db
        .select({ hash: members.passwordHash })
        .from(members)
        .where(eq(members.id, member.id));
      if (!row || !(await verifyPassword(password, row.hash)))
        throw new DomainError(400, 'VALIDATION', 'The password is incorrect', {
          password: 'The password is incorrect',
        });
      const ms = BREAK_MS[length];
      const endsAt = ms === null ? null : new Date(now().getTime() + ms);
      await db.transaction(async (tx) => {
        await tx.insert(exclusions).values({
          memberId: member.id,
          kind: ms === null ? 'SELF_EXCLUSION' : 'COOLING_OFF',
          startsAt: now(),
          endsAt,
        });
        await tx
          .update(sessions)
          .set({ revokedAt: now() })
          .where(and(eq(sessions.memberId, member.id), isNull(sessions.revokedAt)));
        await audit.append(tx, {
          merchantCode: member.merchantCode,
          actor: `member:${member.id}`,
          action: 'BREAK_STARTED',
          subject: { length, endsAt: endsAt?.toISOString() ?? null },
        });
      });
      return { endsAt: endsAt?.toISOString() ?? null };
    },

    /** Before a game opens or a bet is taken: no break, loss limits not reached. */
    async checkPlay(memberId: number): Promise<void> {
      const b = await activeBreak(memberId);
      if (b) throw breakError(b.endsAt);
      for (const l of await current(memberId))
        if (l.kind === 'LOSS' && (await used(memberId, 'LOSS', l.period)) >= l.amount)
          throw new DomainError(403, 'FORBIDDEN', 'You have reached your loss limit for this period');
    },

    /** Before a deposit: no break, and the deposit keeps every deposit limit. */
    async checkDeposit(memberId: number, amount: bigint): Promise<void> {
      const b = await activeBreak(memberId);
      if (b) throw breakError(b.endsAt);
      for (const l of await current(memberId))
        if (l.kind === 'DEPOSIT' && (await used(memberId, 'DEPOSIT', l.period)) + amount > l.amount) {
          const message = 'This deposit would go over your deposit limit';
          throw new DomainError(400, 'VALIDATION', message, { amount: message });
        }
    },
  };
}
export type ResponsibleGambling = ReturnType<typeof createResponsibleGambling>;
