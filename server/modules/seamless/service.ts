import { and, eq, inArray } from 'drizzle-orm';
import type { GameType } from '../../../contract/games.ts';
import type { Db } from '../../db/client.ts';
import { ledgerTransactions, wallets } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { PlayGuard } from '../launch/service.ts';
import { createLedger, type Ledger } from '../wallet/ledger.ts';
import {
  addBet,
  findRound,
  forbidden,
  lockRound,
  openRound,
  type Player,
  removeBet,
  roundToSettle,
  settle,
  type Tx,
} from './rounds.ts';

export type { Player } from './rounds.ts';

/** The house account on the other side of every seamless bet and win. */
export const HOUSE_GAMES = 'HOUSE_GAMES';

/** What every movement answers, and a replay of its transaction id answers again. */
export type SeamlessReply = {
  txId: string;
  /** Null for the rollback of a bet never seen. */
  roundRef: string | null;
  /** Minor units moved (0 when nothing moved). */
  amount: number;
  /** The member's main wallet after the movement. */
  balance: number;
};

type Op = 'bet' | 'win' | 'rollback';
/** The stored first reply: the public reply plus whose it is and what it did. */
type Stored = SeamlessReply & { op: Op; memberId: number };

/** A vendor's transaction ids are its own: the ledger key carries the vendor code. */
const txKey = (vassalage: string, txId: string) => `seamless:${vassalage}:${txId}`;
/** Marks a bet id as rolled back, known or not, so a bet arriving late with it is refused. */
const voidKey = (vassalage: string, betTxId: string) => `seamless-void:${vassalage}:${betTxId}`;

const publicReply = ({ txId, roundRef, amount, balance }: Stored): SeamlessReply => ({
  txId,
  roundRef,
  amount,
  balance,
});

export const insufficientFunds = (balance: bigint) =>
  new DomainError(409, 'INSUFFICIENT_FUNDS', 'Insufficient balance', undefined, { balance: Number(balance) });

/**
 * The seamless wallet: a game (ours or a vendor's) moves a member's money round by round, each movement keyed by
 * the game's transaction id. Every call is one database transaction that first locks the member's main wallet and
 * the house wallet (in id order, like the ledger), so a member's movements run one at a time and a replay that
 * waited sees its twin's first reply.
 */
