import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AwaitingDraw, resultsFeedStatus } from '../../../contract/lotteryResults.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lotteryBets, lotteryDraws, lotteryResultEntries, lotteryResultFeed } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import {
  DEFAULT_RESULTS_DEADLINE_HOURS,
  type PublishedResult,
  ResultsFeedError,
  type ResultsSource,
} from '../../ports/lotteryResults.ts';
import type { AuditLog } from '../audit/log.ts';
import { PLATFORM_AUDIT } from '../backoffice/totp.ts';
import { lotteryByCode, OFFICIAL_CODES } from './catalogue.ts';
import type { DrawEngine, DrawRow } from './draws.ts';
import { formatNumbers, type PrizeSlot, STRUCTURES } from './prizes.ts';

const HOUR = 3_600_000;
const FEED = 'feed';

type Operator = { id: number; username: string };
type EntryRow = typeof lotteryResultEntries.$inferSelect;

const conflict = (message: string) => new DomainError(409, 'CONFLICT', message);

/** The prizes of a structure, as the ops page lays out its fields. */
const prizesOf = (slots: readonly PrizeSlot[]) =>
  slots.map(({ label, count, digits }) => ({ label, count, digits }));

/**
 * Numbers typed in prize order (DB first) checked against the structure: each field's problem by its index, or the
 * draw in the spec's format.
 */
export function typedNumbers(
  numbers: string[],
  slots: readonly PrizeSlot[],
): { numbers: string } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const wanted = slots.reduce((n, s) => n + s.count, 0);
  if (numbers.length !== wanted) fields.numbers = `Enter all ${wanted} numbers, in prize order`;
  let i = 0;
  const prizes = slots.map((slot) =>
    Array.from({ length: slot.count }, () => {
      const n = numbers[i] ?? '';
      if (i < numbers.length && !new RegExp(`^\\d{${slot.digits}}$`).test(n))
        fields[`numbers.${i}`] = `${slot.label} numbers have ${slot.digits} digits`;
      i += 1;
      return n;
    }),
  );
  return Object.keys(fields).length > 0 ? { fields } : { numbers: formatNumbers(prizes) };
}

/** A feed's result as a draw of the structure, or why it is not one. */
function publishedNumbers(r: PublishedResult, slots: readonly PrizeSlot[]): string {
  const extra = Object.keys(r.prizes).find((label) => !slots.some((s) => s.label === label));
  if (extra) throw new ResultsFeedError(`${r.game}: no prize ${extra} in this lottery`);
  const prizes = slots.map((slot) => {
    const got = r.prizes[slot.label] ?? [];
    if (got.length !== slot.count || !got.every((n) => n.length === slot.digits))
      throw new ResultsFeedError(
        `${r.game}: ${slot.label} needs ${slot.count} numbers of ${slot.digits} digits`,
      );
    return got;
  });
  return formatNumbers(prizes);
}

/** The prize labels whose numbers differ between two draws of one structure. */
function differing(a: string, b: string, slots: readonly PrizeSlot[]): string[] {
  const pa = a.split(',');
  const pb = b.split(',');
  return slots.filter((_, i) => pa[i] !== pb[i]).map((s) => s.label);
}

/** YYYYMMDD → YYYY-MM-DD (a daily draw's issue is its local date). */
const dateOfIssue = (issue: string) => `${issue.slice(0, 4)}-${issue.slice(4, 6)}-${issue.slice(6, 8)}`;

/**
 * Official results of the daily Vietnam lotteries: operator entry with maker-checker, the feed's results, and voiding
 * what has no confirmed results by the deadline. Every change of a draw locks its row first (FOR UPDATE) and acts
 * only while it is COMMITTED, so a confirmation, a feed result and the void job racing on one draw leave it settled
 * or voided exactly once; the bets are then settled or refunded by the engine, each once.
 */
