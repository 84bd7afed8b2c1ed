import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, wallets } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Extra statements of a fresh movement, run in its database transaction after the balances moved (the audit
 * record of a money action); a replay does not run it. A throw rolls the whole movement back.
 */
export type PostHook = (tx: Tx, transactionId: number) => Promise<void>;

/** The member wallet that holds a requested withdrawal until it is paid out or released. */
export const HELD_KIND = 'WITHDRAWAL_HOLD';

/** One side of a movement: a wallet and a signed amount in minor units. */
export interface Leg {
  walletId: number;
  amount: bigint;
}

export interface Posted {
  transactionId: number;
  /** True when the idempotency key was seen before: nothing moved, `reply` is the first one. */
  replayed: boolean;
  reply: Record<string, unknown>;
}

/**
 * The double-entry ledger: every movement is one transaction whose entries sum to zero, written with the balance
 * updates in one database transaction, keyed by an idempotency key. Member wallets never go below zero; house
 * wallets (the merchant's side) may.
 */
export function createLedger(db: Db) {
  async function walletId(
    tx: Db | Tx,
    merchantCode: string,
    memberId: number | null,
    kind: string,
  ): Promise<number> {
    const owner = memberId === null ? isNull(wallets.memberId) : eq(wallets.memberId, memberId);
    const find = async () =>
      (
        await tx
          .select({ id: wallets.id })
          .from(wallets)
          .where(and(eq(wallets.merchantCode, merchantCode), owner, eq(wallets.kind, kind)))
      )[0]?.id;
    const found = await find();
    if (found !== undefined) return found;
    await tx.insert(wallets).values({ merchantCode, memberId, kind }).onConflictDoNothing();
    return (await find())!;
  }

  return {
    /** The wallet of a member (MAIN or a vendor code) or of the house, created on first use. */
    wallet: (merchantCode: string, memberId: number | null, kind: string) =>
      // One read when it exists (the common case); a racing first use is settled by the unique index.
      walletId(db, merchantCode, memberId, kind),

    async post(
      merchantCode: string,
      idempotencyKey: string,
      kind: string,
      legs: Leg[],
      reply: Record<string, unknown> = {},
      inTx?: PostHook,
    ): Promise<Posted> {
      if (legs.reduce((sum, l) => sum + l.amount, 0n) !== 0n)
        throw new Error(`unbalanced ${kind}: legs must sum to 0`);
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(ledgerTransactions)
          .values({ merchantCode, idempotencyKey, kind, reply })
          .onConflictDoNothing()
          .returning({ id: ledgerTransactions.id });
        if (!created) {
          const [first] = await tx
            .select()
            .from(ledgerTransactions)
            .where(
              and(
                eq(ledgerTransactions.merchantCode, merchantCode),
                eq(ledgerTransactions.idempotencyKey, idempotencyKey),
              ),
            );
          return { transactionId: first!.id, replayed: true, reply: first!.reply };
        }
        // Lock in id order, so two movements over the same wallets never wait on each other crosswise.
        const ids = [...new Set(legs.map((l) => l.walletId))].sort((a, b) => a - b);
        const locked = await tx
          .select()
          .from(wallets)
          .where(inArray(wallets.id, ids))
          .orderBy(wallets.id)
          .for('update');
        const balances = new Map(locked.map((w) => [w.id, w]));
        for (const leg of legs) {
          const w = balances.get(leg.walletId);
          if (!w || w.merchantCode !== merchantCode)
            throw new Error(`wallet ${leg.walletId} is not ${merchantCode}'s`);
          const after = w.balance + leg.amount;
          if (w.memberId !== null && after < 0n)
            throw new DomainError(409, 'INSUFFICIENT_FUNDS', 'Insufficient balance');
          balances.set(w.id, { ...w, balance: after });
          await tx
            .update(wallets)
            .set({ balance: sql`${wallets.balance} + ${leg.amount}` })
            .where(eq(wallets.id, w.id));
          await tx
            .insert(ledgerEntries)
            .values({ transactionId: created.id, walletId: w.id, amount: leg.amount, balanceAfter: after });
        }
        if (inTx) await inTx(tx, created.id);
        return { transactionId: created.id, replayed: false, reply };
      });
    },

    /** One wallet's balance, in minor units. */
    async walletBalance(walletId: number): Promise<bigint> {
      const [row] = await db
        .select({ balance: wallets.balance })
        .from(wallets)
        .where(eq(wallets.id, walletId));
      return row?.balance ?? 0n;
    },

    /** What the member can spend: the main and vendor wallets, not money held for a withdrawal (minor units). */
    async memberBalance(merchantCode: string, memberId: number): Promise<bigint> {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${wallets.balance}), 0)` })
        .from(wallets)
        .where(
          and(
            eq(wallets.merchantCode, merchantCode),
            eq(wallets.memberId, memberId),
            ne(wallets.kind, HELD_KIND),
          ),
        );
      return BigInt(row?.sum ?? 0);
    },
  };
}
export type Ledger = ReturnType<typeof createLedger>;