export function createSeamlessWallet(db: Db, guard?: PlayGuard) {
  async function stored(tx: Tx, p: Player, key: string): Promise<Stored | undefined> {
    const [row] = await tx
      .select({ reply: ledgerTransactions.reply })
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.merchantCode, p.merchantCode), eq(ledgerTransactions.idempotencyKey, key)),
      );
    return row?.reply as Stored | undefined;
  }

  /** The first reply of a transaction id, when it was seen: only its own member may replay it, as the same kind. */
  function replay(first: Stored, p: Player, op: Op): SeamlessReply {
    if (first.memberId !== p.memberId) throw forbidden('transaction');
    if (first.op !== op)
      throw new DomainError(
        409,
        'CONFLICT',
        `Transaction id "${first.txId}" was already used for a ${first.op}`,
      );
    return publicReply(first);
  }

  async function lockWallets(tx: Tx, ledger: Ledger, p: Player) {
    const member = await ledger.wallet(p.merchantCode, p.memberId, 'MAIN');
    const house = await ledger.wallet(p.merchantCode, null, HOUSE_GAMES);
    const rows = await tx
      .select({ id: wallets.id, balance: wallets.balance })
      .from(wallets)
      .where(inArray(wallets.id, [member, house]))
      .orderBy(wallets.id)
      .for('update');
    return { member, house, balance: rows.find((w) => w.id === member)!.balance };
  }

  /**
   * Runs one movement: answers a seen transaction id with its first reply, else locks the wallets, looks again
   * (a twin may have committed while this one waited) and calls `move` with a ledger bound to the transaction.
   */
  function movement(
    p: Player,
    txId: string,
    op: Op,
    move: (tx: Tx, ledger: Ledger, w: Awaited<ReturnType<typeof lockWallets>>) => Promise<SeamlessReply>,
  ): Promise<SeamlessReply> {
    const key = txKey(p.vassalage, txId);
    return db.transaction(async (tx) => {
      const seen = await stored(tx, p, key);
      if (seen) return replay(seen, p, op);
      // The ledger's own transactions become savepoints of this one.
      const ledger = createLedger(tx);
      const w = await lockWallets(tx, ledger, p);
      const again = await stored(tx, p, key);
      if (again) return replay(again, p, op);
      return move(tx, ledger, w);
    });
  }

  const post = async (
    ledger: Ledger,
    p: Player,
    op: Op,
    reply: SeamlessReply,
    legs: { walletId: number; amount: bigint }[],
  ) => {
    const first: Stored = { ...reply, op, memberId: p.memberId };
    const posted = await ledger.post(
      p.merchantCode,
      txKey(p.vassalage, reply.txId),
      `SEAMLESS_${op.toUpperCase()}`,
      legs,
      first,
    );
    // Past the wallet lock only another member's movement can hold the id (this one's would have been seen).
    if (posted.replayed) throw forbidden('transaction');
    return reply;
  };

  return {
    /** The member's main wallet: what a game may bet. */
    async balance(p: Player): Promise<{ balance: number }> {
      const ledger = createLedger(db);
      const id = await ledger.wallet(p.merchantCode, p.memberId, 'MAIN');
      return { balance: Number(await ledger.walletBalance(id)) };
    },

    /** Debits a bet and opens (or adds to) its round; refused when the id was rolled back or money is short. */
    async bet(
      p: Player,
      input: {
        txId: string;
        roundRef: string;
        amount: bigint;
        nodeId: string;
        gameType: GameType;
        /** What the round will show (an in-house game decides it before betting). */
        outcome?: Record<string, unknown>;
      },
    ): Promise<SeamlessReply> {
      if (input.amount <= 0n)
        throw new DomainError(400, 'VALIDATION', 'Invalid bet', { amount: 'Must be more than 0' });
      return movement(p, input.txId, 'bet', async (tx, ledger, w) => {
        if (await stored(tx, p, voidKey(p.vassalage, input.txId)))
          throw new DomainError(409, 'CONFLICT', 'This bet was already rolled back');
        // Breaks, and this stake within the loss limits, under the wallet lock: two bets at once cannot both fit.
        await guard?.checkPlay(p.memberId, input.amount, tx).catch((err: unknown) => {
          if (!(err instanceof DomainError)) throw err;
          const extra = { ...err.extra, balance: Number(w.balance) };
          throw new DomainError(err.statusCode, err.code, err.message, err.fields, extra);
        });
        if (w.balance < input.amount) throw insufficientFunds(w.balance);
        const round = await openRound(tx, p, input);
        await addBet(tx, round, input.amount);
        return post(
          ledger,
          p,
          'bet',
          {
            txId: input.txId,
            roundRef: input.roundRef,
            amount: Number(input.amount),
            balance: Number(w.balance - input.amount),
          },
          [
            { walletId: w.member, amount: -input.amount },
            { walletId: w.house, amount: input.amount },
          ],
        );
      });
    },

    /** Credits a win (0 too) and settles its round. */
    win(
      p: Player,
      input: { txId: string; roundRef: string; amount: bigint; outcome?: Record<string, unknown> },
    ): Promise<SeamlessReply> {
      if (input.amount < 0n)
        throw new DomainError(400, 'VALIDATION', 'Invalid win', { amount: 'Must not be negative' });
      return movement(p, input.txId, 'win', async (tx, ledger, w) => {
        const round = await roundToSettle(tx, p, input.roundRef);
        const reply = await post(
          ledger,
          p,
          'win',
          {
            txId: input.txId,
            roundRef: input.roundRef,
            amount: Number(input.amount),
            balance: Number(w.balance + input.amount),
          },
          input.amount > 0n
            ? [
                { walletId: w.house, amount: -input.amount },
                { walletId: w.member, amount: input.amount },
              ]
            : [],
        );
        await settle(tx, p, round, input.amount, input.outcome);
        return reply;
      });
    },

    /**
     * Reverses a bet by its transaction id. A bet never seen is recorded as rolled back (nothing moves), so the
     * bet is refused if it arrives later; a bet already reversed moves nothing again; a settled round is final.
     */
    rollback(p: Player, input: { txId: string; betTxId: string }): Promise<SeamlessReply> {
      return movement(p, input.txId, 'rollback', async (tx, ledger, w) => {
        const bet = await stored(tx, p, txKey(p.vassalage, input.betTxId));
        if (bet && bet.memberId !== p.memberId) throw forbidden('bet');
        if (bet && bet.op !== 'bet')
          throw new DomainError(409, 'CONFLICT', `Transaction "${input.betTxId.slice(0, 100)}" is not a bet`);
        const voided = await ledger.post(
          p.merchantCode,
          voidKey(p.vassalage, input.betTxId),
          'SEAMLESS_VOID',
          [],
          { memberId: p.memberId, txId: input.txId },
        );
        const nothing = {
          txId: input.txId,
          roundRef: bet?.roundRef ?? null,
          amount: 0,
          balance: Number(w.balance),
        };
        if (!bet || voided.replayed) return post(ledger, p, 'rollback', nothing, []);
        const round = await lockRound(tx, p, bet.roundRef!);
        if (round?.status === 'SETTLED')
          throw new DomainError(
            409,
            'CONFLICT',
            'The round is already settled: its bet cannot be rolled back',
          );
        const amount = BigInt(bet.amount);
        const reply = await post(
          ledger,
          p,
          'rollback',
          { ...nothing, amount: bet.amount, balance: Number(w.balance + amount) },
          [
            { walletId: w.house, amount: -amount },
            { walletId: w.member, amount },
          ],
        );
        if (round) await removeBet(tx, round, amount);
        return reply;
      });
    },

    /** A round of this member (another member's is refused). */
    round: (p: Player, roundRef: string) => findRound(db, p, roundRef),
  };
}
export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;