export function createResultsService(
  db: Db,
  deps: { engine: DrawEngine; audit: AuditLog; source: ResultsSource },
) {
  const { engine, audit, source } = deps;
  const official = source.kind === 'official' ? source : undefined;
  const deadlineMs = official?.deadlineMs ?? DEFAULT_RESULTS_DEADLINE_HOURS * HOUR;

  const awaitingWhere = (now: Date) =>
    and(
      eq(lotteryDraws.status, 'COMMITTED'),
      lte(lotteryDraws.drawAt, now),
      inArray(lotteryDraws.gameCode, [...OFFICIAL_CODES]),
    );

  async function lockDraw(tx: Tx, drawId: number): Promise<DrawRow | undefined> {
    return (await tx.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId)).for('update'))[0];
  }

  const pendingOf = async (tx: Tx, drawId: number): Promise<EntryRow | undefined> =>
    (
      await tx
        .select()
        .from(lotteryResultEntries)
        .where(and(eq(lotteryResultEntries.drawId, drawId), eq(lotteryResultEntries.status, 'PENDING')))
        .for('update')
    )[0];

  /** COMMITTED → DRAWN with the confirmed numbers (the caller holds the draw's lock). */
  async function confirmIn(tx: Tx, draw: DrawRow, numbers: string, by: 'FEED' | 'OPERATOR', now: Date) {
    await tx
      .update(lotteryDraws)
      .set({ status: 'DRAWN', numbers, source: by, drawnAt: now })
      .where(and(eq(lotteryDraws.id, draw.id), eq(lotteryDraws.status, 'COMMITTED')));
    await tx
      .update(lotteryResultEntries)
      .set({ status: 'SUPERSEDED', decidedAt: now })
      .where(and(eq(lotteryResultEntries.drawId, draw.id), eq(lotteryResultEntries.status, 'PENDING')));
    await audit.append(tx, {
      merchantCode: PLATFORM_AUDIT,
      actor: by === 'FEED' ? 'system' : 'ops',
      action: 'LOTTERY_RESULTS_CONFIRMED',
      subject: { gameCode: draw.gameCode, issue: draw.issue, numbers, source: by },
    });
  }

  /** Settles a draw just confirmed (its bets once each; the lottery job would also pick it up). */
  async function settleConfirmed(drawId: number, now: Date): Promise<number> {
    const [draw] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId));
    return draw?.status === 'DRAWN' ? (await engine.settleDraw(draw, now)).bets : 0;
  }

  /**
   * One entry of a draw's results. The first waits PENDING; another operator's equal entry confirms it and settles
   * the draw, a different one marks it MISMATCH (naming the prizes) so both enter again. Refused: before the draw
   * time, on a draw already settled or voided, and the maker confirming their own entry.
   */
  async function enter(gameCode: string, issue: string, typed: string[], operator: Operator, now: Date) {
    const lottery = lotteryByCode.get(gameCode);
    if (lottery?.results !== 'OFFICIAL')
      throw new DomainError(404, 'NOT_FOUND', `No official lottery "${gameCode.slice(0, 40)}"`);
    const slots = STRUCTURES[lottery.structure];
    const checked = typedNumbers(typed, slots);
    if ('fields' in checked)
      throw new DomainError(400, 'VALIDATION', 'Some numbers are not valid', checked.fields);
    const { numbers } = checked;
    const outcome = await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ id: lotteryDraws.id })
        .from(lotteryDraws)
        .where(and(eq(lotteryDraws.gameCode, gameCode), eq(lotteryDraws.issue, issue)));
      const draw = found && (await lockDraw(tx, found.id));
      if (!draw) throw new DomainError(404, 'NOT_FOUND', `No draw ${issue} of ${gameCode}`);
      if (draw.drawAt.getTime() > now.getTime()) throw conflict('This draw has not taken place yet');
      if (draw.status !== 'COMMITTED')
        throw conflict(
          draw.status === 'VOID' ? 'This draw was voided' : 'Results of this draw are confirmed already',
        );
      const pending = await pendingOf(tx, draw.id);
      const subject = { gameCode, issue };
      if (!pending) {
        await tx.insert(lotteryResultEntries).values({
          drawId: draw.id,
          source: 'OPERATOR',
          operatorId: operator.id,
          enteredBy: operator.username,
          numbers,
          createdAt: now,
        });
        await audit.append(tx, {
          merchantCode: PLATFORM_AUDIT,
          actor: 'ops',
          action: 'LOTTERY_RESULTS_ENTERED',
          subject,
        });
        return { state: 'PENDING' as const, differs: [], drawId: draw.id };
      }
      if (pending.source === 'OPERATOR' && pending.operatorId === operator.id)
        throw new DomainError(
          403,
          'FORBIDDEN',
          'You entered these results: a different operator confirms them',
        );
      const differs = differing(pending.numbers, numbers, slots);
      await tx
        .update(lotteryResultEntries)
        .set({
          status: differs.length === 0 ? 'CONFIRMED' : 'MISMATCH',
          checkedBy: operator.username,
          differs,
          decidedAt: now,
        })
        .where(eq(lotteryResultEntries.id, pending.id));
      if (differs.length > 0) {
        await audit.append(tx, {
          merchantCode: PLATFORM_AUDIT,
          actor: 'ops',
          action: 'LOTTERY_RESULTS_MISMATCH',
          subject: { ...subject, differs, enteredBy: pending.enteredBy },
        });
        return { state: 'MISMATCH' as const, differs, drawId: draw.id };
      }
      await confirmIn(tx, draw, numbers, pending.source, now);
      return { state: 'CONFIRMED' as const, differs: [], drawId: draw.id };
    });
    const settled = outcome.state === 'CONFIRMED' ? await settleConfirmed(outcome.drawId, now) : 0;
    return { state: outcome.state, differs: outcome.differs, settled };
  }

  /**
   * A feed's result for a draw. Trusted, it confirms the draw; otherwise it confirms an operator's equal pending
   * entry, or waits as the first entry for an operator to check. A draw no longer COMMITTED (settled, voided)
   * ignores it: a late result changes nothing.
   */
  async function feedResult(drawId: number, numbers: string, now: Date): Promise<boolean> {
    const confirmed = await db.transaction(async (tx) => {
      const draw = await lockDraw(tx, drawId);
      if (draw?.status !== 'COMMITTED') return false;
      if (official?.trustFeed) {
        await confirmIn(tx, draw, numbers, 'FEED', now);
        return true;
      }
      const pending = await pendingOf(tx, drawId);
      if (pending?.source === 'OPERATOR' && pending.numbers === numbers) {
        await tx
          .update(lotteryResultEntries)
          .set({ status: 'CONFIRMED', checkedBy: FEED, differs: [], decidedAt: now })
          .where(eq(lotteryResultEntries.id, pending.id));
        await confirmIn(tx, draw, numbers, 'OPERATOR', now);
        return true;
      }
      if (!pending)
        await tx
          .insert(lotteryResultEntries)
          .values({ drawId, source: 'FEED', enteredBy: FEED, numbers, createdAt: now });
      return false;
    });
    if (confirmed) await settleConfirmed(drawId, now);
    return confirmed;
  }

  async function recordFeed(now: Date, error?: string) {
    const row = error ? { checkedAt: now, error, errorAt: now } : { checkedAt: now, okAt: now, error: null };
    await db
      .insert(lotteryResultFeed)
      .values({ name: FEED, ...row })
      .onConflictDoUpdate({ target: lotteryResultFeed.name, set: row });
  }

  /**
   * Asks the feed for the results of every awaiting draw (one request per local date) and applies them. A failed
   * or malformed answer applies nothing of that date and is recorded for the ops page.
   */
  async function pollFeed(now: Date): Promise<{ confirmed: number; errors: number }> {
    const feed = official?.feed;
    if (!feed) return { confirmed: 0, errors: 0 };
    const waiting = await db
      .select({ id: lotteryDraws.id, gameCode: lotteryDraws.gameCode, issue: lotteryDraws.issue })
      .from(lotteryDraws)
      .where(and(awaitingWhere(now), sql`${lotteryDraws.drawAt} > ${new Date(now.getTime() - deadlineMs)}`));
    const byDate = new Map<string, typeof waiting>();
    for (const d of waiting)
      byDate.set(dateOfIssue(d.issue), [...(byDate.get(dateOfIssue(d.issue)) ?? []), d]);
    let confirmed = 0;
    let errors = 0;
    for (const [date, draws] of byDate) {
      let found: { drawId: number; numbers: string }[];
      try {
        const published = new Map((await feed.resultsOf(date)).map((r) => [r.game, r]));
        found = draws.flatMap((d) => {
          const r = published.get(d.gameCode);
          const slots = STRUCTURES[lotteryByCode.get(d.gameCode)!.structure];
          return r ? [{ drawId: d.id, numbers: publishedNumbers(r, slots) }] : [];
        });
      } catch (err) {
        if (!(err instanceof ResultsFeedError)) throw err;
        errors += 1;
        await recordFeed(now, `${date}: ${err.message}`.slice(0, 500));
        continue;
      }
      await recordFeed(now);
      for (const f of found) if (await feedResult(f.drawId, f.numbers, now)) confirmed += 1;
    }
    return { confirmed, errors };
  }

  /**
   * Voids every official draw still without confirmed results `deadlineMs` after its draw time (each under its
   * row's lock, once), then refunds the open bets of voided draws. Only with official results: the development
   * source reveals its draws itself.
   */
  async function voidOverdue(now: Date): Promise<{ voided: number; refunded: number }> {
    if (!official) return { voided: 0, refunded: 0 };
    const overdue = await db
      .select({ id: lotteryDraws.id })
      .from(lotteryDraws)
      .where(and(awaitingWhere(now), lte(lotteryDraws.drawAt, new Date(now.getTime() - deadlineMs))));
    let voided = 0;
    for (const { id } of overdue) {
      const done = await db.transaction(async (tx) => {
        const draw = await lockDraw(tx, id);
        if (draw?.status !== 'COMMITTED') return false;
        await tx.update(lotteryDraws).set({ status: 'VOID', voidedAt: now }).where(eq(lotteryDraws.id, id));
        await tx
          .update(lotteryResultEntries)
          .set({ status: 'SUPERSEDED', decidedAt: now })
          .where(and(eq(lotteryResultEntries.drawId, id), eq(lotteryResultEntries.status, 'PENDING')));
        const [bets] = await tx
          .select({ n: count(), stake: sql<string>`coalesce(sum(${lotteryBets.stake}), 0)::text` })
          .from(lotteryBets)
          .where(and(eq(lotteryBets.drawId, id), eq(lotteryBets.status, 'OPEN')));
        await audit.append(tx, {
          merchantCode: PLATFORM_AUDIT,
          actor: 'system',
          action: 'LOTTERY_DRAW_VOIDED',
          subject: {
            gameCode: draw.gameCode,
            issue: draw.issue,
            deadlineHours: deadlineMs / HOUR,
            bets: bets?.n ?? 0,
            stake: bets?.stake ?? '0',
          },
        });
        return true;
      });
      if (done) voided += 1;
    }
    return { voided, refunded: await engine.refundVoided(now) };
  }

  /** The draws awaiting official results, oldest first, with what operators need to enter or check them. */
  async function awaiting(now: Date): Promise<AwaitingDraw[]> {
    const rows = await db
      .select()
      .from(lotteryDraws)
      .where(awaitingWhere(now))
      .orderBy(asc(lotteryDraws.drawAt), asc(lotteryDraws.gameCode))
      .limit(200);
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return [];
    const [entries, counts] = await Promise.all([
      db
        .select()
        .from(lotteryResultEntries)
        .where(inArray(lotteryResultEntries.drawId, ids))
        .orderBy(desc(lotteryResultEntries.id)),
      db
        .select({ drawId: lotteryBets.drawId, n: count() })
        .from(lotteryBets)
        .where(inArray(lotteryBets.drawId, ids))
        .groupBy(lotteryBets.drawId),
    ]);
    const betsOf = new Map(counts.map((c) => [c.drawId, c.n]));
    return rows.map((draw) => {
      const bets = betsOf.get(draw.id) ?? 0;
      const lottery = lotteryByCode.get(draw.gameCode)!;
      const mine = entries.filter((e) => e.drawId === draw.id);
      const pending = mine.find((e) => e.status === 'PENDING');
      const latest = mine[0];
      return {
        gameCode: draw.gameCode,
        name: lottery.name,
        issue: draw.issue,
        drawTime: draw.drawAt.toISOString(),
        voidAt: new Date(draw.drawAt.getTime() + deadlineMs).toISOString(),
        prizes: prizesOf(STRUCTURES[lottery.structure]),
        pending: pending
          ? {
              enteredBy: pending.enteredBy,
              enteredAt: pending.createdAt.toISOString(),
              source: pending.source,
            }
          : null,
        lastMismatch:
          latest?.status === 'MISMATCH'
            ? { differs: latest.differs ?? [], at: (latest.decidedAt ?? latest.createdAt).toISOString() }
            : null,
        bets: Number(bets),
      };
    });
  }

  async function status(): Promise<z.infer<typeof resultsFeedStatus>> {
    const feed = official?.feed;
    const [row] = feed
      ? await db.select().from(lotteryResultFeed).where(eq(lotteryResultFeed.name, FEED))
      : [];
    return {
      mode: source.kind,
      feed: feed
        ? {
            name: feed.name,
            trusted: official.trustFeed,
            checkedAt: row?.checkedAt?.toISOString() ?? null,
            okAt: row?.okAt?.toISOString() ?? null,
            error: row?.error ?? null,
            errorAt: row?.errorAt?.toISOString() ?? null,
          }
        : null,
      deadlineHours: deadlineMs / HOUR,
    };
  }

  return { enter, pollFeed, voidOverdue, awaiting, status, feedResult };
}
export type ResultsService = ReturnType<typeof createResultsService>;
