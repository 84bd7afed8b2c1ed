import { and, eq, inArray } from 'drizzle-orm';
import type { GameType } from '../../../contract/games.ts';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerTransactions, wallets } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { type Field, requestHash } from '../../lib/idempotency.ts';
import type { AuditLog } from '../audit/log.ts';
import type { PlayGuard } from '../launch/service.ts';
import { createLedger, type Ledger, type PostHook } from '../wallet/ledger.ts';
import {
  addBet,
  addWin,
  findRound,
  forbidden,
  lockRound,
  openRound,
  type Player,
  removeBet,
  roundToSettle,
  settle,
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
/** A seen transaction id: its first reply and the fingerprint of the request that made it. */
type Seen = { first: Stored; requestHash: string | null };

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

/** A transaction id reused for another movement (another amount, member, round or kind). */
const duplicate = (txId: string) =>
  new DomainError(
    409,
    'DUPLICATE_TRANSACTION',
    `Transaction id "${txId.slice(0, 100)}" was already used for another movement`,
  );

export interface SeamlessDeps {
  /** What play must pass besides the game's own rules (responsible gambling: breaks, loss limits). */
  guard?: PlayGuard;
  /** Where each movement is recorded, in its money transaction. */
  audit?: AuditLog;
  /**
   * Whom and what a movement's audit row names: by default the vendor that called (`vendor:<code>`,
   * SEAMLESS_<OP>); the in-house games, the member's own play, name the member (`inhouseAudit`).
   */
  auditAs?: (p: Player, op: Op) => { actor: string; action: string };
}

/**
 * The seamless wallet: a game (ours or a vendor's) moves a member's money round by round, each movement keyed by
 * the game's transaction id. Every call is one database transaction that first locks the member's main wallet and
 * the house wallet (in id order, like the ledger), so a member's movements run one at a time and a replay that
 * waited sees its twin's first reply. A replay must be the same request (its fingerprint is stored with the key):
 * the same id with another body is a duplicate transaction, refused.
 */
export function createSeamlessWallet(db: Db, deps: SeamlessDeps = {}) {
  const { guard, audit } = deps;
  const auditAs =
    deps.auditAs ??
    ((p: Player, op: Op) => ({ actor: `vendor:${p.vassalage}`, action: `SEAMLESS_${op.toUpperCase()}` }));

  async function stored(tx: Tx, p: Player, key: string): Promise<Seen | undefined> {
    const [row] = await tx
      .select({ reply: ledgerTransactions.reply, requestHash: ledgerTransactions.requestHash })
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.merchantCode, p.merchantCode), eq(ledgerTransactions.idempotencyKey, key)),
      );
    return row && { first: row.reply as Stored, requestHash: row.requestHash };
  }

  /** The first reply of a transaction id, when it was seen: only the same request (member, kind, body) replays. */
  function replay({ first, requestHash }: Seen, p: Player, op: Op, request: string): SeamlessReply {
    if (first.memberId !== p.memberId || first.op !== op || (requestHash && requestHash !== request))
      throw duplicate(first.txId);
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

  /** What makes a movement this one: a replay must hash the same. */
  const fingerprint = (p: Player, op: Op, fields: Record<string, Field>) =>
    requestHash({ ...fields, op, memberId: p.memberId });

  /**
   * Runs one movement: answers a seen transaction id with its first reply, else locks the wallets, looks again
   * (a twin may have committed while this one waited) and calls `move` with a ledger bound to the transaction.
   * A fresh movement's audit row is linked into the chain once the movement committed.
   */
  async function movement(
    p: Player,
    txId: string,
    op: Op,
    request: string,
    move: (tx: Tx, ledger: Ledger, w: Awaited<ReturnType<typeof lockWallets>>) => Promise<SeamlessReply>,
  ): Promise<SeamlessReply> {
    const key = txKey(p.vassalage, txId);
    let moved = false;
    const reply = await db.transaction(async (tx) => {
      const seen = await stored(tx, p, key);
      if (seen) return replay(seen, p, op, request);
      // The ledger's own transactions become savepoints of this one.
      const ledger = createLedger(tx);
      const w = await lockWallets(tx, ledger, p);
      const again = await stored(tx, p, key);
      if (again) return replay(again, p, op, request);
      moved = true;
      return move(tx, ledger, w);
    });
    if (moved && audit) await audit.link();
    return reply;
  }

  const post = async (
    ledger: Ledger,
    p: Player,
    op: Op,
    request: string,
    reply: SeamlessReply,
    legs: { walletId: number; amount: bigint }[],
    recorded: Record<string, unknown> = {},
  ) => {
    const first: Stored = { ...reply, op, memberId: p.memberId };
    // Staged, not appended: the chain's lock would be held until the movement commits, and every member's
    // movements would queue behind it; `movement` links after the commit.
    const record: PostHook | undefined =
      audit &&
      ((tx, transactionId) =>
        audit.stage(tx, {
          merchantCode: p.merchantCode,
          ...auditAs(p, op),
          subject: {
            memberId: p.memberId,
            txId: reply.txId,
            roundId: reply.roundRef,
            amount: reply.amount,
            balance: reply.balance,
            transactionId,
            ...recorded,
          },
        }));
    const posted = await ledger
      .post(
        p.merchantCode,
        txKey(p.vassalage, reply.txId),
        `SEAMLESS_${op.toUpperCase()}`,
        legs,
        first,
        record,
        request,
      )
      .catch((err: unknown) => {
        throw err instanceof DomainError && err.code === 'IDEMPOTENCY_CONFLICT' ? duplicate(reply.txId) : err;
      });
    // Past the wallet lock only another member's movement can hold the id (this one's would have been seen).
    if (posted.replayed) throw duplicate(reply.txId);
    return reply;
  };

  /** The member's main wallet: what a game may bet. */
  async function balanceOf(p: Player): Promise<{ balance: number }> {
    const ledger = createLedger(db);
    const id = await ledger.wallet(p.merchantCode, p.memberId, 'MAIN');
    return { balance: Number(await ledger.walletBalance(id)) };
  }

  /** A refusal of play answers with the member's real balance, so the game shows what is there. */
  async function withBalance(check: () => Promise<void>, balance: () => Promise<number>) {
    try {
      await check();
    } catch (err) {
      if (!(err instanceof DomainError) || err.extra.balance !== undefined) throw err;
      const extra = { ...err.extra, balance: await balance() };
      throw new DomainError(err.statusCode, err.code, err.message, err.fields, extra);
    }
  }

  return {
    balance: balanceOf,

    /**
     * Debits a bet and opens (or adds to) its round; refused when the id was rolled back, money is short, or the
     * member may not play (`mayPlay`, then the guard's breaks and loss limits), each refusal with the balance.
     */
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
        /** The caller's own standing rule (a vendor's bet: maintenance, locked account, password change). */
        mayPlay?: () => Promise<void>;
        /** The caller's own request fields a replay must match too (a dice roll's target and direction). */
        request?: Record<string, Field>;
        /** The caller's own rule checked under the wallet lock, so two bets at once see each other (one open round). */
        underLock?: (tx: Tx) => Promise<void>;
      },
    ): Promise<SeamlessReply> {
      if (input.amount <= 0n)
        throw new DomainError(400, 'VALIDATION', 'Invalid bet', { amount: 'Must be more than 0' });
      const request = fingerprint(p, 'bet', {
        roundRef: input.roundRef,
        amount: input.amount,
        nodeId: input.nodeId,
        request: input.request && requestHash(input.request),
      });
      // A new bet must pass the member's standing; a replay answers as it did. Checked before the transaction:
      // PGlite has one connection, which the transaction holds.
      if (input.mayPlay && !(await stored(db as unknown as Tx, p, txKey(p.vassalage, input.txId))))
        await withBalance(input.mayPlay, async () => (await balanceOf(p)).balance);
      return movement(p, input.txId, 'bet', request, async (tx, ledger, w) => {
        if (await stored(tx, p, voidKey(p.vassalage, input.txId)))
          throw new DomainError(409, 'CONFLICT', 'This bet was already rolled back');
        await input.underLock?.(tx);
        // Breaks, and this stake within the loss limits, under the wallet lock: two bets at once cannot both fit.
        if (guard)
          await withBalance(
            () => guard.checkPlay(p.memberId, input.amount, tx),
            async () => Number(w.balance),
          );
        if (w.balance < input.amount) throw insufficientFunds(w.balance);
        const round = await openRound(tx, p, input);
        await addBet(tx, round, input.amount);
        return post(
          ledger,
          p,
          'bet',
          request,
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
          { nodeId: input.nodeId },
        );
      });
    },

    /**
     * Credits a win (0 too) to an open round and, unless `close` is false, settles it; a round left open takes
     * more wins (free spins) until one closes it.
     */
    win(
      p: Player,
      input: {
        txId: string;
        roundRef: string;
        amount: bigint;
        close?: boolean;
        outcome?: Record<string, unknown>;
      },
    ): Promise<SeamlessReply> {
      if (input.amount < 0n)
        throw new DomainError(400, 'VALIDATION', 'Invalid win', { amount: 'Must not be negative' });
      const close = input.close ?? true;
      const request = fingerprint(p, 'win', { roundRef: input.roundRef, amount: input.amount, close });
      return movement(p, input.txId, 'win', request, async (tx, ledger, w) => {
        const round = await roundToSettle(tx, p, input.roundRef);
        const reply = await post(
          ledger,
          p,
          'win',
          request,
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
          { roundClosed: close },
        );
        if (close) await settle(tx, p, round, input.amount, input.outcome);
        else await addWin(tx, round, input.amount);
        return reply;
      });
    },

    /**
     * Reverses a bet by its transaction id. A bet never seen is recorded as rolled back (nothing moves), so the
     * bet is refused if it arrives later; a bet already reversed moves nothing again; a settled round is final.
     */
    rollback(p: Player, input: { txId: string; betTxId: string }): Promise<SeamlessReply> {
      const request = fingerprint(p, 'rollback', { betTxId: input.betTxId });
      return movement(p, input.txId, 'rollback', request, async (tx, ledger, w) => {
        const bet = (await stored(tx, p, txKey(p.vassalage, input.betTxId)))?.first;
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
        const recorded = { betTxId: input.betTxId };
        if (!bet || voided.replayed) return post(ledger, p, 'rollback', request, nothing, [], recorded);
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
          request,
          { ...nothing, amount: bet.amount, balance: Number(w.balance + amount) },
          [
            { walletId: w.house, amount: -amount },
            { walletId: w.member, amount },
          ],
          recorded,
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
