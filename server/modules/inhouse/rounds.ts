import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameRounds } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { lockRound, type Player } from '../seamless/rounds.ts';

/**
 * The state of a ladder round (Hi-Lo, Mines) lives on its game round's outcome, written by the server only: the
 * page sends choices, never results. Each step locks the round, so two steps sent at once apply one after the other.
 */

const notFound = () => new DomainError(404, 'NOT_FOUND', 'No such round');
export const roundOver = () => new DomainError(409, 'CONFLICT', 'This round is over');

/** Applies a step to a round's state under its lock; a step that returns the same state writes nothing. */
export async function advanceRound<S extends object>(
  db: Db,
  p: Player,
  roundRef: string,
  nodeId: string,
  step: (state: S) => S,
): Promise<S> {
  return db.transaction(async (tx) => {
    const round = await lockRound(tx, p, roundRef);
    if (!round || round.nodeId !== nodeId) throw notFound();
    if (round.status === 'ROLLED_BACK')
      throw new DomainError(409, 'CONFLICT', 'This round was cancelled and its bet returned');
    const state = round.outcome as S;
    let next: S;
    try {
      next = step(state);
    } catch (err) {
      throw err instanceof RangeError ? roundOver() : err;
    }
    if (next !== state)
      await tx
        .update(gameRounds)
        .set({ outcome: next as Record<string, unknown> })
        .where(eq(gameRounds.id, round.id));
    return next;
  });
}

/** The member's latest round of a game that has not been settled (a ladder left mid-way), if any; `db` may be a transaction. */
export async function openRoundOf(db: Db | Tx, p: Player, nodeId: string) {
  const [round] = await db
    .select()
    .from(gameRounds)
    .where(
      and(
        eq(gameRounds.merchantCode, p.merchantCode),
        eq(gameRounds.vassalage, p.vassalage),
        eq(gameRounds.memberId, p.memberId),
        eq(gameRounds.nodeId, nodeId),
        eq(gameRounds.status, 'OPEN'),
      ),
    )
    .orderBy(desc(gameRounds.createdAt))
    .limit(1);
  return round;
}
