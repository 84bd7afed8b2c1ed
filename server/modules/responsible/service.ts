import { and, eq, gt, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BREAK_LENGTH_MS,
  type breakLength,
  LIMIT_RAISE_DELAY_MS,
  type limitKind,
  type limitPeriod,
} from '../../../contract/responsible.ts';
import { breakRefusal } from '../../../contract/standing.ts';
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
import { refusalError } from '../../http/standing.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { periodEnd, periodStart } from './periods.ts';
import { creditRefused, limitExceeded } from './refusal.ts';

type Kind = z.infer<typeof limitKind>;
type Period = z.infer<typeof limitPeriod>;
type LimitRow = typeof gamblingLimits.$inferSelect;

/** What `playVerdict` reads: the break in force, and the loss limit the stake would pass (the one with least left). */
export interface PlayVerdictRow {
  play_break: { kind: string; endsAt: string | null } | null;
  play_over: { kind: Kind; period: Period; amount: string; left: string } | null;
}

/** Responsible gambling: limits, breaks, and the checks play and deposits go through. */
export function createResponsibleGambling(db: Db, audit: AuditLog, now: () => Date = () => new Date()) {
  /** A raise whose 24 h are over is the limit now (a pending removal deletes it). */
  async function current(ex: Db, memberId: number): Promise<LimitRow[]> {
    const rows = await ex.select().from(gamblingLimits).where(eq(gamblingLimits.memberId, memberId));
    const out: LimitRow[] = [];
    for (const r of rows) {
      if (r.pendingFrom && r.pendingFrom <= now()) {
        const where = and(
          eq(gamblingLimits.memberId, memberId),
          eq(gamblingLimits.kind, r.kind),
          eq(gamblingLimits.period, r.period),
        );
        if (r.pendingAmount === null) {
          await ex.delete(gamblingLimits).where(where);
          continue;
        }
        await ex
          .update(gamblingLimits)
          .set({ amount: r.pendingAmount, pendingAmount: null, pendingFrom: null })
          .where(where);
        out.push({ ...r, amount: r.pendingAmount, pendingAmount: null, pendingFrom: null });
      } else out.push(r);
    }
    return out;
  }

  /**
   * What counts against a limit since its period began. DEPOSIT: credited deposits, and pending ones too unless
   * `creditedOnly` (a pending deposit is money on its way). LOSS: bets − wins of settled and open rounds (an open
   * round's stake is at risk until it settles), not below 0.
   */
  async function used(
    ex: Db,
    memberId: number,
    kind: Kind,
    period: Period,
    creditedOnly = false,
  ): Promise<bigint> {
    const since = periodStart(period, now());
    if (kind === 'DEPOSIT') {
      const credited = and(eq(paymentOrders.status, 'CREDITED'), gte(paymentOrders.updatedAt, since));
      const pending = and(eq(paymentOrders.status, 'PENDING'), gte(paymentOrders.createdAt, since));
      const [row] = await ex
        .select({ sum: sql<string>`coalesce(sum(${paymentOrders.amount}), 0)` })
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.memberId, memberId),
            eq(paymentOrders.kind, 'DEPOSIT'),
            creditedOnly ? credited : or(credited, pending),
          ),
        );
      return BigInt(row?.sum ?? 0);
    }
    const [row] = await ex
      .select({ sum: sql<string>`coalesce(sum(${gameRounds.bet} - ${gameRounds.win}), 0)` })
      .from(gameRounds)
      .where(
        and(
          eq(gameRounds.memberId, memberId),
          gte(gameRounds.createdAt, since),
          inArray(gameRounds.status, ['OPEN', 'SETTLED']),
        ),
      );
    const lost = BigInt(row?.sum ?? 0);
    return lost > 0n ? lost : 0n;
  }

  /**
   * The limit of `kind` that `amount` more would pass (the one with least left), with what is left of it, or
   * undefined when every limit holds. `amount` 0 asks whether anything is left at all.
   */
  async function passed(ex: Db, memberId: number, kind: Kind, amount: bigint, creditedOnly = false) {
    let worst: { limit: LimitRow; left: bigint } | undefined;
    for (const l of await current(ex, memberId)) {
      if (l.kind !== kind) continue;
      const u = await used(ex, memberId, kind, l.period, creditedOnly);
      const left = l.amount > u ? l.amount - u : 0n;
      if ((amount > left || left === 0n) && (!worst || left < worst.left)) worst = { limit: l, left };
    }
    return worst;
  }

  async function activeBreak(ex: Db, memberId: number) {
    const [row] = await ex
      .select()
      .from(exclusions)
      .where(
        and(eq(exclusions.memberId, memberId), or(isNull(exclusions.endsAt), gt(exclusions.endsAt, now()))),
      )
      .orderBy(sql`${exclusions.endsAt} desc nulls first`)
      .limit(1);
    return row ?? null;
  }

  // The same refusal as the route layer's standing check, for callers without a member call (vendors' bets).
  const breakError = (endsAt: Date | null) => refusalError(breakRefusal(endsAt?.toISOString() ?? null));

  /**
   * The play check as two columns of one select (`play_break`, `play_over`: see PlayVerdictRow), for a caller that
   * folds it into a statement it sends anyway: the break in force, and the loss limit that `stake` more would pass,
   * with what is left of it (bets − wins of the period's open and settled rounds, not below 0). A raise or removal
   * whose 24 h are over counts as done (`current` writes it down when the member's limits are next read).
   */
  function playVerdict(memberId: number, stake: SQL): SQL {
    const at = now();
    const since = (p: Period) => sql`${periodStart(p, at).toISOString()}::timestamptz`;
    const nowAt = sql`${at.toISOString()}::timestamptz`;
    return sql`
      (select json_build_object('kind', e.kind, 'endsAt', e.ends_at) from ${exclusions} e
        where e.member_id = ${memberId}::int and (e.ends_at is null or e.ends_at > ${nowAt})
        order by e.ends_at desc nulls first limit 1) as play_break,
      (select json_build_object('kind', l.kind, 'period', l.period, 'amount', l.amount::text, 'left', l.left_::text)
        from (
          select g.kind, g.period, eff.amount,
            greatest(eff.amount - greatest(coalesce(u.lost, 0), 0), 0) as left_
          from ${gamblingLimits} g
          cross join lateral (select case when g.pending_from <= ${nowAt} then g.pending_amount else g.amount end
            as amount) eff
          cross join lateral (select sum(r.bet - r.win) as lost from ${gameRounds} r
            where r.member_id = ${memberId}::int and r.status in ('OPEN', 'SETTLED')
              and r.created_at >= case g.period when 'D' then ${since('D')} when 'W' then ${since('W')}
                else ${since('M')} end) u
          where g.member_id = ${memberId}::int and g.kind = 'LOSS' and eff.amount is not null
        ) l
        where ${stake} > l.left_ or l.left_ = 0
        order by l.left_ limit 1) as play_over`;
  }

  /** The refusal a `playVerdict` row stands for, or undefined when play may go on. */
  function playRefusal(row: PlayVerdictRow): DomainError | undefined {
    if (row.play_break) return breakError(row.play_break.endsAt ? new Date(row.play_break.endsAt) : null);
    const o = row.play_over;
    if (!o) return undefined;
    const limit = { memberId: 0, kind: o.kind, period: o.period, amount: BigInt(o.amount) };
    return limitExceeded(
      403,
      { ...limit, pendingAmount: null, pendingFrom: null },
      BigInt(o.left),
      periodEnd(o.period, now()),
    );
  }

  return {
    /** The break in force, for the standing check (server/http/standing.ts). */
    async breakOf(memberId: number) {
      const b = await activeBreak(db, memberId);
      return b ? { kind: b.kind, until: b.endsAt?.toISOString() ?? null } : null;
    },

    async status(member: Member) {
      const limits = await current(db, member.id);
      const b = await activeBreak(db, member.id);
      return {
        limits: await Promise.all(
          limits.map(async (l) => ({
            kind: l.kind,
            period: l.period,
            amount: Number(l.amount),
            pendingAmount: l.pendingAmount === null ? null : Number(l.pendingAmount),
            pendingFrom: l.pendingFrom?.toISOString() ?? null,
            used: Number(await used(db, member.id, l.kind, l.period)),
          })),
        ),
        break: b ? { kind: b.kind, endsAt: b.endsAt?.toISOString() ?? null } : null,
      };
    },

    /** Lowering (or a first limit) applies at once; raising or removing waits 24 h. */
    async setLimit(member: Member, kind: Kind, period: Period, amount: number | null) {
      const existing = (await current(db, member.id)).find((l) => l.kind === kind && l.period === period);
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
      const ms = BREAK_LENGTH_MS[length];
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

    /**
     * Before a game opens (no stake: something must be left) or a bet is taken: no break, and the stake within every
     * loss limit (stake + open stakes + settled losses ≤ limit). A bet is checked in the transaction that takes it,
     * once the member's main wallet is locked, so two bets at once cannot both slip under the limit.
     */
    async checkPlay(memberId: number, stake = 0n, ex: Db = db): Promise<void> {
      const { rows } = (await ex.execute(
        sql`select ${playVerdict(memberId, sql`${stake.toString()}::bigint`)}`,
      )) as unknown as { rows: PlayVerdictRow[] };
      const refusal = playRefusal(rows[0]!);
      if (refusal) throw refusal;
    },

    playVerdict,
    playRefusal,

    /**
     * A deposit must keep every deposit limit. When it is requested (in the transaction that writes it, the member's
     * row locked): no break, and its amount with the period's credited and pending deposits. When it is credited
     * (`credit`): its amount with the period's credited deposits, so a deposit requested under a limit that was
     * lowered since, or in an earlier period, is not credited past it.
     */
    async checkDeposit(
      memberId: number,
      amount: bigint,
      opts: { tx?: Db; credit?: boolean } = {},
    ): Promise<void> {
      const ex = opts.tx ?? db;
      if (!opts.credit) {
        const b = await activeBreak(ex, memberId);
        if (b) throw breakError(b.endsAt);
      }
      const over = await passed(ex, memberId, 'DEPOSIT', amount, opts.credit);
      if (!over) return;
      const resetsAt = periodEnd(over.limit.period, now());
      if (opts.credit) throw creditRefused(over.limit, over.left, amount, resetsAt);
      throw limitExceeded(400, over.limit, over.left, resetsAt);
    },
  };
}
export type ResponsibleGambling = ReturnType<typeof createResponsibleGambling>;
