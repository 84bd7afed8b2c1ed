import { and, eq, sql } from 'drizzle-orm';
import type { GameType } from '../../../contract/games.ts';
import type { Db, Tx } from '../../db/client.ts';
import { gameRounds, members, winners } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';

export type Round = typeof gameRounds.$inferSelect;

/** Who plays: a member of a merchant, at a vendor (whose transaction and round ids are its own namespace). */
export interface Player {
  merchantCode: string;
  memberId: number;
  vassalage: string;
  /** A trial account's play money: its wins stay off the winner board. */
  trial?: boolean;
}

/** A settled win this big (≥ 20 × the bet, or ≥ 500.00) goes on the winner board. */
export const BIG_WIN_MULTIPLE = 20n;
export const BIG_WIN_AMOUNT = 50_000n;

export const isBigWin = (bet: bigint, win: bigint) =>
  win > 0n && (win >= BIG_WIN_AMOUNT || (bet > 0n && win >= bet * BIG_WIN_MULTIPLE));

/** The board shows names masked like the generated history ("pla***01"). */
export const maskName = (account: string) => `${account.slice(0, 2)}***${account.slice(-2)}`;

export const forbidden = (what: string) =>
  new DomainError(403, 'FORBIDDEN', `This ${what} belongs to another player`);
const closed = (round: Round) =>
  new DomainError(
    409,
    'CONFLICT',
    round.status === 'SETTLED' ? 'The round is already settled' : 'The round was rolled back',
  );

const byRef = (p: Player, roundRef: string) =>
  and(
    eq(gameRounds.merchantCode, p.merchantCode),
    eq(gameRounds.vassalage, p.vassalage),
    eq(gameRounds.roundRef, roundRef),
  );

/** The round of a ref, locked for the rest of the transaction; another member's round is refused. */
export async function lockRound(tx: Tx, p: Player, roundRef: string): Promise<Round | undefined> {
  const [round] = await tx.select().from(gameRounds).where(byRef(p, roundRef)).for('update');
  if (round && round.memberId !== p.memberId) throw forbidden('round');
  return round;
}

/** Opens the round a bet belongs to, or finds it still open (a round may take several bets). */
export async function openRound(
  tx: Tx,
  p: Player,
  ref: { roundRef: string; nodeId: string; gameType: GameType; outcome?: Record<string, unknown> },
): Promise<Round> {
  await tx
    .insert(gameRounds)
    .values({
      merchantCode: p.merchantCode,
      memberId: p.memberId,
      vassalage: p.vassalage,
      nodeId: ref.nodeId,
      gameType: ref.gameType,
      roundRef: ref.roundRef,
      outcome: ref.outcome ?? {},
    })
    .onConflictDoNothing();
  const round = (await lockRound(tx, p, ref.roundRef))!;
  if (round.status !== 'OPEN') throw closed(round);
  return round;
}

/** A round taking a win: it must be this member's and still open. */
export async function roundToSettle(tx: Tx, p: Player, roundRef: string): Promise<Round> {
  const round = await lockRound(tx, p, roundRef);
  if (!round) throw new DomainError(404, 'NOT_FOUND', `Unknown round "${roundRef.slice(0, 100)}"`);
  if (round.status !== 'OPEN') throw closed(round);
  return round;
}

export async function addBet(tx: Tx, round: Round, amount: bigint) {
  await tx
    .update(gameRounds)
    .set({ bet: sql`${gameRounds.bet} + ${amount}` })
    .where(eq(gameRounds.id, round.id));
}

/** A win that leaves its round open (free spins): the round's win grows, the vendor closes it later. */
export async function addWin(tx: Tx, round: Round, amount: bigint) {
  await tx
    .update(gameRounds)
    .set({ win: sql`${gameRounds.win} + ${amount}` })
    .where(eq(gameRounds.id, round.id));
}

/** Settles a round with its win; a big win (not play money) goes on the winner board. */
export async function settle(
  tx: Tx,
  p: Player,
  round: Round,
  amount: bigint,
  outcome?: Record<string, unknown>,
) {
  const win = round.win + amount;
  await tx
    .update(gameRounds)
    .set({
      win,
      status: 'SETTLED',
      settledAt: new Date(),
      ...(outcome ? { outcome: { ...round.outcome, ...outcome } } : {}),
    })
    .where(eq(gameRounds.id, round.id));
  if (p.trial || !isBigWin(round.bet, win)) return;
  const [member] = await tx
    .select({ account: members.account })
    .from(members)
    .where(eq(members.id, p.memberId));
  await tx.insert(winners).values({
    merchantCode: p.merchantCode,
    memberId: p.memberId,
    customerName: maskName(member?.account ?? '??'),
    nodeId: round.nodeId,
    winAmount: Number(win),
  });
}

/**
 * Takes a rolled-back bet off its round; a round left without bets or wins is ROLLED_BACK. One that already paid a
 * win (free spins of an open round) stays open for the vendor to close.
 */
export async function removeBet(tx: Tx, round: Round, amount: bigint) {
  const left = round.bet - amount;
  await tx
    .update(gameRounds)
    .set(
      left > 0n || round.win > 0n
        ? { bet: left }
        : {
            bet: 0n,
            status: 'ROLLED_BACK',
            settledAt: new Date(),
            outcome: { ...round.outcome, rolledBack: Number(amount) },
          },
    )
    .where(eq(gameRounds.id, round.id));
}

/** Reads a round (no lock). */
export async function findRound(db: Db, p: Player, roundRef: string): Promise<Round | undefined> {
  const [round] = await db.select().from(gameRounds).where(byRef(p, roundRef));
  if (round && round.memberId !== p.memberId) throw forbidden('round');
  return round;
}
